import { POINT_CONFIGS, SettingEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/point-config-edit';

export default function PointConfigEditRoute({ params }: Route.ComponentProps) {
  return <SettingEditPage kind={POINT_CONFIGS} key={`${params.id}`} id={params.id} />;
}
