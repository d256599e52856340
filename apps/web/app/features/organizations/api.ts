import type {
  OrganizationCreateBody,
  OrganizationDetail,
  OrganizationFilterStatus,
  OrganizationSummary,
  OrganizationUpdateBody,
  Page,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const ORGANIZATION_PAGE_SIZE = 20;
const KEY = ['admin', 'organizations'] as const;

export interface OrganizationQuery {
  page: number;
  search?: string;
  status?: OrganizationFilterStatus;
}

function query(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export function useOrganizationList(params: OrganizationQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: () =>
      api.get<Page<OrganizationSummary>>(
        `/admin/organizations?${query({ ...params, pageSize: ORGANIZATION_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api.get<OrganizationDetail>(`/admin/organizations/${id}`),
  });
}

function useInvalidating<TVariables>(mutationFn: (variables: TVariables) => Promise<OrganizationDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCreateOrganization() {
  return useInvalidating((body: OrganizationCreateBody) =>
    api.post<OrganizationDetail>('/admin/organizations', body),
  );
}

export function useUpdateOrganization(id: string) {
  return useInvalidating((body: OrganizationUpdateBody) =>
    api.put<OrganizationDetail>(`/admin/organizations/${id}`, body),
  );
}

export type OrganizationAction = 'approve' | 'reject' | 'suspend' | 'reactivate';

/** approve / reactivate take no body; reject / suspend take `{ reason }`. */
export function useOrganizationAction(id: string, action: OrganizationAction) {
  return useInvalidating((reason?: string) =>
    api.post<OrganizationDetail>(
      `/admin/organizations/${id}/${action}`,
      reason === undefined ? undefined : { reason },
    ),
  );
}
