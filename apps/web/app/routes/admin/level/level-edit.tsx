import { LevelEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/level-edit';

export default function LevelEditRoute({ params }: Route.ComponentProps) {
  return <LevelEditPage key={`${params.id}`} id={params.id} />;
}
