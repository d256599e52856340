import type {
  OrganizationCreateBody,
  OrganizationDetail,
  OrganizationFilterStatus,
  OrganizationUpdateBody,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

export const ORGANIZATION_PAGE_SIZE = 20;
const KEY = ['admin', 'organizations'] as const;

export interface OrganizationQuery {
  page: number;
  search?: string;
  status?: OrganizationFilterStatus;
}

export function useOrganizationList(params: OrganizationQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: () =>
      apiClient.get('/admin/organizations', { query: { ...params, pageSize: ORGANIZATION_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => apiClient.get('/admin/organizations/{organizationId}', { path: { organizationId: id } }),
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
  return useInvalidating((body: OrganizationCreateBody) => apiClient.post('/admin/organizations', { body }));
}

export function useUpdateOrganization(id: string) {
  return useInvalidating((body: OrganizationUpdateBody) =>
    apiClient.put('/admin/organizations/{organizationId}', { path: { organizationId: id }, body }),
  );
}

export type OrganizationAction = 'approve' | 'reject' | 'suspend' | 'reactivate';

/** approve / reactivate take no body; reject / suspend take `{ reason }`. */
export function useOrganizationAction(id: string, action: OrganizationAction) {
  return useInvalidating((reason?: string) => {
    const path = { organizationId: id };
    if (action === 'approve' || action === 'reactivate')
      return apiClient.post(`/admin/organizations/{organizationId}/${action}`, { path });
    // The dialog asks for the reason before it confirms a rejection or a suspension.
    if (reason === undefined) throw new Error(`${action} needs a reason`);
    return apiClient.post(`/admin/organizations/{organizationId}/${action}`, { path, body: { reason } });
  });
}
