import {
  API_BASE,
  type ExportBody,
  type ImportPreview,
  type ImportResult,
  type Media,
  type QuestionBody,
  type QuestionGroup,
  type QuestionGroupBody,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type BackOfficeScope, useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { scoped } from '../../lib/api-client';
import { ApiError, networkError, readJson, toApiError } from '../../lib/api-error';
import { recoverFromExpiredToken } from '../../lib/token-refresh';

export const QUESTION_PAGE_SIZE = 20;
export type GroupListItem = Omit<QuestionGroup, 'questions' | 'passage' | 'transcript'> & {
  question_count: number;
};

export interface QuestionQuery {
  page: number;
  search?: string;
  exam_id?: string;
  format_id?: string;
  level_id?: string;
  question_type_id?: string;
  tag?: string;
  /** The API sorts by creation time only. */
  sort?: 'newest' | 'oldest';
}

/** Query keys start with the scope: the admin's bank and an organization's never share a cache. */
const keysOf = (scope: BackOfficeScope) => ({
  questions: [...scope.key, 'questions'] as const,
  groups: [...scope.key, 'question-groups'] as const,
});

/** The scope's question-bank paths and query keys, for the hooks below. */
function useBank() {
  const scope = useBackOfficeScope();
  return { scope, keys: keysOf(scope) };
}

export function useQuestionList(query: QuestionQuery, enabled = true) {
  const { scope, keys } = useBank();
  return useQuery({
    queryKey: [...keys.questions, 'list', query],
    queryFn: () => scoped(scope).get('/questions', { query: { pageSize: QUESTION_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useQuestion(id: string) {
  const { scope, keys } = useBank();
  return useQuery({
    queryKey: [...keys.questions, 'one', id],
    queryFn: () => scoped(scope).get('/questions/{id}', { path: { id } }),
  });
}

export function useSaveQuestion(id?: string) {
  const { scope, keys } = useBank();
  return useInvalidating(
    (body: QuestionBody) =>
      id
        ? scoped(scope).put('/questions/{id}', { path: { id }, body })
        : scoped(scope).post('/questions', { body }),
    keys.questions,
  );
}

export function useDeleteQuestion() {
  const { scope, keys } = useBank();
  return useInvalidating(
    (id: string) => scoped(scope).delete('/questions/{id}', { path: { id } }),
    keys.questions,
  );
}

export function useGroupList(query: Omit<QuestionQuery, 'question_type_id'>, enabled = true) {
  const { scope, keys } = useBank();
  return useQuery({
    queryKey: [...keys.groups, 'list', query],
    queryFn: () =>
      scoped(scope).get('/question-groups', { query: { pageSize: QUESTION_PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGroup(id: string) {
  const { scope, keys } = useBank();
  return useQuery({
    queryKey: [...keys.groups, 'one', id],
    queryFn: () => scoped(scope).get('/question-groups/{id}', { path: { id } }),
  });
}

export function useSaveGroup(id?: string) {
  const { scope, keys } = useBank();
  return useInvalidating(
    (body: QuestionGroupBody) =>
      id
        ? scoped(scope).put('/question-groups/{id}', { path: { id }, body })
        : scoped(scope).post('/question-groups', { body }),
    keys.groups,
    keys.questions,
  );
}

export function useDeleteGroup() {
  const { scope, keys } = useBank();
  return useInvalidating(
    (id: string) => scoped(scope).delete('/question-groups/{id}', { path: { id } }),
    keys.groups,
    keys.questions,
  );
}

/** Sends a request the JSON client cannot (multipart upload, file download), with the token refresh. */
async function sendRaw(path: string, init: RequestInit): Promise<Response> {
  const url = `${API_BASE}${path}`;
  const send = () => fetch(url, { credentials: 'include', ...init });
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
  if (!response.ok) throw toApiError(await readJson(response), response.status);
  return response;
}

async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await sendRaw(path, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  return ((await readJson(response)) as { result: T }).result;
}

/**
 * POST /{scope}/media: an audio clip or a picture, checked by content on the server. `path` names another
 * upload route of the scope (the vocabulary screens upload at /vocabulary/media).
 */
export function useUploadMedia(path = '/media') {
  const scope = useBackOfficeScope();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return postForm<Media>(scope.api(path), form);
    },
  });
}

export interface ImportRequest {
  file: File;
  format?: string | null;
  format_id: string;
  level_id?: string | null;
  tags?: string;
  /** Import the valid items and leave the refused ones out (listed in the result). */
  skip_invalid?: boolean;
}

function importForm(request: ImportRequest): FormData {
  const form = new FormData();
  if (request.format) form.append('format', request.format);
  form.append('format_id', request.format_id);
  if (request.level_id) form.append('level_id', request.level_id);
  if (request.tags) form.append('tags', request.tags);
  if (request.skip_invalid) form.append('skip_invalid', 'true');
  form.append('file', request.file);
  return form;
}

export function useImportPreview() {
  const scope = useBackOfficeScope();
  return useMutation({
    mutationFn: (request: ImportRequest) =>
      postForm<ImportPreview>(scope.api('/question-bank/import/preview'), importForm(request)),
  });
}

export function useRunImport() {
  const { scope, keys } = useBank();
  return useInvalidating(
    (request: ImportRequest) =>
      postForm<ImportResult>(scope.api('/question-bank/import'), importForm(request)),
    keys.questions,
    keys.groups,
  );
}

/** POST /admin/question-bank/export, saved as the file the server names. */
export function useExport() {
  const scope = useBackOfficeScope();
  return useMutation({
    mutationFn: async (body: ExportBody) => {
      const response = await sendRaw(scope.api('/question-bank/export'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `prepwise-export.${body.format}`;
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return name;
    },
  });
}

/** The import templates of the scope's API. */
export function useTemplateUrls() {
  const scope = useBackOfficeScope();
  return {
    xlsx: `${API_BASE}${scope.api('/question-bank/import/template.xlsx')}`,
    csv: `${API_BASE}${scope.api('/question-bank/import/template.csv')}`,
  };
}
