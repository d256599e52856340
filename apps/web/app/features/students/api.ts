import {
  API_BASE,
  type ClassBody,
  ORGANIZATION_TENANT,
  type StudentUpdateBody,
  type TenantScope,
  tenantScopeApiPath,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import { apiClient, scoped } from '../../lib/api-client';

/**
 * Where the students feature works: the organization portal on the caller's organization
 * (`/educator/…`, pages under /organization), or the admin on one organization
 * (`/admin/organizations/:id/…`, pages under /admin/organization-management/:id). Same components.
 */
export interface StudentsScope {
  api: (path: string) => string;
  studentPath: (id: string) => string;
  studentEditPath: (id: string) => string;
  /** The student's attempts of one test (issue 15): the portal's page, or the admin's learner page. */
  testPath: (id: string, testId: string) => string;
  listPath: string;
  key: readonly unknown[];
  /**
   * Whose students, through which area (the contract's `TenantScope`): the portal's own organization or
   * one organization managed by the admin. Classes, invitations and import pages exist in the portal only.
   */
  tenant: Extract<TenantScope, { kind: 'organization' | 'managed-organization' }>;
}

/** Whether the scope is the organization's own portal (where classes, invitations and imports live). */
export const isPortal = (scope: StudentsScope): boolean => scope.tenant.kind === 'organization';

const StudentsScopeContext = createContext<StudentsScope | null>(null);

/** The admin's view of one organization's students. */
export function AdminOrganizationStudentsScope({
  organizationId,
  children,
}: {
  organizationId: string;
  children: ReactNode;
}) {
  const value = useMemo<StudentsScope>(() => {
    const web = `/admin/organization-management/list/${organizationId}`;
    const tenant = { kind: 'managed-organization', organizationId } as const;
    return {
      api: (path) => `${tenantScopeApiPath(tenant)}${path}`,
      studentPath: (id) => `${web}/${id}`,
      studentEditPath: (id) => `${web}/${id}/edit`,
      testPath: (id, testId) => `/admin/students/${id}/test/${testId}`,
      listPath: `${web}?tab=students`,
      key: ['admin', 'organization', organizationId],
      tenant,
    };
  }, [organizationId]);
  return createElement(StudentsScopeContext.Provider, { value }, children);
}

const PORTAL: StudentsScope = {
  api: (path) => `${tenantScopeApiPath(ORGANIZATION_TENANT)}${path}`,
  studentPath: (id) => `/organization/students/${id}`,
  studentEditPath: (id) => `/organization/students/${id}/edit`,
  testPath: (id, testId) => `/organization/students/${id}/test/${testId}`,
  listPath: '/organization/students',
  key: ['organization'],
  tenant: { kind: 'organization' },
};

export function useStudentsScope(): StudentsScope {
  return useContext(StudentsScopeContext) ?? PORTAL;
}

/** The typed client below the students scope's prefix (the portal's, or the admin's on one organization). */
function useStudentsApi() {
  return scoped<'/educator' | '/admin/organizations/{organizationId}'>(useStudentsScope());
}

export const STUDENT_PAGE_SIZE = 20;

export interface StudentQuery {
  page: number;
  search?: string;
  class_id?: string;
  status?: 'active' | 'removed';
}

export function useStudentList(params: StudentQuery) {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'students', 'list', params],
    queryFn: () => http.get('/students', { query: { ...params, pageSize: STUDENT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: string) {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'students', 'one', id],
    queryFn: () => http.get('/students/{id}', { path: { id } }),
  });
}

function useInvalidate() {
  const scope = useStudentsScope();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...scope.key] });
}

export function useUpdateStudent(id: string) {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StudentUpdateBody) => http.put('/students/{id}', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export interface ClassQuery {
  page: number;
  search?: string;
  state?: 'active' | 'archived' | 'all';
}

export function useClassList(params: ClassQuery) {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'classes', 'list', params],
    queryFn: () => http.get('/classes', { query: { ...params, pageSize: 50 } }),
    placeholderData: keepPreviousData,
  });
}

/** Every class (open and archived), for pickers and filters. */
export function useClassOptions() {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'classes', 'options'],
    queryFn: () => http.get('/classes', { query: { state: 'all', pageSize: 100 } }),
  });
}

export function useSaveClass() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ClassBody }) =>
      id ? http.put('/classes/{id}', { path: { id }, body }) : http.post('/classes', { body }),
    onSuccess: invalidate,
  });
}

export function useArchiveClass() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      http.put('/classes/{id}/archive', { path: { id }, body: { archived } }),
    onSuccess: invalidate,
  });
}

export function useMoveStudents() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ from, to, userIds }: { from: string; to: string; userIds: string[] }) =>
      http.post('/classes/{id}/students/move', {
        path: { id: from },
        body: { user_ids: userIds, to_class_id: to },
      }),
    onSuccess: invalidate,
  });
}

export function useJoinCode() {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'join-code'],
    queryFn: () => http.get('/students-join-code'),
  });
}

export function useRegenerateJoinCode() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => http.post('/students-join-code'),
    onSuccess: invalidate,
  });
}

/** Where code joiners go: one of the centre's open classes, or null for the waiting list. */
export function useSetJoinDefault() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (classId: string | null) =>
      http.put('/students-join-code/settings', { body: { default_class_id: classId } }),
    onSuccess: invalidate,
  });
}

/** Students who joined with the code, newest first (`waiting`: in no open class yet). */
export function useJoiners(params: { page: number; state: 'all' | 'waiting' }) {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'students', 'joined', params],
    queryFn: () => http.get('/students-joined', { query: { ...params, pageSize: STUDENT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Puts students into a class (a waiting joiner, for one). */
export function useAddToClass() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ classId, userIds }: { classId: string; userIds: string[] }) =>
      http.post('/classes/{id}/students', { path: { id: classId }, body: { user_ids: userIds } }),
    onSuccess: invalidate,
  });
}

export function useInvitationList(page: number) {
  const scope = useStudentsScope();
  const http = useStudentsApi();
  return useQuery({
    queryKey: [...scope.key, 'invitations', page],
    queryFn: () => http.get('/student-invitations', { query: { page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function useInvite() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { emails: string[]; class_ids: string[] }) =>
      http.post('/student-invitations', { body }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => http.delete('/student-invitations/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useRosterPreview() {
  const http = useStudentsApi();
  return useMutation({
    mutationFn: (file: File) => http.upload('/students/import/preview', file),
  });
}

export function useRosterImport() {
  const http = useStudentsApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => http.upload('/students/import', file),
    onSuccess: invalidate,
  });
}

export const templateUrl = (scope: StudentsScope, format: 'csv' | 'xlsx') =>
  `${API_BASE}${scope.api(`/students/import/template.${format}`)}`;

// ---------------------------------------------------------------- the learner's side

export function useMyOrganizations(enabled = true) {
  return useQuery({
    queryKey: ['user', 'organizations'],
    queryFn: () => apiClient.get('/user/organizations'),
    enabled,
  });
}

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: ['public', 'invitation', token],
    queryFn: () => apiClient.get('/public/invitations/{token}', { path: { token } }),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: { full_name?: string; password?: string; password_confirmation?: string }) =>
      apiClient.post('/public/invitations/{token}/accept', { path: { token }, body }),
  });
}
