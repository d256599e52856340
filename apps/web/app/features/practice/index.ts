export { AdminResultPage, TestAttemptStats } from './admin';
export {
  CATALOGUE_PAGE_SIZE,
  CataloguePage,
  type CatalogueQuery,
  catalogueApiQuery,
  readCatalogueQuery,
} from './catalogue-page';
export { formatScore, testPath } from './format';
export { TestHistoryPage, TestProgressPage } from './history-pages';
export { ResultView } from './result-view';
export { TestCard } from './test-card';
export { TestDetailPage } from './test-detail-page';
