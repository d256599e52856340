export {
  DIRECTORY_PAGE_SIZE,
  DirectoryPage,
  type DirectoryQuery,
  directoryApiQuery,
  OrganizationPublicPage,
  readDirectoryQuery,
} from './directory-pages';
export { OrganizationJoin } from './organization-join';
