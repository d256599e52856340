import { LEVELS, SettingsListPage } from '../../../features/exam-structure';

export default function LevelListRoute() {
  return <SettingsListPage kind={LEVELS} />;
}
