export { StudentResultPage, TestAttemptStats } from './admin';
export {
  CATALOGUE_PAGE_SIZE,
  CataloguePage,
  type CatalogueQuery,
  catalogueApiParams,
  catalogueApiQuery,
  readCatalogueQuery,
} from './catalogue-page';
export { formatClock, formatScore, testPath } from './format';
export { TestHistoryPage, TestProgressPage } from './history-pages';
export { NotebookScope } from './notebook-actions';
export { NotebookPage } from './notebook-page';
export { EssayMarkingSlot, ResultView } from './result-view';
export { TestCard } from './test-card';
export { TestDetailPage } from './test-detail-page';
