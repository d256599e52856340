export { JobCreatePage, JobDetailPage, JobListPage } from './job-pages';
export { ReviewEditPage, ReviewListPage } from './review-pages';
