export { PackCreatePage, PackEditPage, PackListPage } from './pack-pages';
export { TestDetailPage } from './test-content-page';
export { TestCreatePage, TestEditPage, TestListPage } from './test-pages';
export { TestResultPage } from './test-result-page';
