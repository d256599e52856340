export {
  type ExamOption,
  toQuery,
  useExamOptions,
  useInvalidating,
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
export { ExamCreatePage, ExamDetailPage, ExamEditPage, FormatCreatePage, FormatEditPage } from './exam-pages';
export {
  LevelCreatePage,
  LevelEditPage,
  LevelListPage,
  PointConfigCreatePage,
  PointConfigEditPage,
  PointConfigListPage,
  QuestionTypeCreatePage,
  QuestionTypeEditPage,
  QuestionTypeListPage,
} from './settings-pages';
export {
  ConfirmDeleteButton,
  EmptyState,
  FormErrorAlert,
  ListFooter,
  QueryState,
  SearchField,
  ServerErrorAlert,
  useListParams,
} from './ui';
