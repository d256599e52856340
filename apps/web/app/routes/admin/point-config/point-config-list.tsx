import { PointConfigListPage } from '../../../features/exam-structure';

export default function PointConfigListRoute() {
  return <PointConfigListPage />;
}
