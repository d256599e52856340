import type { RoleBody, Staff, StaffCreateBody, StaffUpdateBody } from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { scoped } from '../../lib/api-client';

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

/** Query keys start with the scope: the admin's and an organization's lists never share a cache. */
const keysOf = (scope: BackOfficeScope) => ({
  staff: [...scope.key, 'staff'] as const,
  roles: [...scope.key, 'roles'] as const,
});

export function useStaffList(params: StaffQuery) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useQuery({
    queryKey: [...keys.staff, 'list', params],
    queryFn: () => scoped(scope).get('/staffs', { query: { ...params, pageSize: STAFF_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(id: string) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useQuery({
    queryKey: [...keys.staff, 'one', id],
    queryFn: () => scoped(scope).get('/staffs/{id}', { path: { id } }),
  });
}

export function useRoleList(params: RoleQuery) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useQuery({
    queryKey: [...keys.roles, 'list', params],
    queryFn: () => scoped(scope).get('/roles', { query: { ...params, pageSize: STAFF_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Every role, for choosing one (needs view_role). */
export function useRoleOptions(enabled = true) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useQuery({
    queryKey: [...keys.roles, 'options'],
    queryFn: () => scoped(scope).get('/roles', { query: { page: 1, pageSize: ROLE_OPTIONS_PAGE_SIZE } }),
    enabled,
  });
}

export function useRole(id: string) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useQuery({
    queryKey: [...keys.roles, 'one', id],
    queryFn: () => scoped(scope).get('/roles/{id}', { path: { id } }),
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
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useInvalidating((body: StaffCreateBody) => scoped(scope).post('/staffs', { body }), keys.staff);
}

export function useUpdateStaff(id: string) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useInvalidating(
    (body: StaffUpdateBody) => scoped(scope).put('/staffs/{id}', { path: { id }, body }),
    keys.staff,
  );
}

export function useCreateRole() {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useInvalidating((body: RoleBody) => scoped(scope).post('/roles', { body }), keys.roles);
}

export function useUpdateRole(id: string) {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useInvalidating(
    (body: RoleBody) => scoped(scope).put('/roles/{id}', { path: { id }, body }),
    keys.roles,
  );
}

export function useDeleteRole() {
  const scope = useBackOfficeScope();
  const keys = keysOf(scope);
  return useInvalidating((id: string) => scoped(scope).delete('/roles/{id}', { path: { id } }), keys.roles);
}
