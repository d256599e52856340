import { API_BASE, type AssignmentBody } from '@prepwise/contract';
import { useQuery } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { apiClient, scoped } from '../../lib/api-client';

const enc = encodeURIComponent;

/** How often the results table asks again while the window is open (students are taking it). */
export const RESULTS_POLL_MS = 10_000;

/** The assignments of one organization's test, in the back-office scope (the organization portal). */
function useAssignmentsScope(testId: string) {
  const scope = useBackOfficeScope();
  const base = scope.api(`/tests/${enc(testId)}/assignments`);
  // Assignments are the organization portal's only.
  const http = scoped<'/educator'>(scope);
  return { base, http, key: [...scope.key, 'tests', 'assignments', testId] as const };
}

export function useAssignments(testId: string) {
  const { http, key } = useAssignmentsScope(testId);
  return useQuery({
    queryKey: [...key, 'list'],
    queryFn: () => http.get('/tests/{id}/assignments', { path: { id: testId } }),
  });
}

export function useSaveAssignment(testId: string, assignmentId?: string) {
  const { http, key } = useAssignmentsScope(testId);
  return useInvalidating(
    (body: AssignmentBody) =>
      assignmentId
        ? http.put('/tests/{id}/assignments/{assignmentId}', { path: { id: testId, assignmentId }, body })
        : http.post('/tests/{id}/assignments', { path: { id: testId }, body }),
    key,
  );
}

export function useCancelAssignment(testId: string) {
  const { http, key } = useAssignmentsScope(testId);
  return useInvalidating(
    (assignmentId: string) =>
      http.post('/tests/{id}/assignments/{assignmentId}/cancel', { path: { id: testId, assignmentId } }),
    key,
  );
}

/** Releases the review and essay marks to the students before the close time (answers "after close"). */
export function useReleaseResults(testId: string) {
  const { http, key } = useAssignmentsScope(testId);
  return useInvalidating(
    (assignmentId: string) =>
      http.post('/tests/{id}/assignments/{assignmentId}/release', { path: { id: testId, assignmentId } }),
    key,
  );
}

/** The results table; polled while the window is open, so a teacher watches statuses change. */
export function useAssignmentResults(testId: string, assignmentId: string, live: boolean) {
  const { http, key } = useAssignmentsScope(testId);
  return useQuery({
    queryKey: [...key, 'results', assignmentId],
    queryFn: () =>
      http.get('/tests/{id}/assignments/{assignmentId}/results', { path: { id: testId, assignmentId } }),
    refetchInterval: live ? RESULTS_POLL_MS : false,
  });
}

/** One attempt's integrity timeline (issue 29), fetched when the teacher opens it. */
export function useAttemptIntegrity(testId: string, assignmentId: string, attemptId: string | null) {
  const { http, key } = useAssignmentsScope(testId);
  return useQuery({
    queryKey: [...key, 'integrity', assignmentId, attemptId],
    queryFn: () =>
      http.get('/tests/{id}/assignments/{assignmentId}/attempts/{attemptId}/integrity', {
        path: { id: testId, assignmentId, attemptId: attemptId ?? '' },
      }),
    enabled: attemptId !== null,
  });
}

/** The download address of the results (the browser sends the session cookie). */
export function useResultsExportHref(testId: string) {
  const { base } = useAssignmentsScope(testId);
  return (assignmentId: string, format: 'csv' | 'xlsx') =>
    `${API_BASE}${base}/${enc(assignmentId)}/results/export?format=${format}`;
}

// ---------------------------------------------------------------- the learner's side

export function useMyAssignments(organizationSlug?: string, enabled = true) {
  return useQuery({
    queryKey: ['user', 'assignments', organizationSlug ?? ''],
    queryFn: () =>
      apiClient.get('/user/assignments', { query: { organization: organizationSlug || undefined } }),
    enabled,
  });
}

/** Starts (or resumes) the attempt; a new attempt of an assignment with a code sends the code typed. */
export function startAssignedAttempt(organizationSlug: string, testSlug: string, accessCode?: string) {
  return apiClient.post('/user/organizations/{slug}/tests/{testSlug}/attempts', {
    path: { slug: organizationSlug, testSlug },
    body: accessCode === undefined ? {} : { access_code: accessCode },
  });
}

/** The web paths of the learner's side. */
export const assignedTestPath = (organizationSlug: string, testSlug: string) =>
  `/organizations/${enc(organizationSlug)}/test/${enc(testSlug)}`;
export const assignedExamPath = (organizationSlug: string, testSlug: string, attemptId: string) =>
  `${assignedTestPath(organizationSlug, testSlug)}/exam/${enc(attemptId)}`;
export const assignedResultPath = (organizationSlug: string, testSlug: string, attemptId: string) =>
  `${assignedTestPath(organizationSlug, testSlug)}/result/${enc(attemptId)}`;

/** The answer-similarity report of an assignment (issue 29), computed when the teacher asks for it. */
export function useAssignmentSimilarity(testId: string, assignmentId: string, enabled: boolean) {
  const { http, key } = useAssignmentsScope(testId);
  return useQuery({
    queryKey: [...key, 'similarity', assignmentId],
    queryFn: () =>
      http.get('/tests/{id}/assignments/{assignmentId}/similarity', { path: { id: testId, assignmentId } }),
    enabled,
  });
}
