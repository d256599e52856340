import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { HIGHLIGHT_LIMITS, type Highlight } from '@prepwise/contract';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { fetchHighlights, saveHighlights } from './api';
import classes from './exam-runner.module.css';
import {
  type HighlightRecord,
  markHighlights,
  newHighlightId,
  pickHighlights,
  rangeOffsets,
  unmarkHighlights,
} from './highlights';
import type { Journal } from './journal-store';

/**
 * A passage's HTML with highlights marked. The HTML itself renders on the server as it is; the marks are
 * added in the browser (and again whenever the highlights change).
 */
export function HighlightedHtml({
  html,
  highlights,
  containerRef,
  testId,
}: {
  html: string;
  highlights: Pick<Highlight, 'id' | 'start' | 'end'>[];
  containerRef?: RefObject<HTMLDivElement | null>;
  testId?: string;
}) {
  const own = useRef<HTMLDivElement>(null);
  const ref = containerRef ?? own;
  // Redrawn only when the passage or its marks change: a redraw replaces the passage's text nodes, which
  // would drop the learner's selection at every re-render of the runner (a new, equal list each time).
  const marks = highlights.map((highlight) => `${highlight.id}:${highlight.start}:${highlight.end}`).join();
  const latest = useRef(highlights);
  latest.current = highlights;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `marks` stands for the highlights' content.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The API sanitizes every stored rich-text field; the passage is drawn afresh, then marked.
    element.innerHTML = html;
    markHighlights(element, latest.current);
  }, [ref, html, marks]);
  return (
    <div
      ref={ref}
      className={classes.rich}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitizes every stored rich-text field
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export interface PassageNotes {
  highlights: Highlight[];
  add: (highlight: Highlight) => void;
  remove: (id: string) => void;
  setNote: (id: string, note: string) => void;
}

/**
 * The attempt's highlights: the journal's or the server's, whichever is newer, saved to both on every
 * change (the journal at once; the server right after, and again when the browser is back online).
 */
export function usePassageNotes(attemptId: string, journal: Journal): PassageNotes {
  const empty: HighlightRecord = { attemptId, highlights: [], updatedAt: null, synced: true };
  const [record, setRecord] = useState<HighlightRecord>(empty);
  const latest = useRef<HighlightRecord>(empty);
  const show = useCallback((next: HighlightRecord) => {
    latest.current = next;
    setRecord(next);
  }, []);

  const push = useCallback(
    async (sent: HighlightRecord) => {
      if (!sent.updatedAt) return;
      try {
        const kept = await saveHighlights(attemptId, {
          highlights: sent.highlights,
          updated_at: sent.updatedAt,
        });
        // Changed again meanwhile: that change is saved next.
        if (latest.current.updatedAt !== sent.updatedAt) return;
        const next: HighlightRecord = {
          attemptId,
          highlights: kept.highlights,
          updatedAt: kept.updated_at,
          synced: true,
        };
        show(next);
        await journal.saveHighlights(next);
      } catch {
        // Kept in the journal, unsynced: sent again on the next change or when back online.
      }
    },
    [attemptId, journal, show],
  );

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [local, server] = await Promise.all([
        journal.highlights(attemptId).catch(() => null),
        fetchHighlights(attemptId),
      ]);
      if (cancelled) return;
      const picked = pickHighlights(local, server, attemptId);
      const now = latest.current;
      // A highlight made while loading is newer than both.
      if (now.updatedAt && (!picked.updatedAt || now.updatedAt > picked.updatedAt)) return;
      show(picked);
      if (!picked.synced) void push(picked);
    })();
    const online = () => {
      if (!latest.current.synced) void push(latest.current);
    };
    window.addEventListener('online', online);
    return () => {
      cancelled = true;
      window.removeEventListener('online', online);
    };
  }, [attemptId, journal, push, show]);

  const change = useCallback(
    (update: (list: Highlight[]) => Highlight[]) => {
      const previous = latest.current.updatedAt;
      let at = new Date().toISOString();
      // Always later than the set it replaces, even within one millisecond.
      if (previous && at <= previous) at = new Date(Date.parse(previous) + 1).toISOString();
      const next: HighlightRecord = {
        attemptId,
        highlights: update(latest.current.highlights),
        updatedAt: at,
        synced: false,
      };
      show(next);
      void journal
        .saveHighlights(next)
        .catch(() => undefined)
        .then(() => push(next));
    },
    [attemptId, journal, push, show],
  );

  return {
    highlights: record.highlights,
    add: (highlight) => change((list) => [...list, highlight]),
    remove: (id) => change((list) => list.filter((highlight) => highlight.id !== id)),
    setNote: (id, note) => {
      const text = note.trim().slice(0, HIGHLIGHT_LIMITS.note) || null;
      if (latest.current.highlights.find((highlight) => highlight.id === id)?.note === text) return;
      change((list) =>
        list.map((highlight) => (highlight.id === id ? { ...highlight, note: text } : highlight)),
      );
    },
  };
}

const quote = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** A reading passage in the runner: select text, highlight it, add a note to it, or remove it. */
export function HighlightablePassage({
  groupId,
  html,
  notes,
}: {
  groupId: string;
  html: string;
  notes: PassageNotes;
}) {
  const { t } = useTranslation('exam');
  const ref = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState<string | null>(null);
  const mine = notes.highlights.filter((highlight) => highlight.group_id === groupId);

  const highlightSelection = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    const offsets = range && ref.current ? rangeOffsets(ref.current, range) : null;
    if (!offsets) {
      setHint(t('highlights.selectFirst'));
      return;
    }
    if (offsets.text.length > HIGHLIGHT_LIMITS.text) {
      setHint(t('highlights.tooLong', { max: HIGHLIGHT_LIMITS.text }));
      return;
    }
    if (notes.highlights.length >= HIGHLIGHT_LIMITS.perAttempt) {
      setHint(t('highlights.limit', { max: HIGHLIGHT_LIMITS.perAttempt }));
      return;
    }
    notes.add({ id: newHighlightId(), group_id: groupId, ...offsets, note: null });
    selection?.removeAllRanges();
    setHint(null);
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" className={classes.highlightBar}>
        <Button
          size="compact-sm"
          variant="light"
          // Keeps the text selection when the button is pressed with a mouse.
          onMouseDown={(event) => event.preventDefault()}
          onClick={highlightSelection}
          data-testid="highlight-button"
        >
          {t('highlights.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('highlights.how')}
        </Text>
      </Group>
      {hint ? (
        <Text size="sm" c="orange.8" role="status" data-testid="highlight-hint">
          {hint}
        </Text>
      ) : null}
      <HighlightedHtml html={html} highlights={mine} containerRef={ref} testId="passage-text" />
      {mine.length > 0 ? (
        <Box component="section" aria-label={t('highlights.title')} data-testid="highlight-list">
          <Text size="sm" fw={600} mb={4}>
            {t('highlights.title')}
          </Text>
          <Stack gap="xs">
            {mine.map((highlight) => (
              <div key={highlight.id} className={classes.highlightItem} data-testid="highlight-item">
                <Text size="sm" fs="italic">
                  “{quote(highlight.text)}”
                </Text>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    key={`${highlight.id}:${highlight.note ?? ''}`}
                    size="xs"
                    style={{ flex: 1 }}
                    label={t('highlights.note')}
                    placeholder={t('highlights.notePlaceholder')}
                    maxLength={HIGHLIGHT_LIMITS.note}
                    defaultValue={highlight.note ?? ''}
                    onBlur={(event) => notes.setNote(highlight.id, event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') notes.setNote(highlight.id, event.currentTarget.value);
                    }}
                    data-testid="highlight-note"
                  />
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => notes.remove(highlight.id)}
                    aria-label={t('highlights.removeNamed', { text: quote(highlight.text) })}
                  >
                    {t('highlights.remove')}
                  </Button>
                </Group>
              </div>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * A passage in the review: the learner's highlights marked on it (in the browser, once they are loaded),
 * their notes listed under it.
 */
export function ReviewPassage({ passage, highlights }: { passage: ReactNode; highlights: Highlight[] }) {
  const { t } = useTranslation('practice');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    unmarkHighlights(element);
    markHighlights(element, highlights);
  }, [highlights]);
  return (
    <>
      <div ref={ref} className={classes.highlightArea}>
        {passage}
      </div>
      {highlights.length > 0 ? (
        <Box component="section" aria-label={t('review.highlights')} mt="sm" data-testid="review-highlights">
          <Text size="sm" fw={600} mb={4}>
            {t('review.highlights')}
          </Text>
          <Stack gap={6}>
            {highlights.map((highlight) => (
              <div key={highlight.id} className={classes.highlightItem} data-testid="review-highlight">
                <Text size="sm" fs="italic">
                  “{quote(highlight.text)}”
                </Text>
                {highlight.note ? <Text size="sm">{highlight.note}</Text> : null}
              </div>
            ))}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}
