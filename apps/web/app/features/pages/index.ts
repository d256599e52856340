export { uploadImage } from './admin-api';
export { AdminPageCreatePage, AdminPageEditPage, AdminPageListPage } from './admin-pages';
export {
  BlankLayout,
  BlankPageView,
  ContentPageView,
  hasEnglishVersion,
  LanguageNote,
  pageVersion,
} from './content-page';
export { formatDate } from './format-date';
export { Prose } from './prose';
export { RichTextEditor } from './rich-text-editor';
export { buildSeo, type Seo, seoMeta, siteOrigin } from './seo';
