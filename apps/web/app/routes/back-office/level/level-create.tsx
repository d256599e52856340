import { LEVELS, SettingCreatePage } from '../../../features/exam-structure';

export default function LevelCreateRoute() {
  return <SettingCreatePage kind={LEVELS} />;
}
