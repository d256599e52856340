import { API_BASE, type VocabularyWordBody } from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { useInvalidating } from '../../lib/admin-query';
import { type ApiBody, type ApiQuery, scoped } from '../../lib/api-client';

export const VOCABULARY_PAGE_SIZE = 20;

/** API paths and query keys of the vocabulary screens, from the back-office scope (the admin's). */
function useVocabularyScope() {
  const scope = useBackOfficeScope();
  return {
    api: scope.api,
    topicsKey: [...scope.key, 'vocabulary-topics'] as const,
    wordsKey: [...scope.key, 'vocabulary-words'] as const,
  };
}

export function useTopicList(
  params: Omit<ApiQuery<'/admin/vocabulary-topics'>, 'pageSize'> & { page: number },
) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.topicsKey, 'list', params],
    queryFn: () =>
      scoped<'/admin'>(scope).get('/vocabulary-topics', {
        query: { ...params, pageSize: VOCABULARY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every topic, for the word form's and the word list's topic pickers. */
export function useTopicOptions() {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.topicsKey, 'options'],
    queryFn: () => scoped<'/admin'>(scope).get('/vocabulary-topics', { query: { page: 1, pageSize: 100 } }),
  });
}

export function useTopic(id: string) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.topicsKey, 'one', id],
    queryFn: () => scoped<'/admin'>(scope).get('/vocabulary-topics/{id}', { path: { id } }),
  });
}

export function useSaveTopic(id?: string) {
  const scope = useVocabularyScope();
  return useInvalidating(
    (body: ApiBody<'/admin/vocabulary-topics'>) =>
      id
        ? scoped<'/admin'>(scope).put('/vocabulary-topics/{id}', { path: { id }, body })
        : scoped<'/admin'>(scope).post('/vocabulary-topics', { body }),
    scope.topicsKey,
  );
}

export function useDeleteTopic() {
  const scope = useVocabularyScope();
  return useInvalidating(
    (id: string) => scoped<'/admin'>(scope).delete('/vocabulary-topics/{id}', { path: { id } }),
    scope.topicsKey,
    scope.wordsKey,
  );
}

export function useWordList(
  params: Omit<ApiQuery<'/admin/vocabulary-words'>, 'pageSize'> & { page: number },
) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.wordsKey, 'list', params],
    queryFn: () =>
      scoped<'/admin'>(scope).get('/vocabulary-words', {
        query: { ...params, pageSize: VOCABULARY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWord(id: string) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.wordsKey, 'one', id],
    queryFn: () => scoped<'/admin'>(scope).get('/vocabulary-words/{id}', { path: { id } }),
  });
}

export function useSaveWord(id?: string) {
  const scope = useVocabularyScope();
  return useInvalidating(
    (body: VocabularyWordBody) =>
      id
        ? scoped<'/admin'>(scope).put('/vocabulary-words/{id}', { path: { id }, body })
        : scoped<'/admin'>(scope).post('/vocabulary-words', { body }),
    scope.wordsKey,
    scope.topicsKey,
  );
}

export function useDeleteWord() {
  const scope = useVocabularyScope();
  return useInvalidating(
    (id: string) => scoped<'/admin'>(scope).delete('/vocabulary-words/{id}', { path: { id } }),
    scope.wordsKey,
    scope.topicsKey,
  );
}

export function useWordFilePreview() {
  const scope = useVocabularyScope();
  return useMutation({
    mutationFn: (file: File) => scoped<'/admin'>(scope).upload('/vocabulary-words/import/preview', file),
  });
}

export function useWordFileImport() {
  const scope = useVocabularyScope();
  return useInvalidating(
    (file: File) => scoped<'/admin'>(scope).upload('/vocabulary-words/import', file),
    scope.wordsKey,
    scope.topicsKey,
  );
}

/** The export (every word, or one topic's) — also the template of the import. */
export function useWordFileUrl() {
  const scope = useVocabularyScope();
  return (format: 'csv' | 'xlsx', topicId?: string) =>
    `${API_BASE}${scope.api('/vocabulary-words')}/export.${format}${topicId ? `?topic_id=${topicId}` : ''}`;
}
