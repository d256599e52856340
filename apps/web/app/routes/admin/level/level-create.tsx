import { LevelCreatePage } from '../../../features/exam-structure';

export default function LevelCreateRoute() {
  return <LevelCreatePage />;
}
