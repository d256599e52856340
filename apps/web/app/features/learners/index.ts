export {
  LearnerDetailPage,
  LearnerEditPage,
  LearnerListPage,
  LearnerTestAttemptsPage,
} from './learner-pages';
