import type { Page, Role, RoleBody, Staff, StaffCreateBody, StaffUpdateBody } from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface StaffQuery {
  page: number;
  search?: string;
  role_id?: string;
  status?: Staff['status'];
}

export interface RoleQuery {
  page: number;
  search?: string;
}

export const STAFF_PAGE_SIZE = 20;
/** Enough to list every role in a select; the API caps pages at 100. */
const ROLE_OPTIONS_PAGE_SIZE = 100;

function query(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

const keys = {
  staff: ['admin', 'staff'] as const,
  roles: ['admin', 'roles'] as const,
};

export function useStaffList(params: StaffQuery) {
  return useQuery({
    queryKey: [...keys.staff, 'list', params],
    queryFn: () => api.get<Page<Staff>>(`/admin/staffs?${query({ ...params, pageSize: STAFF_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(id: string) {
  return useQuery({
    queryKey: [...keys.staff, 'one', id],
    queryFn: () => api.get<Staff>(`/admin/staffs/${id}`),
  });
}

export function useRoleList(params: RoleQuery) {
  return useQuery({
    queryKey: [...keys.roles, 'list', params],
    queryFn: () => api.get<Page<Role>>(`/admin/roles?${query({ ...params, pageSize: STAFF_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** Every role, for choosing one (needs view_role). */
export function useRoleOptions(enabled = true) {
  return useQuery({
    queryKey: [...keys.roles, 'options'],
    queryFn: () =>
      api.get<Page<Role>>(`/admin/roles?${query({ page: 1, pageSize: ROLE_OPTIONS_PAGE_SIZE })}`),
    enabled,
  });
}

export function useRole(id: string) {
  return useQuery({
    queryKey: [...keys.roles, 'one', id],
    queryFn: () => api.get<Role>(`/admin/roles/${id}`),
  });
}

function useInvalidating<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  scope: readonly string[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: scope }),
  });
}

export function useCreateStaff() {
  return useInvalidating((body: StaffCreateBody) => api.post<Staff>('/admin/staffs', body), keys.staff);
}

export function useUpdateStaff(id: string) {
  return useInvalidating((body: StaffUpdateBody) => api.put<Staff>(`/admin/staffs/${id}`, body), keys.staff);
}

export function useCreateRole() {
  return useInvalidating((body: RoleBody) => api.post<Role>('/admin/roles', body), keys.roles);
}

export function useUpdateRole(id: string) {
  return useInvalidating((body: RoleBody) => api.put<Role>(`/admin/roles/${id}`, body), keys.roles);
}

export function useDeleteRole() {
  return useInvalidating(
    (id: string) => api.delete<{ message_key: string }>(`/admin/roles/${id}`),
    keys.roles,
  );
}
