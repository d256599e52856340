import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReviewCard, ReviewQueue } from '@prepwise/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { ApiError, NETWORK_ERROR_KEY } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';
import { isButtonTarget, isTypingTarget } from './flashcards';
import {
  appendToJournal,
  flushJournal,
  type JournalEntry,
  newClientId,
  readJournal,
  removeFromJournal,
} from './review-journal';
import classes from './vocabulary.module.css';

const RATINGS = [
  { rating: 1, key: 'again', color: 'red' },
  { rating: 2, key: 'hard', color: 'orange' },
  { rating: 3, key: 'good', color: 'green' },
  { rating: 4, key: 'easy', color: 'blue' },
] as const;

type Rating = (typeof RATINGS)[number]['rating'];

const isOffline = (error: unknown) => error instanceof ApiError && error.key === NETWORK_ERROR_KEY;

/** "10 phút", "3 ngày": how long until a card comes back with a rating. */
export function useIntervalText() {
  const { t } = useTranslation('vocabulary');
  return (minutes: number) => {
    if (minutes < 1) return t('review.interval.lessThanMinute');
    if (minutes < 60) return t('review.interval.minutes', { count: minutes });
    if (minutes < 1440) return t('review.interval.hours', { count: Math.round(minutes / 60) });
    if (minutes < 43_200) return t('review.interval.days', { count: Math.round(minutes / 1440) });
    return t('review.interval.months', { count: Math.round(minutes / 43_200) });
  };
}

const sendEntry = async (entry: JournalEntry): Promise<'done' | 'offline'> => {
  try {
    await apiClient.post('/user/vocabulary/cards/{id}/reviews', {
      path: { id: entry.card_id },
      body: {
        rating: entry.rating,
        client_id: entry.client_id,
        reviewed_at: entry.reviewed_at,
      },
    });
    return 'done';
  } catch (error) {
    return isOffline(error) ? 'offline' : 'done';
  }
};

/** /vocabulary/review: due cards first, then today's new ones; rate each, undo the last rating. */
export function ReviewPage({ initial, userId }: { initial: ReviewQueue; userId: string }) {
  const { t } = useTranslation('vocabulary');
  const { t: tErrors } = useTranslation('errors');
  const { t: tMessages } = useTranslation('messages');
  const intervalText = useIntervalText();
  const [queue, setQueue] = useState(initial);
  const [position, setPosition] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(0);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const history = useRef<{ clientId: string; offline: boolean }[]>([]);
  const card: ReviewCard | undefined = queue.cards[position];

  /** Fetches the queue again; `first` (a card just taken back) is put in front, to be rated again. */
  const reload = useCallback(
    async (first?: string) => {
      try {
        const next = await apiClient.get('/user/vocabulary/review');
        const index = first ? next.cards.findIndex((entry) => entry.id === first) : -1;
        if (index > 0) next.cards = [next.cards[index]!, ...next.cards.filter((_, at) => at !== index)];
        setQueue(next);
        setPosition(0);
        setRevealed(false);
      } catch (error) {
        if (!isOffline(error)) setNotice({ ok: false, text: tErrors('api.generic') });
      }
    },
    [tErrors],
  );

  const sync = useCallback(async () => {
    if (readJournal(userId).length === 0) return;
    const sent = await flushJournal(userId, sendEntry);
    setPending(readJournal(userId).length);
    if (sent > 0 && readJournal(userId).length === 0) {
      history.current = [];
      setNotice({ ok: true, text: t('review.synced') });
      await reload();
    }
  }, [userId, reload, t]);

  useEffect(() => {
    setPending(readJournal(userId).length);
    void sync();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [userId, sync]);

  const rate = useCallback(
    async (rating: Rating) => {
      if (!card || busy) return;
      setBusy(true);
      const entry: JournalEntry = {
        card_id: card.id,
        rating,
        client_id: newClientId(),
        reviewed_at: new Date().toISOString(),
      };
      try {
        // Ratings wait behind older journaled ones so the server sees them in order.
        if (readJournal(userId).length > 0)
          throw new ApiError({ code: 500, key: NETWORK_ERROR_KEY, message: '' });
        await apiClient.post('/user/vocabulary/cards/{id}/reviews', {
          path: { id: card.id },
          body: {
            rating,
            client_id: entry.client_id,
          },
        });
        history.current.push({ clientId: entry.client_id, offline: false });
      } catch (error) {
        if (!isOffline(error)) {
          setNotice({ ok: false, text: tErrors('api.generic') });
          setBusy(false);
          return;
        }
        appendToJournal(userId, entry);
        setPending(readJournal(userId).length);
        history.current.push({ clientId: entry.client_id, offline: true });
      }
      setNotice(null);
      setRevealed(false);
      setBusy(false);
      if (position + 1 < queue.cards.length) setPosition(position + 1);
      else if (readJournal(userId).length === 0) await reload();
      else setPosition(position + 1);
    },
    [card, busy, userId, position, queue.cards.length, reload, tErrors],
  );

  const undo = useCallback(async () => {
    if (busy) return;
    // Without a rating of this visit (e.g. after a reload) the server still knows the last one.
    const last = history.current.pop();
    setBusy(true);
    try {
      if (last?.offline) {
        removeFromJournal(userId, last.clientId);
        setPending(readJournal(userId).length);
        setPosition(Math.max(0, position - 1));
        setRevealed(false);
      } else {
        const restored = await apiClient.post('/user/vocabulary/reviews/undo');
        await reload(restored.id);
      }
      setNotice({ ok: true, text: t('review.undone') });
    } catch (error) {
      const nothing = error instanceof ApiError && error.errors?.review === 'vocabulary.nothing_to_undo';
      setNotice({
        ok: false,
        text: nothing ? tMessages('vocabulary.nothing_to_undo') : tErrors('api.generic'),
      });
    } finally {
      setBusy(false);
    }
  }, [busy, userId, position, reload, t, tErrors, tMessages]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.key === ' ' || event.key === 'Enter') && !revealed && card) {
        if (isButtonTarget(event.target)) return;
        event.preventDefault();
        setRevealed(true);
      } else if (revealed && ['1', '2', '3', '4'].includes(event.key)) {
        void rate(Number(event.key) as Rating);
      } else if (event.key === 'z' || event.key === 'Z') {
        void undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [revealed, card, rate, undo]);

  return (
    <Container size="sm" my="xl">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('review.title')}</Title>
        <Group gap="md">
          <Text size="sm" data-testid="due-count">
            {t('review.due', { count: queue.due_count })}
          </Text>
          <Text size="sm" data-testid="new-count">
            {t('review.new', { count: queue.new_available })}
          </Text>
        </Group>
      </Group>
      {pending > 0 && (
        <Alert color="yellow" variant="light" mt="md" role="status">
          {t('review.offline', { count: pending })}
        </Alert>
      )}
      {notice && (
        <Alert color={notice.ok ? 'green' : 'red'} variant="light" mt="md" role="status">
          {notice.text}
        </Alert>
      )}
      {card ? (
        <div style={{ marginTop: '1.5rem' }}>
          <div className={classes.flashcard} data-testid="review-card">
            <span className={classes.headword} data-testid="review-headword">
              {card.word.headword}
            </span>
            <Text c="dimmed">
              {card.word.part_of_speech} {card.word.ipa}
            </Text>
            {revealed && (
              <>
                <Text fw={700} size="xl" mt="sm">
                  {card.word.meaning_vi}
                </Text>
                <Text>{card.word.definition_en}</Text>
                {card.word.examples[0] && (
                  <Text size="sm" className={classes.example}>
                    {card.word.examples[0].en}
                    <br />
                    {card.word.examples[0].vi}
                  </Text>
                )}
              </>
            )}
          </div>
          {revealed ? (
            <div className={classes.ratings}>
              {RATINGS.map(({ rating, key, color }) => {
                const interval = card.intervals.find((item) => item.rating === rating);
                return (
                  <Button
                    key={rating}
                    color={color}
                    variant="light"
                    className={classes.ratingButton}
                    disabled={busy}
                    onClick={() => void rate(rating)}
                  >
                    <span>{t(`review.${key}`)}</span>
                    <Text span size="xs">
                      {interval ? intervalText(interval.interval_minutes) : ''}
                    </Text>
                  </Button>
                );
              })}
            </div>
          ) : (
            <Button fullWidth mt="md" size="md" onClick={() => setRevealed(true)}>
              {t('review.showAnswer')}
            </Button>
          )}
        </div>
      ) : (
        <div style={{ marginTop: '1.5rem' }}>
          <Title order={2} size="h3">
            {t('review.doneTitle')}
          </Title>
          <Text mt="xs">{t('review.doneText')}</Text>
          <Button component={Link} to="/vocabulary" mt="md">
            {t('review.browseTopics')}
          </Button>
        </div>
      )}
      <Group justify="space-between" mt="lg">
        <Text size="xs" c="dimmed">
          {t('review.shortcuts')}
        </Text>
        <Button variant="subtle" size="xs" onClick={() => void undo()} disabled={busy}>
          {t('review.undo')}
        </Button>
      </Group>
    </Container>
  );
}
