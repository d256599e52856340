import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  localName,
  localTitle,
  NOTEBOOK_NOTE_MAX,
  NOTEBOOK_PRACTICE_MAX,
  type NotebookFilters,
  type NotebookItem,
  type Page,
  type ReviewQuestion,
} from '@prepwise/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { StarIcon } from '../../../components/icons';
import { apiClient } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-react';
import { Prose } from '../../pages';
import { examPath, testPath } from '../format';
import classes from '../practice.module.css';
import { useAnswerText } from '../results/result-view';
import type { NotebookQuery } from './notebook-query';

function NoteEditor({ item }: { item: NotebookItem }) {
  const { t } = useTranslation('practice');
  const [note, setNote] = useState(item.note ?? '');
  const [saved, setSaved] = useState(item.note ?? '');
  const save = useMutation({
    mutationFn: () =>
      apiClient.put('/user/notebook/{questionId}', {
        path: { questionId: item.question_id },
        body: { note: note.trim() || null },
      }),
    onSuccess: (mark) => {
      setSaved(mark.note ?? '');
      setNote(mark.note ?? '');
    },
  });
  const changed = note.trim() !== saved;
  return (
    <Stack gap={6}>
      <Textarea
        label={t('notebook.note')}
        placeholder={t('notebook.notePlaceholder')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={NOTEBOOK_NOTE_MAX}
        autosize
        minRows={2}
        data-testid="notebook-note"
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!changed}
        >
          {t('notebook.saveNote')}
        </Button>
        {save.isSuccess && !changed ? (
          <Text size="xs" c="teal" role="status" data-testid="note-saved">
            {t('notebook.noteSaved')}
          </Text>
        ) : null}
      </Group>
      <ApiErrorAlert error={save.error} />
    </Stack>
  );
}

function NotebookCard({ item, onChanged }: { item: NotebookItem; onChanged: () => void }) {
  const { t, i18n } = useTranslation('practice');
  const answerText = useAnswerText();
  const [bookmarked, setBookmarked] = useState(item.bookmarked);
  const question: ReviewQuestion = {
    ...item.question,
    your_answer: item.last_answer,
    outcome: 'wrong',
    points: 0,
    flagged: false,
  };
  const star = useMutation({
    mutationFn: (value: boolean) =>
      apiClient.put('/user/notebook/{questionId}', {
        path: { questionId: item.question_id },
        body: { bookmarked: value },
      }),
    onSuccess: (mark) => setBookmarked(mark.bookmarked),
  });
  const learn = useMutation({
    mutationFn: (learned: boolean) =>
      apiClient.put('/user/notebook/{questionId}', {
        path: { questionId: item.question_id },
        body: { learned },
      }),
    onSuccess: onChanged,
  });
  const explanation =
    i18n.language === 'en'
      ? item.question.explanation_en || item.question.explanation_vi
      : item.question.explanation_vi || item.question.explanation_en;
  const yours = answerText(question, item.last_answer, 'yours');
  const correct = answerText(question, item.question.correct_answer, 'correct');
  const starLabel = bookmarked ? t('notebook.unbookmark') : t('notebook.bookmark');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="notebook-item" component="article">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to={testPath(item.test.slug)} inherit>
              {localTitle(item.test, i18n.language)}
            </Anchor>{' '}
            · {localName({ name: item.part_name, name_en: item.part_name_en }, i18n.language)}
          </Text>
          <Group gap={6} mt={4}>
            <Text fw={700}>{t('review.question', { number: item.question.number })}</Text>
            <Badge variant="light">
              {localName({ name: item.type_name, name_en: item.type_name_en }, i18n.language)}
            </Badge>
            {item.wrong_count > 0 ? (
              <Badge variant="light" color="red">
                {t('notebook.wrongTimes', { count: item.wrong_count })}
              </Badge>
            ) : null}
            {item.learned_at ? (
              <Badge variant="light" color="teal">
                {t('notebook.learnedOn', { date: formatDateTime(item.learned_at, i18n.language) })}
              </Badge>
            ) : null}
          </Group>
        </div>
        <Group gap="xs">
          {item.wrong_count > 0 ? (
            <Button
              size="xs"
              variant="default"
              loading={learn.isPending}
              onClick={() => learn.mutate(!item.learned_at)}
            >
              {item.learned_at ? t('notebook.reviewAgain') : t('notebook.markLearned')}
            </Button>
          ) : null}
          <Tooltip label={starLabel} withArrow>
            <ActionIcon
              variant={bookmarked ? 'filled' : 'subtle'}
              color="yellow"
              aria-label={starLabel}
              aria-pressed={bookmarked}
              loading={star.isPending}
              onClick={() => star.mutate(!bookmarked)}
              data-testid="notebook-bookmark"
            >
              <StarIcon size={18} fill={bookmarked ? 'currentColor' : 'none'} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Stack gap="sm" mt="sm">
        {item.group?.passage || item.group?.audio || item.group?.image ? (
          <details className={classes.notebookGroup}>
            <summary>{item.group.passage ? t('review.passage') : t('review.audio')}</summary>
            {item.group.image ? (
              <img
                src={item.group.image.url}
                alt=""
                loading="lazy"
                style={{ maxWidth: '100%', height: 'auto' }}
              />
            ) : null}
            {item.group.audio ? (
              // biome-ignore lint/a11y/useMediaCaption: the transcript follows when the test shows it
              <audio controls preload="none" src={item.group.audio.url} style={{ width: '100%' }} />
            ) : null}
            {item.group.passage ? <Prose html={item.group.passage} /> : null}
            {item.group.transcript ? (
              <>
                <Text fw={600} size="sm">
                  {t('review.transcript')}
                </Text>
                <Prose html={item.group.transcript} />
              </>
            ) : null}
          </details>
        ) : null}
        {item.question.stem ? <Prose html={item.question.stem} /> : null}
        {item.question.image ? (
          <img
            src={item.question.image.url}
            alt=""
            loading="lazy"
            style={{ maxWidth: '100%', height: 'auto' }}
          />
        ) : null}
        {item.question.audio ? (
          // biome-ignore lint/a11y/useMediaCaption: a question's clip belongs to its part's transcript
          <audio controls preload="none" src={item.question.audio.url} style={{ width: '100%' }} />
        ) : null}
        {item.wrong_count > 0 ? (
          <Text size="sm">
            <Text span c="red" fw={600}>
              {t('notebook.lastAnswer')}:
            </Text>{' '}
            {yours ?? t('review.noAnswer')}
          </Text>
        ) : null}
        {item.question.correct_answer === null ? (
          <Text size="sm" c="dimmed">
            {t('notebook.answersHidden')}
          </Text>
        ) : (
          <Text size="sm" data-testid="notebook-correct">
            <Text span c="teal" fw={600}>
              {t('review.correctAnswer')}:
            </Text>{' '}
            {correct ?? '—'}
          </Text>
        )}
        {explanation ? (
          <div>
            <Text fw={600} size="sm">
              {t('review.explanation')}
            </Text>
            <Prose html={explanation} />
          </div>
        ) : null}
        <NoteEditor item={item} />
        <ApiErrorAlert error={star.error ?? learn.error} />
      </Stack>
    </Card>
  );
}

/** The learner's mistake notebook (issue 14): wrong questions across tests, notes and bookmarks. */
export function NotebookPage({
  page,
  filters,
  query,
}: {
  page: Page<NotebookItem>;
  filters: NotebookFilters;
  query: NotebookQuery;
}) {
  const { t, i18n } = useTranslation('practice');
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const practise = useMutation({
    mutationFn: () => {
      // Offered only once a test is chosen (the button shows then).
      if (!query.test_id) throw new Error('no test chosen');
      return apiClient.post('/user/notebook/practice', {
        body: {
          test_id: query.test_id,
          // The bookmarks view is every bookmarked question, learned or not (notebookApiFilter).
          status: query.view === 'bookmarked' ? 'all' : query.view,
          ...(query.view === 'bookmarked' ? { bookmarked: true } : {}),
          ...(query.section_id ? { section_id: query.section_id } : {}),
          ...(query.type_id ? { type_id: query.type_id } : {}),
        },
      });
    },
    onSuccess: (started) => navigate(examPath(started.test_slug, started.id)),
  });

  const update = (changes: Partial<Record<'view' | 'test' | 'part' | 'type' | 'page', string | null>>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );
  };

  const views = [
    { value: 'to_review', label: t('notebook.views.toReview', { count: filters.counts.to_review }) },
    { value: 'learned', label: t('notebook.views.learned', { count: filters.counts.learned }) },
    { value: 'bookmarked', label: t('notebook.views.bookmarked', { count: filters.counts.bookmarked }) },
    { value: 'all', label: t('notebook.views.all') },
  ];
  const parts = filters.parts.filter((part) => !query.test_id || part.test_id === query.test_id);
  const pages = Math.ceil(page.total / page.pageSize);
  const practiseCount = Math.min(page.total, NOTEBOOK_PRACTICE_MAX);

  return (
    <Stack gap="lg" data-testid="notebook-page">
      <div>
        <Title order={1}>{t('notebook.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('notebook.lead')}
        </Text>
      </div>
      {filters.awaiting_release ? (
        <Alert variant="light" color="blue" data-testid="notebook-awaiting-release">
          {filters.awaiting_release.until
            ? t('notebook.awaitingRelease', {
                count: filters.awaiting_release.count,
                date: formatDateTime(filters.awaiting_release.until, i18n.language),
              })
            : t('notebook.awaitingTeacher', { count: filters.awaiting_release.count })}
        </Alert>
      ) : null}
      <SegmentedControl
        data={views}
        value={query.view}
        onChange={(value) => update({ view: value === 'to_review' ? null : value })}
        aria-label={t('notebook.viewLabel')}
        fullWidth
        styles={{ label: { whiteSpace: 'normal' } }}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('notebook.filters.test')}
          placeholder={t('notebook.filters.anyTest')}
          data={filters.tests.map((test) => ({
            value: test.id,
            label: `${localName(test, i18n.language)} (${test.count})`,
          }))}
          value={query.test_id}
          onChange={(value) => update({ test: value, part: null })}
          clearable
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label={t('notebook.filters.part')}
          placeholder={t('notebook.filters.anyPart')}
          data={parts.map((part) => ({
            value: part.id,
            label: `${localName(part, i18n.language)} (${part.count})`,
          }))}
          value={query.section_id}
          onChange={(value) => update({ part: value })}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label={t('notebook.filters.type')}
          placeholder={t('notebook.filters.anyType')}
          data={filters.types.map((type) => ({
            value: type.id,
            label: `${localName(type, i18n.language)} (${type.count})`,
          }))}
          value={query.type_id}
          onChange={(value) => update({ type: value })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <Card withBorder radius="lg" padding="md">
        {query.test_id ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t('notebook.practiseHint', { count: practiseCount, max: NOTEBOOK_PRACTICE_MAX })}
            </Text>
            <Button
              onClick={() => practise.mutate()}
              loading={practise.isPending}
              disabled={page.total === 0}
              data-testid="practise-notebook"
            >
              {t('notebook.practiseThese', { count: practiseCount })}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('notebook.chooseTest')}
          </Text>
        )}
        <ApiErrorAlert error={practise.error} />
      </Card>
      {page.items.length === 0 ? (
        <Alert variant="light" color="gray" data-testid="notebook-empty">
          {t(`notebook.empty.${query.view}`)}
        </Alert>
      ) : (
        <Stack gap="md">
          {page.items.map((item) => (
            <NotebookCard key={item.question_id} item={item} onChanged={() => revalidator.revalidate()} />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination total={pages} value={page.page} onChange={(value) => update({ page: String(value) })} />
      ) : null}
    </Stack>
  );
}
