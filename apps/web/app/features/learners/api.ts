import type { LearnerUpdateBody } from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { type ApiQuery, apiClient, scoped } from '../../lib/api-client';

export const LEARNER_PAGE_SIZE = 20;

export type LearnerQuery = Omit<ApiQuery<'/admin/students'>, 'pageSize'> & { page: number };

const _enc = encodeURIComponent;

/** /api/admin/students: every learner of the platform. */
export function useLearnerList(params: LearnerQuery) {
  return useQuery({
    queryKey: ['admin', 'learners', 'list', params],
    queryFn: () => apiClient.get('/admin/students', { query: { ...params, pageSize: LEARNER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useLearner(id: string) {
  return useQuery({
    queryKey: ['admin', 'learners', 'one', id],
    queryFn: () => apiClient.get('/admin/students/{id}', { path: { id } }),
  });
}

export function useUpdateLearner(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LearnerUpdateBody) => apiClient.put('/admin/students/{id}', { path: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'learners'] }),
  });
}

/** A learner's attempts of one test, in the back office of the page (admin or organization). */
export function useLearnerTestAttempts(id: string, testId: string) {
  const scope = useBackOfficeScope();
  return useQuery({
    queryKey: [...scope.key, 'learners', id, 'tests', testId],
    queryFn: () =>
      scoped(scope).get('/students/{id}/tests/{testId}/attempts', {
        path: { id, testId },
      }),
  });
}

/** The approved organizations, for the learner list's filter. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: ['admin', 'analytics', 'options', 'organizations'],
    queryFn: () => apiClient.get('/admin/analytics/options'),
    staleTime: 60_000,
  });
}
