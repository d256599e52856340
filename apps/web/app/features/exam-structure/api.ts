import type {
  Category,
  CategoryDetail,
  Exam,
  ExamFormat,
  Level,
  Page,
  PointConfig,
  QuestionType,
} from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';

export const PAGE_SIZE = 20;
/** Enough for a select of every level, type or exam; the API caps pages at 100. */
export const OPTIONS_PAGE_SIZE = 100;

/** `a=1&b=2` without empty values. */
export const structureKeys = {
  levels: ['admin', 'levels'] as const,
  types: ['admin', 'question-types'] as const,
  categories: ['admin', 'categories'] as const,
  pointConfigs: ['admin', 'point-configs'] as const,
};

export interface ListQuery {
  page: number;
  search?: string;
}

/** Invalidates `scope` after a successful call. */
function listHook<T>(scope: readonly string[], path: string) {
  return (query: ListQuery & Record<string, string | number | undefined>, enabled = true) =>
    useQuery({
      queryKey: [...scope, 'list', query],
      queryFn: () => api.get<Page<T>>(`${path}?${toQuery({ pageSize: PAGE_SIZE, ...query })}`),
      placeholderData: keepPreviousData,
      enabled,
    });
}

function optionsHook<T>(scope: readonly string[], path: string) {
  return (enabled = true) =>
    useQuery({
      queryKey: [...scope, 'options'],
      queryFn: () => api.get<Page<T>>(`${path}?${toQuery({ page: 1, pageSize: OPTIONS_PAGE_SIZE })}`),
      enabled,
      staleTime: 30_000,
    });
}

function oneHook<T>(scope: readonly string[], path: string) {
  return (id: string | undefined) =>
    useQuery({
      queryKey: [...scope, 'one', id],
      queryFn: () => api.get<T>(`${path}/${id}`),
      enabled: Boolean(id),
    });
}

// ---------------------------------------------------------------- levels

export const useLevelList = listHook<Level>(structureKeys.levels, '/admin/levels');
export const useLevelOptions = optionsHook<Level>(structureKeys.levels, '/admin/levels');
export const useLevel = oneHook<Level>(structureKeys.levels, '/admin/levels');
export type LevelInput = Omit<Level, 'id'>;
export function useSaveLevel(id?: string) {
  return useInvalidating(
    (body: LevelInput) =>
      id ? api.put<Level>(`/admin/levels/${id}`, body) : api.post<Level>('/admin/levels', body),
    structureKeys.levels,
  );
}
export function useDeleteLevel() {
  return useInvalidating((id: string) => api.delete(`/admin/levels/${id}`), structureKeys.levels);
}

// ---------------------------------------------------------------- question types

export const useQuestionTypeList = listHook<QuestionType>(structureKeys.types, '/admin/question-types');
export const useQuestionTypeOptions = optionsHook<QuestionType>(structureKeys.types, '/admin/question-types');
export const useQuestionType = oneHook<QuestionType>(structureKeys.types, '/admin/question-types');
export type QuestionTypeInput = Pick<QuestionType, 'name' | 'answer_kind' | 'scoring_rule' | 'description'>;
export function useSaveQuestionType(id?: string) {
  return useInvalidating(
    (body: QuestionTypeInput) =>
      id
        ? api.put<QuestionType>(`/admin/question-types/${id}`, body)
        : api.post<QuestionType>('/admin/question-types', body),
    structureKeys.types,
  );
}
export function useDeleteQuestionType() {
  return useInvalidating((id: string) => api.delete(`/admin/question-types/${id}`), structureKeys.types);
}

// ---------------------------------------------------------------- categories, exams, parts

export const useCategoryList = listHook<Category>(structureKeys.categories, '/admin/categories');
export const useCategoryOptions = optionsHook<Category>(structureKeys.categories, '/admin/categories');
export const useCategory = oneHook<CategoryDetail>(structureKeys.categories, '/admin/categories');
export type CategoryInput = Pick<Category, 'name' | 'description' | 'position'> & { slug: string | null };
export function useSaveCategory(id?: string) {
  return useInvalidating(
    (body: CategoryInput) =>
      id ? api.put<Category>(`/admin/categories/${id}`, body) : api.post<Category>('/admin/categories', body),
    structureKeys.categories,
  );
}
export function useDeleteCategory() {
  return useInvalidating((id: string) => api.delete(`/admin/categories/${id}`), structureKeys.categories);
}

export const useExam = oneHook<Exam>([...structureKeys.categories, 'exam'], '/admin/exams');
export type ExamInput = Pick<Exam, 'name' | 'description' | 'duration_minutes' | 'position'> & {
  slug: string | null;
};
export function useSaveExam(categoryId: string, id?: string) {
  return useInvalidating(
    (body: ExamInput) =>
      id
        ? api.put<Exam>(`/admin/exams/${id}`, body)
        : api.post<Exam>(`/admin/categories/${categoryId}/exams`, body),
    structureKeys.categories,
  );
}
export function useDeleteExam() {
  return useInvalidating((id: string) => api.delete(`/admin/exams/${id}`), structureKeys.categories);
}

/** Every exam of every category (for exam filters and pickers). */
export function useExamOptions(enabled = true) {
  const categories = useCategoryOptions(enabled);
  const ids = categories.data?.items.map((category) => category.id) ?? [];
  return useQuery({
    queryKey: [...structureKeys.categories, 'all-exams', ids],
    queryFn: async () => {
      const details = await Promise.all(ids.map((id) => api.get<CategoryDetail>(`/admin/categories/${id}`)));
      return details.flatMap((category) =>
        category.exams.map((exam) => ({ ...exam, category_name: category.name })),
      );
    },
    enabled: enabled && categories.isSuccess,
    staleTime: 30_000,
  });
}
export type ExamOption = Exam & { category_name: string };

export const useFormat = oneHook<ExamFormat>([...structureKeys.categories, 'format'], '/admin/formats');
export type FormatInput = Omit<ExamFormat, 'id' | 'exam_id'>;
export function useSaveFormat(examId: string, id?: string) {
  return useInvalidating(
    (body: FormatInput) =>
      id
        ? api.put<ExamFormat>(`/admin/formats/${id}`, body)
        : api.post<ExamFormat>(`/admin/exams/${examId}/formats`, body),
    structureKeys.categories,
    structureKeys.types,
  );
}
export function useDeleteFormat() {
  return useInvalidating(
    (id: string) => api.delete(`/admin/formats/${id}`),
    structureKeys.categories,
    structureKeys.types,
  );
}

// ---------------------------------------------------------------- point configs

export const usePointConfigList = listHook<PointConfig>(structureKeys.pointConfigs, '/admin/point-configs');
export const usePointConfig = oneHook<PointConfig>(structureKeys.pointConfigs, '/admin/point-configs');
export type PointConfigInput = Omit<PointConfig, 'id' | 'exam_name'>;
export function useSavePointConfig(id?: string) {
  return useInvalidating(
    (body: PointConfigInput) =>
      id
        ? api.put<PointConfig>(`/admin/point-configs/${id}`, body)
        : api.post<PointConfig>('/admin/point-configs', body),
    structureKeys.pointConfigs,
  );
}
export function useDeletePointConfig() {
  return useInvalidating(
    (id: string) => api.delete(`/admin/point-configs/${id}`),
    structureKeys.pointConfigs,
  );
}
