import type {
  AttemptResult,
  BlueprintBody,
  EssayMarkBody,
  ItemAnalysis,
  ItemAnalysisScope,
  Pack,
  PackBody,
  Page,
  TestBody,
  TestDetail,
  TestSummary,
} from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';

export const TEST_PAGE_SIZE = 20;

/** The scope's API paths and query keys (the admin's tests and an organization's never share a cache). */
function useTestsScope() {
  const scope = useBackOfficeScope();
  return {
    scope,
    keys: { tests: [...scope.key, 'tests'] as const, packs: [...scope.key, 'packs'] as const },
  };
}

export interface TestQuery {
  page: number;
  search?: string;
  exam_id?: string;
  status?: string;
  kind?: 'manual' | 'smart';
}

export function useTestList(query: TestQuery & { pageSize?: number }, enabled = true) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'list', query],
    queryFn: () =>
      api.get<Page<TestSummary>>(scope.api(`/tests?${toQuery({ pageSize: TEST_PAGE_SIZE, ...query })}`)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTest(id: string) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'one', id],
    queryFn: () => api.get<TestDetail>(scope.api(`/tests/${id}`)),
  });
}

export function useSaveTest(id?: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    (body: TestBody) =>
      id
        ? api.put<TestDetail>(scope.api(`/tests/${id}`), body)
        : api.post<TestDetail>(scope.api('/tests'), body),
    keys.tests,
  );
}

export function useDeleteTest() {
  const { scope, keys } = useTestsScope();
  return useInvalidating((id: string) => api.delete(scope.api(`/tests/${id}`)), keys.tests);
}

export type SectionItemRef = { question_id: string } | { group_id: string };

export function useSetSectionItems(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    ({ sectionId, items }: { sectionId: string; items: SectionItemRef[] }) =>
      api.put<TestDetail>(scope.api(`/tests/${testId}/sections/${sectionId}/items`), { items }),
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
    }) => api.post<TestDetail>(scope.api(`/tests/${testId}/sections/${sectionId}/draw`), body),
    keys.tests,
  );
}

/** Replaces a smart test's blueprint rows of one section (issue 15). */
export function useSetBlueprint(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    ({ sectionId, rows }: { sectionId: string } & BlueprintBody) =>
      api.put<TestDetail>(scope.api(`/tests/${testId}/sections/${sectionId}/blueprint`), { rows }),
    keys.tests,
  );
}

/** A student's attempt of the test with its review, for /organization/test/…/{id}/result/{resultId}. */
export function useTestAttemptResult(testId: string, attemptId: string) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'one', testId, 'attempts', attemptId],
    queryFn: () => api.get<AttemptResult>(scope.api(`/tests/${testId}/attempts/${attemptId}/result`)),
  });
}

/** A teacher marks an essay of the attempt; the answer is the attempt's result, graded again. */
export function useMarkEssay(testId: string, attemptId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    ({ questionId, body }: { questionId: string; body: EssayMarkBody }) =>
      api.put<AttemptResult>(
        scope.api(`/tests/${testId}/attempts/${attemptId}/essays/${questionId}/mark`),
        body,
      ),
    keys.tests,
  );
}

export function useTestAction(testId: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    (action: 'publish' | 'unpublish' | 'archive') =>
      api.post<TestDetail>(scope.api(`/tests/${testId}/${action}`)),
    keys.tests,
  );
}

export function usePackList(query: { page: number; search?: string }) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.packs, 'list', query],
    queryFn: () =>
      api.get<Page<Pack>>(scope.api(`/packs?${toQuery({ pageSize: TEST_PAGE_SIZE, ...query })}`)),
    placeholderData: keepPreviousData,
  });
}

export function usePack(id: string) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.packs, 'one', id],
    queryFn: () => api.get<Pack>(scope.api(`/packs/${id}`)),
  });
}

export function useSavePack(id?: string) {
  const { scope, keys } = useTestsScope();
  return useInvalidating(
    (body: PackBody) =>
      id ? api.put<Pack>(scope.api(`/packs/${id}`), body) : api.post<Pack>(scope.api('/packs'), body),
    keys.packs,
    keys.tests,
  );
}

export function useDeletePack() {
  const { scope, keys } = useTestsScope();
  return useInvalidating((id: string) => api.delete(scope.api(`/packs/${id}`)), keys.packs);
}

/**
 * A test version's item analysis (precomputed by the API's job); polled while attempts submitted since
 * the last computation wait for it.
 */
export function useItemAnalysis(testId: string, query: { version?: number; scope: ItemAnalysisScope }) {
  const { scope, keys } = useTestsScope();
  return useQuery({
    queryKey: [...keys.tests, 'item-analysis', testId, query],
    queryFn: () => api.get<ItemAnalysis>(scope.api(`/tests/${testId}/item-analysis?${toQuery(query)}`)),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.pending ? 3_000 : false),
  });
}
