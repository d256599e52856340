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
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

/*
 * The exam structure's hooks, in both back offices (decision 013): every API path goes through
 * `scope.api` (`/admin/levels` or `/educator/levels`, same schemas) and every query key starts with
 * `scope.key`, so the admin's and an organization's lists never share a cache.
 */

export const PAGE_SIZE = 20;
/** Enough for a select of every level, type or exam; the API caps pages at 100. */
export const OPTIONS_PAGE_SIZE = 100;

type Resource = 'levels' | 'question-types' | 'categories' | 'point-configs';

const keyOf = (scope: BackOfficeScope, resource: Resource) => [...scope.key, resource] as const;

export interface ListQuery {
  page: number;
  search?: string;
}

function listHook<T>(resource: Resource) {
  return (query: ListQuery & Record<string, string | number | undefined>, enabled = true) => {
    const scope = useBackOfficeScope();
    return useQuery({
      queryKey: [...keyOf(scope, resource), 'list', query],
      queryFn: () =>
        api.get<Page<T>>(scope.api(`/${resource}?${toQuery({ pageSize: PAGE_SIZE, ...query })}`)),
      placeholderData: keepPreviousData,
      enabled,
    });
  };
}

/** `extra`: more of the query, e.g. `usable` (an organization's pickers also offer the platform's rows). */
function optionsHook<T>(resource: Resource, extra: Record<string, string> = {}) {
  return (enabled = true) => {
    const scope = useBackOfficeScope();
    return useQuery({
      queryKey: [...keyOf(scope, resource), 'options'],
      queryFn: () =>
        api.get<Page<T>>(
          scope.api(`/${resource}?${toQuery({ page: 1, pageSize: OPTIONS_PAGE_SIZE, ...extra })}`),
        ),
      enabled,
      staleTime: 30_000,
    });
  };
}

function oneHook<T>(resource: Resource, path: string, subKey?: string) {
  return (id: string | undefined, enabled = true) => {
    const scope = useBackOfficeScope();
    return useQuery({
      queryKey: [...keyOf(scope, resource), ...(subKey ? [subKey] : []), 'one', id],
      queryFn: () => api.get<T>(scope.api(`${path}/${id}`)),
      enabled: enabled && Boolean(id),
    });
  };
}

/** A save (POST to create, PUT to update) that refreshes the given resources' queries. */
function useSave<B, T>(create: string, update: string | undefined, ...resources: Resource[]) {
  const scope = useBackOfficeScope();
  return useInvalidating(
    (body: B) => (update ? api.put<T>(scope.api(update), body) : api.post<T>(scope.api(create), body)),
    ...resources.map((resource) => keyOf(scope, resource)),
  );
}

function useDelete(path: string, ...resources: Resource[]) {
  const scope = useBackOfficeScope();
  return useInvalidating(
    (id: string) => api.delete(scope.api(`${path}/${id}`)),
    ...resources.map((resource) => keyOf(scope, resource)),
  );
}

// ---------------------------------------------------------------- exam settings

/**
 * An exam setting's list, one record and delete (levels, question types, point configs): the same
 * calls on `/{resource}` and `/{resource}/{id}`, for the settings pages.
 */
export function settingsHooks<T>(resource: 'levels' | 'question-types' | 'point-configs') {
  return {
    useList: listHook<T>(resource),
    useRecord: oneHook<T>(resource, `/${resource}`),
    useRemove: () => useDelete(`/${resource}`, resource),
  };
}

// ---------------------------------------------------------------- levels

// A question or test of an organization may use the platform's levels and question types too.
export const useLevelOptions = optionsHook<Level>('levels', { usable: 'true' });
export type LevelInput = Omit<Level, 'id'>;
export function useSaveLevel(id?: string) {
  return useSave<LevelInput, Level>('/levels', id && `/levels/${id}`, 'levels');
}

// ---------------------------------------------------------------- question types

export const useQuestionTypeOptions = optionsHook<QuestionType>('question-types', { usable: 'true' });
export type QuestionTypeInput = Pick<
  QuestionType,
  'name' | 'name_en' | 'answer_kind' | 'scoring_rule' | 'description'
>;
export function useSaveQuestionType(id?: string) {
  return useSave<QuestionTypeInput, QuestionType>(
    '/question-types',
    id && `/question-types/${id}`,
    'question-types',
  );
}

// ---------------------------------------------------------------- categories, exams, parts

/** A platform category seen from an organization's portal: shown, never changed (the API says so). */
export function isReadOnly(category: Category): boolean {
  return category.read_only;
}

export const useCategoryList = listHook<Category>('categories');
export const useCategoryOptions = optionsHook<Category>('categories');
export const useCategory = oneHook<CategoryDetail>('categories', '/categories');
export type CategoryInput = Pick<Category, 'name' | 'name_en' | 'description' | 'position'> & {
  slug: string | null;
};
export function useSaveCategory(id?: string) {
  return useSave<CategoryInput, Category>('/categories', id && `/categories/${id}`, 'categories');
}
export function useDeleteCategory() {
  return useDelete('/categories', 'categories');
}

export const useExam = oneHook<Exam>('categories', '/exams', 'exam');
export type ExamInput = Pick<Exam, 'name' | 'name_en' | 'description' | 'duration_minutes' | 'position'> & {
  slug: string | null;
};
export function useSaveExam(categoryId: string, id?: string) {
  return useSave<ExamInput, Exam>(`/categories/${categoryId}/exams`, id && `/exams/${id}`, 'categories');
}
export function useDeleteExam() {
  return useDelete('/exams', 'categories');
}

/**
 * Every exam of every category the scope reads (for exam filters and pickers). When the category list
 * changes (someone added or removed one), the exams already loaded stay in the picker until the new list's
 * arrive, so a value chosen meanwhile keeps its label; a category removed between the list and its
 * details is left out rather than failing the whole list.
 */
export function useExamOptions(enabled = true) {
  const scope = useBackOfficeScope();
  const categories = useCategoryOptions(enabled);
  const ids = categories.data?.items.map((category) => category.id) ?? [];
  return useQuery({
    queryKey: [...keyOf(scope, 'categories'), 'all-exams', ids],
    queryFn: async () => {
      const details = await Promise.all(
        ids.map((id) =>
          api
            .get<CategoryDetail>(scope.api(`/categories/${id}`))
            .catch((error: unknown) =>
              error instanceof ApiError && error.code === 404 ? null : Promise.reject(error),
            ),
        ),
      );
      return details.flatMap((category) =>
        category ? category.exams.map((exam) => ({ ...exam, category_name: category.name })) : [],
      );
    },
    enabled: enabled && categories.isSuccess,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export type ExamOption = Exam & { category_name: string };

export const useFormat = oneHook<ExamFormat>('categories', '/formats', 'format');
export type FormatInput = Omit<ExamFormat, 'id' | 'exam_id'>;
export function useSaveFormat(examId: string, id?: string) {
  return useSave<FormatInput, ExamFormat>(
    `/exams/${examId}/formats`,
    id && `/formats/${id}`,
    'categories',
    'question-types',
  );
}
export function useDeleteFormat() {
  return useDelete('/formats', 'categories', 'question-types');
}

// ---------------------------------------------------------------- point configs

export type PointConfigInput = Omit<PointConfig, 'id' | 'exam_name'>;
export function useSavePointConfig(id?: string) {
  return useSave<PointConfigInput, PointConfig>(
    '/point-configs',
    id && `/point-configs/${id}`,
    'point-configs',
  );
}
