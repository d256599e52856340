import type { ItemAnalysisScope } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { type ApiBody, type ApiQuery, scoped } from '../../lib/api-client';

export const TEST_PAGE_SIZE = 20;

/** The scope's API paths and query keys (the admin's tests and an organization's never share a cache). */
function useTestsScope() {
  const scope = useBackOfficeScope();
  return {
    scope: scoped(scope),
    /** Packs are the platform's only (the admin's). */
    packs: scoped<'/admin'>(scope),
    keys: { tests: [...scope.key, 'tests'] as const, packs: [...scope.key, 'packs'] as const },
  };
}

export type TestQuery = ApiQuery<'/admin/tests'> & { page: number };

export function useTestList(query: TestQuery & { pageSize?: number }, enabled = true) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'list', query],
    queryFn: () => scope.get('/tests', { query: { pageSize: TEST_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTest(id: string) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'one', id],
    queryFn: () => scope.get('/tests/{id}', { path: { id } }),
  });
}

export function useSaveTest(id?: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    (body: ApiBody<'/admin/tests'>) =>
      id ? scope.put('/tests/{id}', { path: { id }, body }) : scope.post('/tests', { body }),
    keys.tests,
  );
}

export function useDeleteTest() {
  const { scope, keys } = useTestsScope();
  return useInvalidating((id: string) => scope.delete('/tests/{id}', { path: { id } }), keys.tests);
}

export type SectionItemRef = { question_id: string } | { group_id: string };

export function useSetSectionItems(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    ({ sectionId, items }: { sectionId: string; items: SectionItemRef[] }) =>
      scope.put('/tests/{id}/sections/{sectionId}/items', {
        path: { id: testId, sectionId },
        body: { items },
      }),
    keys.tests,
  );
}

export function useDraw(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    ({
      sectionId,
      ...body
    }: {
      sectionId: string;
      count: number;
      level_id?: string | null;
      tag?: string | null;
    }) => scope.post('/tests/{id}/sections/{sectionId}/draw', { path: { id: testId, sectionId }, body }),
    keys.tests,
  );
}

/** Replaces a smart test's blueprint rows of one section (issue 15). */
export function useSetBlueprint(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    ({
      sectionId,
      rows,
    }: { sectionId: string } & ApiBody<'/admin/tests/{id}/sections/{sectionId}/blueprint', 'put'>) =>
      scope.put('/tests/{id}/sections/{sectionId}/blueprint', {
        path: { id: testId, sectionId },
        body: { rows },
      }),
    keys.tests,
  );
}

/** A student's attempt of the test with its review, for /organization/test/…/{id}/result/{resultId}. */
export function useTestAttemptResult(testId: string, attemptId: string) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'one', testId, 'attempts', attemptId],
    queryFn: () => scope.get('/tests/{id}/attempts/{attemptId}/result', { path: { id: testId, attemptId } }),
  });
}

export function useTestAction(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    (action: 'publish' | 'unpublish' | 'archive') =>
      scope.post(`/tests/{id}/${action}`, { path: { id: testId } }),
    keys.tests,
  );
}

export function usePackList(query: { page: number; search?: string }) {
  const { packs, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.packs, 'list', query],
    queryFn: () => packs.get('/packs', { query: { pageSize: TEST_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function usePack(id: string) {
  const { packs, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.packs, 'one', id],
    queryFn: () => packs.get('/packs/{id}', { path: { id } }),
  });
}

export function useSavePack(id?: string) {
  const { packs, keys } = useTestsScope();
  return useInvalidating(
    (body: ApiBody<'/admin/packs'>) =>
      id ? packs.put('/packs/{id}', { path: { id }, body }) : packs.post('/packs', { body }),
    keys.packs,
    keys.tests,
  );
}

export function useDeletePack() {
  const { packs, keys } = useTestsScope();
  return useInvalidating((id: string) => packs.delete('/packs/{id}', { path: { id } }), keys.packs);
}

/**
 * A test version's item analysis (precomputed by the API's job); polled while attempts submitted since
 * the last computation wait for it.
 */
export function useItemAnalysis(testId: string, query: { version?: number; scope: ItemAnalysisScope }) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'item-analysis', testId, query],
    queryFn: () => scope.get('/tests/{id}/item-analysis', { path: { id: testId }, query }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.pending ? 3_000 : false),
  });
}
