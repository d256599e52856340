import {
  API_BASE,
  type ClassBody,
  type ClassItem,
  type Invitation,
  type JoinCode,
  type LearnerOrganization,
  type Page,
  type PublicInvitation,
  type RosterImportResult,
  type RosterPreview,
  type Student,
  type StudentDetail,
  type StudentUpdateBody,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import { api } from '../../lib/api-client';
import { ApiError, networkError, readJson, toApiError } from '../../lib/api-error';
import { recoverFromExpiredToken } from '../../lib/token-refresh';

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
  /** Classes, invitations and import pages exist in the organization portal only. */
  portal: boolean;
}

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
    return {
      api: (path) => `/admin/organizations/${organizationId}${path}`,
      studentPath: (id) => `${web}/${id}`,
      studentEditPath: (id) => `${web}/${id}/edit`,
      testPath: (id, testId) => `/admin/students/${id}/test/${testId}`,
      listPath: `${web}?tab=students`,
      key: ['admin', 'organization', organizationId],
      portal: false,
    };
  }, [organizationId]);
  return createElement(StudentsScopeContext.Provider, { value }, children);
}

const PORTAL: StudentsScope = {
  api: (path) => `/educator${path}`,
  studentPath: (id) => `/organization/students/${id}`,
  studentEditPath: (id) => `/organization/students/${id}/edit`,
  testPath: (id, testId) => `/organization/students/${id}/test/${testId}`,
  listPath: '/organization/students',
  key: ['organization'],
  portal: true,
};

export function useStudentsScope(): StudentsScope {
  return useContext(StudentsScopeContext) ?? PORTAL;
}

function query(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
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
  return useQuery({
    queryKey: [...scope.key, 'students', 'list', params],
    queryFn: () =>
      api.get<Page<Student>>(scope.api(`/students?${query({ ...params, pageSize: STUDENT_PAGE_SIZE })}`)),
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: string) {
  const scope = useStudentsScope();
  return useQuery({
    queryKey: [...scope.key, 'students', 'one', id],
    queryFn: () => api.get<StudentDetail>(scope.api(`/students/${id}`)),
  });
}

function useInvalidate() {
  const scope = useStudentsScope();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...scope.key] });
}

export function useUpdateStudent(id: string) {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StudentUpdateBody) => api.put<StudentDetail>(scope.api(`/students/${id}`), body),
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
  return useQuery({
    queryKey: [...scope.key, 'classes', 'list', params],
    queryFn: () => api.get<Page<ClassItem>>(scope.api(`/classes?${query({ ...params, pageSize: 50 })}`)),
    placeholderData: keepPreviousData,
  });
}

/** Every class (open and archived), for pickers and filters. */
export function useClassOptions() {
  const scope = useStudentsScope();
  return useQuery({
    queryKey: [...scope.key, 'classes', 'options'],
    queryFn: () => api.get<Page<ClassItem>>(scope.api('/classes?state=all&pageSize=100')),
  });
}

export function useSaveClass() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ClassBody }) =>
      id
        ? api.put<ClassItem>(scope.api(`/classes/${id}`), body)
        : api.post<ClassItem>(scope.api('/classes'), body),
    onSuccess: invalidate,
  });
}

export function useArchiveClass() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api.put<ClassItem>(scope.api(`/classes/${id}/archive`), { archived }),
    onSuccess: invalidate,
  });
}

export function useMoveStudents() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ from, to, userIds }: { from: string; to: string; userIds: string[] }) =>
      api.post<{ changed: number }>(scope.api(`/classes/${from}/students/move`), {
        user_ids: userIds,
        to_class_id: to,
      }),
    onSuccess: invalidate,
  });
}

export function useJoinCode() {
  const scope = useStudentsScope();
  return useQuery({
    queryKey: [...scope.key, 'join-code'],
    queryFn: () => api.get<JoinCode>(scope.api('/students-join-code')),
  });
}

export function useRegenerateJoinCode() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.post<JoinCode>(scope.api('/students-join-code')),
    onSuccess: invalidate,
  });
}

export function useInvitationList(page: number) {
  const scope = useStudentsScope();
  return useQuery({
    queryKey: [...scope.key, 'invitations', page],
    queryFn: () => api.get<Page<Invitation>>(scope.api(`/student-invitations?page=${page}&pageSize=20`)),
    placeholderData: keepPreviousData,
  });
}

export function useInvite() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { emails: string[]; class_ids: string[] }) =>
      api.post<{ invited: Invitation[]; already_students: string[] }>(
        scope.api('/student-invitations'),
        body,
      ),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<Invitation>(scope.api(`/student-invitations/${id}`)),
    onSuccess: invalidate,
  });
}

/** Sends a multipart upload with the token refresh (the JSON client sends JSON only). */
async function postFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const send = () =>
    fetch(`${API_BASE}${path}`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401) {
      const payload = (await readJson(response.clone())) as { key?: unknown } | undefined;
      if (payload?.key === 'EXPIRED_TOKEN') response = await recoverFromExpiredToken(send);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw networkError(error);
  }
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(payload, response.status);
  return (payload as { result: T }).result;
}

export function useRosterPreview() {
  const scope = useStudentsScope();
  return useMutation({
    mutationFn: (file: File) => postFile<RosterPreview>(scope.api('/students/import/preview'), file),
  });
}

export function useRosterImport() {
  const scope = useStudentsScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => postFile<RosterImportResult>(scope.api('/students/import'), file),
    onSuccess: invalidate,
  });
}

export const templateUrl = (scope: StudentsScope, format: 'csv' | 'xlsx') =>
  `${API_BASE}${scope.api(`/students/import/template.${format}`)}`;

// ---------------------------------------------------------------- the learner's side

export function useMyOrganizations(enabled = true) {
  return useQuery({
    queryKey: ['user', 'organizations'],
    queryFn: () => api.get<LearnerOrganization[]>('/user/organizations'),
    enabled,
  });
}

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: ['public', 'invitation', token],
    queryFn: () => api.get<PublicInvitation>(`/public/invitations/${token}`),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: { full_name?: string; password?: string; password_confirmation?: string }) =>
      api.post<{ signed_in: boolean; organization: LearnerOrganization }>(
        `/public/invitations/${token}/accept`,
        body,
      ),
  });
}
