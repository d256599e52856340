import type {
  Learner,
  LearnerDetail,
  LearnerTestAttempts,
  LearnerUpdateBody,
  Page,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { api } from '../../lib/api-client';

export const LEARNER_PAGE_SIZE = 20;

export interface LearnerQuery {
  page: number;
  search?: string;
  status?: string;
  organization_id?: string;
  has_attempts?: string;
}

function query(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

const enc = encodeURIComponent;

/** /api/admin/students: every learner of the platform. */
export function useLearnerList(params: LearnerQuery) {
  return useQuery({
    queryKey: ['admin', 'learners', 'list', params],
    queryFn: () =>
      api.get<Page<Learner>>(`/admin/students?${query({ ...params, pageSize: LEARNER_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useLearner(id: string) {
  return useQuery({
    queryKey: ['admin', 'learners', 'one', id],
    queryFn: () => api.get<LearnerDetail>(`/admin/students/${enc(id)}`),
  });
}

export function useUpdateLearner(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LearnerUpdateBody) => api.put<LearnerDetail>(`/admin/students/${enc(id)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'learners'] }),
  });
}

/** A learner's attempts of one test, in the back office of the page (admin or organization). */
export function useLearnerTestAttempts(id: string, testId: string) {
  const scope = useBackOfficeScope();
  return useQuery({
    queryKey: [...scope.key, 'learners', id, 'tests', testId],
    queryFn: () =>
      api.get<LearnerTestAttempts>(scope.api(`/students/${enc(id)}/tests/${enc(testId)}/attempts`)),
  });
}

/** The approved organizations, for the learner list's filter. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: ['admin', 'analytics', 'options', 'organizations'],
    queryFn: () => api.get<{ organizations: { id: string; name: string }[] }>('/admin/analytics/options'),
    staleTime: 60_000,
  });
}
