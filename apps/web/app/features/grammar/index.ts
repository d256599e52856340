export { ComparisonPage, GrammarIndexPage, TensePage, TopicPage } from './grammar-pages';
