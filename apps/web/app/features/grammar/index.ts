export { ComparisonPage, GrammarIndexPage, TensePage } from './grammar-pages';
