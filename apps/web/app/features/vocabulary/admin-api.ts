import {
  API_BASE,
  type Page,
  type VocabularyTopic,
  type VocabularyTopicBody,
  type VocabularyWord,
  type VocabularyWordBody,
  type WordImportPreview,
  type WordImportResult,
} from '@prepwise/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useBackOfficeScope } from '../../components/back-office/scope';
import { toQuery, useInvalidating } from '../../lib/admin-query';
import { api } from '../../lib/api-client';

export const VOCABULARY_PAGE_SIZE = 20;

/** API paths and query keys of the vocabulary screens, from the back-office scope (the admin's). */
function useVocabularyScope() {
  const scope = useBackOfficeScope();
  return {
    topics: scope.api('/vocabulary-topics'),
    words: scope.api('/vocabulary-words'),
    topicsKey: [...scope.key, 'vocabulary-topics'] as const,
    wordsKey: [...scope.key, 'vocabulary-words'] as const,
  };
}

export function useTopicList(params: { page: number; search?: string; level?: string; exam?: string }) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.topicsKey, 'list', params],
    queryFn: () =>
      api.get<Page<VocabularyTopic>>(
        `${scope.topics}?${toQuery({ ...params, pageSize: VOCABULARY_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every topic, for the word form's and the word list's topic pickers. */
export function useTopicOptions() {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.topicsKey, 'options'],
    queryFn: () => api.get<Page<VocabularyTopic>>(`${scope.topics}?page=1&pageSize=100`),
  });
}

export function useTopic(id: string) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.topicsKey, 'one', id],
    queryFn: () => api.get<VocabularyTopic>(`${scope.topics}/${id}`),
  });
}

export function useSaveTopic(id?: string) {
  const scope = useVocabularyScope();
  return useInvalidating(
    (body: VocabularyTopicBody) =>
      id
        ? api.put<VocabularyTopic>(`${scope.topics}/${id}`, body)
        : api.post<VocabularyTopic>(scope.topics, body),
    scope.topicsKey,
  );
}

export function useDeleteTopic() {
  const scope = useVocabularyScope();
  return useInvalidating(
    (id: string) => api.delete(`${scope.topics}/${id}`),
    scope.topicsKey,
    scope.wordsKey,
  );
}

export function useWordList(params: { page: number; search?: string; level?: string; topic_id?: string }) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.wordsKey, 'list', params],
    queryFn: () =>
      api.get<Page<VocabularyWord>>(
        `${scope.words}?${toQuery({ ...params, pageSize: VOCABULARY_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWord(id: string) {
  const scope = useVocabularyScope();
  return useQuery({
    queryKey: [...scope.wordsKey, 'one', id],
    queryFn: () => api.get<VocabularyWord>(`${scope.words}/${id}`),
  });
}

export function useSaveWord(id?: string) {
  const scope = useVocabularyScope();
  return useInvalidating(
    (body: VocabularyWordBody) =>
      id
        ? api.put<VocabularyWord>(`${scope.words}/${id}`, body)
        : api.post<VocabularyWord>(scope.words, body),
    scope.wordsKey,
    scope.topicsKey,
  );
}

export function useDeleteWord() {
  const scope = useVocabularyScope();
  return useInvalidating((id: string) => api.delete(`${scope.words}/${id}`), scope.wordsKey, scope.topicsKey);
}

export function useWordFilePreview() {
  const scope = useVocabularyScope();
  return useMutation({
    mutationFn: (file: File) => api.upload<WordImportPreview>(`${scope.words}/import/preview`, file),
  });
}

export function useWordFileImport() {
  const scope = useVocabularyScope();
  return useInvalidating(
    (file: File) => api.upload<WordImportResult>(`${scope.words}/import`, file),
    scope.wordsKey,
    scope.topicsKey,
  );
}

/** The export (every word, or one topic's) — also the template of the import. */
export function useWordFileUrl() {
  const scope = useVocabularyScope();
  return (format: 'csv' | 'xlsx', topicId?: string) =>
    `${API_BASE}${scope.words}/export.${format}${topicId ? `?topic_id=${topicId}` : ''}`;
}
