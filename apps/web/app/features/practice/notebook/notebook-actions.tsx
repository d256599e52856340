import { ActionIcon, Anchor, Box, Button, Group, Tooltip } from '@mantine/core';
import { type AttemptResult, type NotebookMark, WEB_PATHS } from '@prepwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { StarIcon } from '../../../components/icons';
import { QueryProvider } from '../../../components/query-provider';
import { apiClient } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n-react';
import { examPath } from '../format';

/*
 * The learner's own actions on a result (issue 14): practise its mistakes, bookmark its questions. They
 * show only inside a NotebookScope — the learner's result pages set it, the back office's view does not.
 */

const NotebookScopeContext = createContext<{ attemptId: string } | null>(null);

/** The learner's own result: its actions (and the query client they use, not in the root). */
export function NotebookScope({ attemptId, children }: { attemptId: string; children: ReactNode }) {
  return (
    <QueryProvider>
      <NotebookScopeContext.Provider value={{ attemptId }}>{children}</NotebookScopeContext.Provider>
    </QueryProvider>
  );
}

const marksKey = (attemptId: string) => ['notebook', 'marks', attemptId] as const;

/** The questions of a result to practise again: wrong or partly right, unanswered, or flagged. */
export function mistakeCount(result: AttemptResult): number {
  return result.review
    .flatMap((section) =>
      section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
    )
    .filter(
      (question) =>
        question.flagged ||
        question.outcome === 'wrong' ||
        question.outcome === 'partial' ||
        question.outcome === 'skipped',
    ).length;
}

/** "Practise my mistakes": a new practice attempt of those questions, in the exam runner. */
export function PractiseMistakesButton({ result }: { result: AttemptResult }) {
  const scope = useContext(NotebookScopeContext);
  const { t } = useTranslation('practice');
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const count = mistakeCount(result);
  if (!scope || result.status !== 'submitted') return null;
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const started = await apiClient.post('/user/attempts/{id}/practice-mistakes', {
        path: { id: result.id },
      });
      await navigate(examPath(started.test_slug, started.id));
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  };
  return (
    <Box mt="sm">
      <Group gap="sm">
        {count > 0 ? (
          <Tooltip label={t('notebook.practiseMistakesHint')} withArrow multiline w={260}>
            <Button
              onClick={start}
              loading={pending}
              variant="light"
              color="grape"
              data-testid="practise-mistakes"
            >
              {t('notebook.practiseMistakes', { count })}
            </Button>
          </Tooltip>
        ) : null}
        <Anchor component={Link} to={WEB_PATHS.mistakes} size="sm">
          {t('notebook.open')}
        </Anchor>
      </Group>
      <ApiErrorAlert error={error} />
    </Box>
  );
}

/**
 * The star of one reviewed question: in the learner's notebook or not. Outside a NotebookScope (the back
 * office's view, an organization's assigned test) there is no star, and no query client is asked for.
 */
export function QuestionBookmark({ questionId }: { questionId: string }) {
  const scope = useContext(NotebookScopeContext);
  if (!scope) return null;
  return <Bookmark questionId={questionId} attemptId={scope.attemptId} />;
}

function Bookmark({ questionId, attemptId }: { questionId: string; attemptId: string }) {
  const { t } = useTranslation('practice');
  const client = useQueryClient();
  const marks = useQuery({
    queryKey: marksKey(attemptId),
    queryFn: () => apiClient.get('/user/attempts/{id}/notebook', { path: { id: attemptId } }),
    staleTime: 60_000,
  });
  const toggle = useMutation({
    mutationFn: (bookmarked: boolean) =>
      apiClient.put('/user/notebook/{questionId}', {
        path: { questionId },
        body: { bookmarked, attempt_id: attemptId },
      }),
    onSuccess: (mark) =>
      client.setQueryData<NotebookMark[]>(marksKey(attemptId), (held = []) => [
        ...held.filter((entry) => entry.question_id !== questionId),
        mark,
      ]),
  });
  const bookmarked = marks.data?.some((mark) => mark.question_id === questionId && mark.bookmarked) ?? false;
  const label = bookmarked ? t('notebook.unbookmark') : t('notebook.bookmark');
  return (
    <Tooltip label={toggle.isError ? t('notebook.saveFailed') : label} withArrow>
      <ActionIcon
        variant={bookmarked ? 'filled' : 'subtle'}
        color={toggle.isError ? 'red' : 'yellow'}
        aria-label={label}
        aria-pressed={bookmarked}
        loading={toggle.isPending}
        disabled={!marks.isSuccess}
        onClick={() => toggle.mutate(!bookmarked)}
        data-testid="bookmark-question"
      >
        <StarIcon size={18} fill={bookmarked ? 'currentColor' : 'none'} />
      </ActionIcon>
    </Tooltip>
  );
}
