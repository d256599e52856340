import { PointConfigCreatePage } from '../../../features/exam-structure';

export default function PointConfigCreateRoute() {
  return <PointConfigCreatePage />;
}
