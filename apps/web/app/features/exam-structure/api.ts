import type { Category, Exam, ExamFormat, Level, Page, PointConfig, QuestionType } from '@prepwise/contract';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { scoped } from '../../lib/api-client';
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
  /** The point configs' filter. */
  exam_id?: string;
}

/*
 * The hooks below are made once per resource from the call they make, written with the API's path
 * (`scoped(scope).get('/levels', …)`): the path is checked against the OpenAPI document and the answer's type
 * comes from it.
 */

function listHook<T>(
  resource: Resource,
  list: (scope: BackOfficeScope, query: ListQuery & { pageSize: number }) => Promise<T>,
) {
  return (query: ListQuery, enabled = true) => {
    const scope = useBackOfficeScope();
    return useQuery({
      queryKey: [...keyOf(scope, resource), 'list', query],
      queryFn: () => list(scope, { pageSize: PAGE_SIZE, ...query }),
      placeholderData: keepPreviousData,
      enabled,
    });
  };
}

/** The first {@link OPTIONS_PAGE_SIZE} rows, for a select. */
function optionsHook<T>(
  resource: Resource,
  list: (scope: BackOfficeScope, query: { page: number; pageSize: number }) => Promise<T>,
) {
  return (enabled = true) => {
    const scope = useBackOfficeScope();
    return useQuery({
      queryKey: [...keyOf(scope, resource), 'options'],
      queryFn: () => list(scope, { page: 1, pageSize: OPTIONS_PAGE_SIZE }),
      enabled,
      staleTime: 30_000,
    });
  };
}

function oneHook<T>(
  resource: Resource,
  one: (scope: BackOfficeScope, id: string) => Promise<T>,
  subKey?: string,
) {
  return (id: string | undefined, enabled = true) => {
    const scope = useBackOfficeScope();
    return useQuery({
      queryKey: [...keyOf(scope, resource), ...(subKey ? [subKey] : []), 'one', id],
      queryFn: () => one(scope, id ?? ''),
      enabled: enabled && Boolean(id),
    });
  };
}

/** A save (the call creates or updates) that refreshes the given resources' queries. */
function useSave<B, T>(save: (scope: BackOfficeScope, body: B) => Promise<T>, ...resources: Resource[]) {
  const scope = useBackOfficeScope();
  return useInvalidating(
    (body: B) => save(scope, body),
    ...resources.map((resource) => keyOf(scope, resource)),
  );
}

function useDelete(
  remove: (scope: BackOfficeScope, id: string) => Promise<unknown>,
  ...resources: Resource[]
) {
  const scope = useBackOfficeScope();
  return useInvalidating(
    (id: string) => remove(scope, id),
    ...resources.map((resource) => keyOf(scope, resource)),
  );
}

// ---------------------------------------------------------------- exam settings

/** An exam setting's list, one record and delete, as the settings pages use them. */
export interface SettingsHooks<T> {
  useList: (query: ListQuery, enabled?: boolean) => UseQueryResult<Page<T>>;
  useRecord: (id: string | undefined, enabled?: boolean) => UseQueryResult<T>;
  useRemove: () => UseMutationResult<unknown, Error, string>;
}

/**
 * An exam setting's list, one record and delete (levels, question types, point configs): the same
 * calls on `/{resource}` and `/{resource}/{id}`, for the settings pages.
 */
export const settingsHooks = {
  levels: {
    useList: listHook('levels', (scope, query) => scoped(scope).get('/levels', { query })),
    useRecord: oneHook('levels', (scope, id) => scoped(scope).get('/levels/{id}', { path: { id } })),
    useRemove: () =>
      useDelete((scope, id) => scoped(scope).delete('/levels/{id}', { path: { id } }), 'levels'),
  },
  'question-types': {
    useList: listHook('question-types', (scope, query) => scoped(scope).get('/question-types', { query })),
    useRecord: oneHook('question-types', (scope, id) =>
      scoped(scope).get('/question-types/{id}', { path: { id } }),
    ),
    useRemove: () =>
      useDelete(
        (scope, id) => scoped(scope).delete('/question-types/{id}', { path: { id } }),
        'question-types',
      ),
  },
  'point-configs': {
    useList: listHook('point-configs', (scope, query) => scoped(scope).get('/point-configs', { query })),
    useRecord: oneHook('point-configs', (scope, id) =>
      scoped(scope).get('/point-configs/{id}', { path: { id } }),
    ),
    useRemove: () =>
      useDelete(
        (scope, id) => scoped(scope).delete('/point-configs/{id}', { path: { id } }),
        'point-configs',
      ),
  },
} satisfies Record<'levels' | 'question-types' | 'point-configs', SettingsHooks<unknown>>;

// ---------------------------------------------------------------- levels

// A question or test of an organization may use the platform's levels and question types too.
export const useLevelOptions = optionsHook('levels', (scope, query) =>
  scoped(scope).get('/levels', { query: { ...query, usable: 'true' } }),
);
export type LevelInput = Omit<Level, 'id'>;
export function useSaveLevel(id?: string) {
  return useSave(
    (scope, body: LevelInput) =>
      id
        ? scoped(scope).put('/levels/{id}', { path: { id }, body })
        : scoped(scope).post('/levels', { body }),
    'levels',
  );
}

// ---------------------------------------------------------------- question types

export const useQuestionTypeOptions = optionsHook('question-types', (scope, query) =>
  scoped(scope).get('/question-types', { query: { ...query, usable: 'true' } }),
);
export type QuestionTypeInput = Pick<
  QuestionType,
  'name' | 'name_en' | 'answer_kind' | 'scoring_rule' | 'description'
>;
export function useSaveQuestionType(id?: string) {
  return useSave(
    (scope, body: QuestionTypeInput) =>
      id
        ? scoped(scope).put('/question-types/{id}', { path: { id }, body })
        : scoped(scope).post('/question-types', { body }),
    'question-types',
  );
}

// ---------------------------------------------------------------- categories, exams, parts

/** A platform category seen from an organization's portal: shown, never changed (the API says so). */
export function isReadOnly(category: Category): boolean {
  return category.read_only;
}

export const useCategoryList = listHook('categories', (scope, { exam_id: _, ...query }) =>
  scoped(scope).get('/categories', { query }),
);
export const useCategoryOptions = optionsHook('categories', (scope, query) =>
  scoped(scope).get('/categories', { query }),
);
export const useCategory = oneHook('categories', (scope, id) =>
  scoped(scope).get('/categories/{id}', { path: { id } }),
);
export type CategoryInput = Pick<Category, 'name' | 'name_en' | 'description' | 'position'> & {
  slug: string | null;
};
export function useSaveCategory(id?: string) {
  return useSave(
    (scope, body: CategoryInput) =>
      id
        ? scoped(scope).put('/categories/{id}', { path: { id }, body })
        : scoped(scope).post('/categories', { body }),
    'categories',
  );
}
export function useDeleteCategory() {
  return useDelete((scope, id) => scoped(scope).delete('/categories/{id}', { path: { id } }), 'categories');
}

export const useExam = oneHook(
  'categories',
  (scope, id) => scoped(scope).get('/exams/{id}', { path: { id } }),
  'exam',
);
export type ExamInput = Pick<Exam, 'name' | 'name_en' | 'description' | 'duration_minutes' | 'position'> & {
  slug: string | null;
};
export function useSaveExam(categoryId: string, id?: string) {
  return useSave(
    (scope, body: ExamInput) =>
      id
        ? scoped(scope).put('/exams/{id}', { path: { id }, body })
        : scoped(scope).post('/categories/{id}/exams', { path: { id: categoryId }, body }),
    'categories',
  );
}
export function useDeleteExam() {
  return useDelete((scope, id) => scoped(scope).delete('/exams/{id}', { path: { id } }), 'categories');
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
          scoped(scope)
            .get('/categories/{id}', { path: { id } })
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

export const useFormat = oneHook(
  'categories',
  (scope, id) => scoped(scope).get('/formats/{id}', { path: { id } }),
  'format',
);
export type FormatInput = Omit<ExamFormat, 'id' | 'exam_id'>;
export function useSaveFormat(examId: string, id?: string) {
  return useSave(
    (scope, body: FormatInput) =>
      id
        ? scoped(scope).put('/formats/{id}', { path: { id }, body })
        : scoped(scope).post('/exams/{id}/formats', { path: { id: examId }, body }),
    'categories',
    'question-types',
  );
}
export function useDeleteFormat() {
  return useDelete(
    (scope, id) => scoped(scope).delete('/formats/{id}', { path: { id } }),
    'categories',
    'question-types',
  );
}

// ---------------------------------------------------------------- point configs

export type PointConfigInput = Omit<PointConfig, 'id' | 'exam_name'>;
export function useSavePointConfig(id?: string) {
  return useSave(
    (scope, body: PointConfigInput) =>
      id
        ? scoped(scope).put('/point-configs/{id}', { path: { id }, body })
        : scoped(scope).post('/point-configs', { body }),
    'point-configs',
  );
}
