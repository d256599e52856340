import { LevelListPage } from '../../../features/exam-structure';

export default function LevelListRoute() {
  return <LevelListPage />;
}
