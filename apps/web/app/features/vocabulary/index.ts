export { MyWordsPage } from './my-words-page';
export { ReviewPage } from './review-page';
export { TopicListPage, TopicPage, type TopicSummary, type TopicView } from './topic-pages';
