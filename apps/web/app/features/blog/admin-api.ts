import type { BlogCategory, BlogPost, BlogPostSummary, Page } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';

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
    queryFn: () =>
      api.get<Page<BlogPostSummary>>(
        `/admin/blog-posts?${toQuery({ ...params, pageSize: ADMIN_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: string) {
  return useQuery({
    queryKey: [...POSTS_KEY, 'one', id],
    queryFn: () => api.get<BlogPost>(`/admin/blog-posts/${id}`),
  });
}

export function useSavePost(id?: string) {
  return useInvalidating(
    (body: PostBody) =>
      id ? api.put<BlogPost>(`/admin/blog-posts/${id}`, body) : api.post<BlogPost>('/admin/blog-posts', body),
    POSTS_KEY,
  );
}

export function useDeletePost(id: string) {
  return useInvalidating(() => api.delete(`/admin/blog-posts/${id}`), POSTS_KEY);
}

export function useCategoryList(params: { page: number; search?: string }) {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'list', params],
    queryFn: () =>
      api.get<Page<BlogCategory>>(
        `/admin/blog-categories?${toQuery({ ...params, pageSize: ADMIN_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every category, for the post form's select. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'options'],
    queryFn: () => api.get<Page<BlogCategory>>('/admin/blog-categories?page=1&pageSize=100'),
  });
}

export function useCategory(id: string) {
  return useQuery({
    queryKey: [...CATEGORIES_KEY, 'one', id],
    queryFn: () => api.get<BlogCategory>(`/admin/blog-categories/${id}`),
  });
}

export function useSaveCategory(id?: string) {
  return useInvalidating(
    (body: CategoryBody) =>
      id
        ? api.put<BlogCategory>(`/admin/blog-categories/${id}`, body)
        : api.post<BlogCategory>('/admin/blog-categories', body),
    CATEGORIES_KEY,
  );
}

export function useDeleteCategory(id: string) {
  return useInvalidating(() => api.delete(`/admin/blog-categories/${id}`), CATEGORIES_KEY);
}
