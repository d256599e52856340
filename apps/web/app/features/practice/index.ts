export {
  CATALOGUE_PAGE_SIZE,
  CataloguePage,
  type CatalogueQuery,
  catalogueApiParams,
  catalogueApiQuery,
  readCatalogueQuery,
} from './catalogue/catalogue-page';
export { TestDetailPage } from './catalogue/public-test-page';
export { TestCard } from './catalogue/test-card';
export { formatClock, formatScore, testPath } from './format';
export { TestHistoryPage, TestProgressPage } from './history/history-pages';
export { NotebookScope } from './notebook/notebook-actions';
export { NotebookPage } from './notebook/notebook-page';
export { StudentResultPage, TestAttemptStats } from './results/back-office-results';
export { DraftFeedback, EssayWithIssues } from './results/draft-feedback';
export { EssayMarkingSlot, ResultView } from './results/result-view';
