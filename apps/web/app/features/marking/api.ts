import type { MarkBody } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { type ApiQuery, scoped } from '../../lib/api-client';

export type MarkingListQuery = ApiQuery<'/admin/marking'>;

export const MARKING_PAGE_SIZE = 20;

/** The scope's marking API (`/admin/marking` or `/educator/marking`) and its query keys. */
function useMarkingScope() {
  const scope = useBackOfficeScope();
  return { scope: scoped(scope), keys: { marking: [...scope.key, 'marking'] as const, all: scope.key } };
}

export function useMarkingList(query: MarkingListQuery) {
  const { scope, keys } = useMarkingScope();
  return useQuery({
    queryKey: [...keys.marking, 'list', query],
    queryFn: () => scope.get('/marking', { query: { pageSize: MARKING_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkingAgreement() {
  const { scope, keys } = useMarkingScope();
  return useQuery({
    queryKey: [...keys.marking, 'agreement'],
    queryFn: () => scope.get('/marking/agreement'),
  });
}

export function useMarkingItem(attemptId: string, questionId: string) {
  const { scope, keys } = useMarkingScope();
  return useQuery({
    queryKey: [...keys.marking, 'one', attemptId, questionId],
    queryFn: () => scope.get('/marking/{attemptId}/{questionId}', { path: { attemptId, questionId } }),
  });
}

/** Saves the teacher's mark; every query of the scope reads again (the queue, the attempt's result). */
export function useSaveMark(attemptId: string, questionId: string) {
  const { scope, keys } = useMarkingScope();
  return useInvalidating(
    (body: MarkBody) =>
      scope.put('/marking/{attemptId}/{questionId}', { path: { attemptId, questionId }, body }),
    keys.all,
  );
}
