export { ComparisonPage, GrammarIndexPage, TensePage } from './grammar-pages';
export { TENSES } from './tenses';
