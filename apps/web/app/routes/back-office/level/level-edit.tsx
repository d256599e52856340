import { LEVELS, SettingEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/level-edit';

export default function LevelEditRoute({ params }: Route.ComponentProps) {
  return <SettingEditPage kind={LEVELS} key={`${params.id}`} id={params.id} />;
}
