import type { Pack, PackBody, Page, TestBody, TestDetail, TestSummary } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';

export const TEST_PAGE_SIZE = 20;
const keys = { tests: ['admin', 'tests'] as const, packs: ['admin', 'packs'] as const };

export interface TestQuery {
  page: number;
  search?: string;
  exam_id?: string;
  status?: string;
}

export function useTestList(query: TestQuery & { pageSize?: number }, enabled = true) {
  return useQuery({
    queryKey: [...keys.tests, 'list', query],
    queryFn: () =>
      api.get<Page<TestSummary>>(`/admin/tests?${toQuery({ pageSize: TEST_PAGE_SIZE, ...query })}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTest(id: string) {
  return useQuery({
    queryKey: [...keys.tests, 'one', id],
    queryFn: () => api.get<TestDetail>(`/admin/tests/${id}`),
  });
}

export function useSaveTest(id?: string) {
  return useInvalidating(
    (body: TestBody) =>
      id ? api.put<TestDetail>(`/admin/tests/${id}`, body) : api.post<TestDetail>('/admin/tests', body),
    keys.tests,
  );
}

export function useDeleteTest() {
  return useInvalidating((id: string) => api.delete(`/admin/tests/${id}`), keys.tests);
}

export type SectionItemRef = { question_id: string } | { group_id: string };

export function useSetSectionItems(testId: string) {
  return useInvalidating(
    ({ sectionId, items }: { sectionId: string; items: SectionItemRef[] }) =>
      api.put<TestDetail>(`/admin/tests/${testId}/sections/${sectionId}/items`, { items }),
    keys.tests,
  );
}

export function useDraw(testId: string) {
  return useInvalidating(
    ({
      sectionId,
      ...body
    }: {
      sectionId: string;
      count: number;
      level_id?: string | null;
      tag?: string | null;
    }) => api.post<TestDetail>(`/admin/tests/${testId}/sections/${sectionId}/draw`, body),
    keys.tests,
  );
}

export function useTestAction(testId: string) {
  return useInvalidating(
    (action: 'publish' | 'unpublish' | 'archive') => api.post<TestDetail>(`/admin/tests/${testId}/${action}`),
    keys.tests,
  );
}

export function usePackList(query: { page: number; search?: string }) {
  return useQuery({
    queryKey: [...keys.packs, 'list', query],
    queryFn: () => api.get<Page<Pack>>(`/admin/packs?${toQuery({ pageSize: TEST_PAGE_SIZE, ...query })}`),
    placeholderData: keepPreviousData,
  });
}

export function usePack(id: string) {
  return useQuery({
    queryKey: [...keys.packs, 'one', id],
    queryFn: () => api.get<Pack>(`/admin/packs/${id}`),
  });
}

export function useSavePack(id?: string) {
  return useInvalidating(
    (body: PackBody) =>
      id ? api.put<Pack>(`/admin/packs/${id}`, body) : api.post<Pack>('/admin/packs', body),
    keys.packs,
    keys.tests,
  );
}

export function useDeletePack() {
  return useInvalidating((id: string) => api.delete(`/admin/packs/${id}`), keys.packs);
}
