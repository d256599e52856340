export { GroupGeneratePage, GroupResultPage } from './group-pages';
export { JobCreatePage, JobDetailPage, JobListPage } from './job-pages';
export { ReviewEditPage, ReviewListPage } from './review-pages';
export { SingleGeneratePage, SingleResultPage } from './single-pages';
