import { POINT_CONFIGS, SettingCreatePage } from '../../../features/exam-structure';

export default function PointConfigCreateRoute() {
  return <SettingCreatePage kind={POINT_CONFIGS} />;
}
