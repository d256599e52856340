export { AdminCategoryCreatePage, AdminCategoryEditPage, AdminCategoryListPage } from './admin-categories';
export { AdminPostCreatePage, AdminPostEditPage } from './admin-post-form';
export { AdminPostListPage } from './admin-post-list';
export { BLOG_PAGE_SIZE, BlogListPage, type BlogListQuery } from './blog-list-page';
export { BlogPostPage } from './blog-post-page';
export { PostCard, type PublicPostSummary } from './post-card';
export { type TocEntry, withHeadingIds } from './toc';
