import type { AiDraftStatus, AiJob, AiTask, QuestionBody } from '@prepwise/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { type ApiBody, type ApiQuery, scoped } from '../../lib/api-client';

export const AI_PAGE_SIZE = 20;
/** The feature's pages under the scope's area (`/admin/…` or `/organization/…`). */
export const GENERATE_PATH = '/question-bank/generate';
export const REVIEW_PATH = '/question-bank/ai';
/** One question generated while the author waits (`/{jobId}` shows it). */
export const SINGLE_AI_PATH = '/question-bank/single/ai';
/** Reading questions about a text, approved as one group (`/{jobId}` shows them). */
export const GROUP_AI_PATH = '/question-bank/group/ai';

const keysOf = (scope: BackOfficeScope) => ({
  all: [...scope.key, 'ai'] as const,
  jobs: [...scope.key, 'ai', 'jobs'] as const,
  drafts: [...scope.key, 'ai', 'drafts'] as const,
  status: [...scope.key, 'ai', 'status'] as const,
  questions: [...scope.key, 'questions'] as const,
});

function useAi() {
  const scope = useBackOfficeScope();
  return { scope, keys: keysOf(scope) };
}

export function useAiStatus() {
  const { scope, keys } = useAi();
  return useQuery({ queryKey: keys.status, queryFn: () => scoped(scope).get('/ai/status') });
}

/** The published vocabulary topics a job can take its word list from. */
export function useAiVocabularyTopics() {
  const { scope, keys } = useAi();
  return useQuery({
    queryKey: [...keys.all, 'vocabulary-topics'],
    queryFn: () => scoped(scope).get('/ai/vocabulary-topics'),
    staleTime: 60_000,
  });
}

export type JobQuery = Omit<ApiQuery<'/admin/ai/jobs'>, 'pageSize'> & { page: number };

const running = (job: AiJob | undefined) => job?.status === 'queued' || job?.status === 'running';

export function useJobList(query: JobQuery) {
  const { scope, keys } = useAi();
  return useQuery({
    queryKey: [...keys.jobs, 'list', query],
    queryFn: () => scoped(scope).get('/ai/jobs', { query: { pageSize: AI_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
    // Progress moves while a job on the page runs.
    refetchInterval: (current) => (current.state.data?.items.some(running) ? 1500 : false),
  });
}

export function useJob(id: string) {
  const { scope, keys } = useAi();
  return useQuery({
    queryKey: [...keys.jobs, 'one', id],
    queryFn: () => scoped(scope).get('/ai/jobs/{id}', { path: { id } }),
    refetchInterval: (current) => (running(current.state.data) ? 1000 : false),
  });
}

export function useCreateJob() {
  const { scope, keys } = useAi();
  return useInvalidating(
    (body: ApiBody<'/admin/ai/jobs'>) => scoped(scope).post('/ai/jobs', { body }),
    keys.all,
  );
}

export function useJobAction(action: 'cancel' | 'retry') {
  const { scope, keys } = useAi();
  return useInvalidating(
    (id: string) => scoped(scope).post(`/ai/jobs/{id}/${action}`, { path: { id } }),
    keys.all,
  );
}

export interface DraftQuery {
  page: number;
  search?: string;
  job_id?: string;
  status?: AiDraftStatus;
  task?: AiTask;
  level_id?: string;
  pageSize?: number;
}

export function useDraftList(query: DraftQuery, options: { poll?: boolean } = {}) {
  const { scope, keys } = useAi();
  return useQuery({
    queryKey: [...keys.drafts, 'list', query],
    queryFn: () => scoped(scope).get('/ai/drafts', { query: { pageSize: AI_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
    // A job's items are polled while it runs, and once more after it ends if the last answer still had
    // items waiting: the job's own poll can see it finish before this one sees its last items written.
    refetchInterval: (current) =>
      options.poll === undefined
        ? false
        : options.poll || current.state.data?.items.some((draft) => draft.status === 'queued')
          ? 1500
          : false,
  });
}

export function useDraft(id: string) {
  const { scope, keys } = useAi();
  return useQuery({
    queryKey: [...keys.drafts, 'one', id],
    queryFn: () => scoped(scope).get('/ai/drafts/{id}', { path: { id } }),
  });
}

export function useSaveDraft(id: string) {
  const { scope, keys } = useAi();
  return useInvalidating(
    (body: Omit<QuestionBody, 'format_id'>) => scoped(scope).put('/ai/drafts/{id}', { path: { id }, body }),
    keys.all,
  );
}

export function useApproveDraft() {
  const { scope, keys } = useAi();
  return useInvalidating(
    (id: string) => scoped(scope).post('/ai/drafts/{id}/approve', { path: { id } }),
    keys.all,
    keys.questions,
  );
}

export function useRejectDraft() {
  const { scope, keys } = useAi();
  return useInvalidating(
    ({ id, reason }: { id: string; reason: string }) =>
      scoped(scope).post('/ai/drafts/{id}/reject', { path: { id }, body: { reason } }),
    keys.all,
  );
}

/** Approve or reject the selected drafts together (one request; the answer counts them). */
export function useBulkReviewDrafts() {
  const { scope, keys } = useAi();
  return useInvalidating(
    (body: ApiBody<'/admin/ai/drafts/bulk'>) => scoped(scope).post('/ai/drafts/bulk', { body }),
    keys.all,
    keys.questions,
  );
}

/** A reading job's waiting drafts join the bank as one question group. */
export function useApproveGroup(jobId: string) {
  const { scope, keys } = useAi();
  return useInvalidating(
    (body: { title: string }) => scoped(scope).post('/ai/jobs/{id}/group', { path: { id: jobId }, body }),
    keys.all,
    keys.questions,
    [...scope.key, 'question-groups'],
  );
}
