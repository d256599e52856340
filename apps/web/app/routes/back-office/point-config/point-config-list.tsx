import { POINT_CONFIGS, SettingsListPage } from '../../../features/exam-structure';

export default function PointConfigListRoute() {
  return <SettingsListPage kind={POINT_CONFIGS} />;
}
