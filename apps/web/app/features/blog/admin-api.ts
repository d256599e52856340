import type { BlogPostSummary } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInvalidating } from '../../lib/admin-query';
import { apiClient } from '../../lib/api-client';

export const POSTS_KEY = ['admin', 'blog-posts'] as const;
export const CATEGORIES_KEY = ['admin', 'blog-categories'] as const;
export const ADMIN_PAGE_SIZE = 20;

export interface PostBody {
  title: string;
  slug: string | null;
  category_id: string | null;
  excerpt: string | null;
  byline: string | null;
  content: string;
  cover_id: string | null;
  cover_alt: string | null;
  status: 'draft' | 'published';
  published_at: string | null;
  meta_title: string | null;
  meta_description: string | null;
  og_image_id: string | null;
}

export interface CategoryBody {
  name: string;
  name_en?: string | null;
  slug: string | null;
  description: string | null;
  position: number;
}

export function usePostList(params: { page: number; search?: string; state?: BlogPostSummary['state'] }) {
  return useQuery({
    queryKey: [...POSTS_KEY, 'list', params],
    queryFn: () => apiClient.get('/admin/blog-posts', { query: { ...params, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: string) {
  return useQuery({
    queryKey: [...POSTS_KEY, 'one', id],
    queryFn: () => apiClient.get('/admin/blog-posts/{id}', { path: { id } }),
  });
}

export function useSavePost(id?: string) {
  return useInvalidating(
    (body: PostBody) =>
      id
        ? apiClient.put('/admin/blog-posts/{id}', { path: { id }, body })
        : apiClient.post('/admin/blog-posts', { body }),
    POSTS_KEY,
  );
}

export function useDeletePost(id: string) {
  return useInvalidating(() => apiClient.delete('/admin/blog-posts/{id}', { path: { id } }), POSTS_KEY);
}

export function useCategoryList(params: { page: number; search?: string }) {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'list', params],
    queryFn: () =>
      apiClient.get('/admin/blog-categories', { query: { ...params, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Every category, for the post form's select. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'options'],
    queryFn: () => apiClient.get('/admin/blog-categories', { query: { page: 1, pageSize: 100 } }),
  });
}

export function useCategory(id: string) {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'one', id],
    queryFn: () => apiClient.get('/admin/blog-categories/{id}', { path: { id } }),
  });
}

export function useSaveCategory(id?: string) {
  return useInvalidating(
    (body: CategoryBody) =>
      id
        ? apiClient.put('/admin/blog-categories/{id}', { path: { id }, body })
        : apiClient.post('/admin/blog-categories', { body }),
    CATEGORIES_KEY,
  );
}

export function useDeleteCategory(id: string) {
  return useInvalidating(
    () => apiClient.delete('/admin/blog-categories/{id}', { path: { id } }),
    CATEGORIES_KEY,
  );
}
