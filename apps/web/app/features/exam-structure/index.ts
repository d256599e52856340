export {
  type ExamOption,
  useExamOptions,
  useLevelOptions,
  useQuestionTypeOptions,
} from './api';
export {
  CategoryCreatePage,
  CategoryDetailPage,
  CategoryEditPage,
  CategoryListPage,
  SkillBadge,
} from './category-pages';
export { ExamFilter } from './exam-filter';
export { ExamCreatePage, ExamDetailPage, ExamEditPage, FormatCreatePage, FormatEditPage } from './exam-pages';
export {
  LEVELS,
  POINT_CONFIGS,
  QUESTION_TYPES,
  SettingCreatePage,
  SettingEditPage,
  SettingsListPage,
} from './settings-pages';
