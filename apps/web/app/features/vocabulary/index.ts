// The admin screens are imported from './admin-pages' by their routes, so public pages never reach them.
export { MyWordsPage } from './my-words-page';
export { ResultWords } from './result-words';
export { ReviewPage } from './review-page';
export { TopicListPage, TopicPage, type TopicSummary, type TopicView } from './topic-pages';
