import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Drawer,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { localName, localTitle, type Paper, WEB_PATHS } from '@prepwise/contract';
import {
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/layouts/language-switcher';
import { ApiError } from '../../lib/api-error';
import { useTranslation } from '../../lib/i18n-react';
import { AnswerInput, Html, OptionList } from './answer-input';
import { choiceIndex, choiceKeys, chooseOption, isAnswered } from './answers';
import { attemptTransport, fetchPaper, recordAudioPlay, releaseDevice, resultPath } from './api';
import { ExamAudio, ExamAudioProvider } from './exam-audio';
import classes from './exam-runner.module.css';
import { type BlockedKey, blockedKeyOf, ExamSync, type SyncMessage, type SyncSnapshot } from './exam-sync';
import { type AnswerPayload, type AnswerValue, retryDelay } from './journal-logic';
import { type Journal, openJournal } from './journal-store';
import {
  groupRange,
  instructionsFor,
  type SharedList,
  type Slot,
  sharedOptionList,
  showsStem,
  slotsOf,
} from './paper-model';
import { HighlightablePassage, type PassageNotes, usePassageNotes } from './passage-highlights';
import { QuestionPalette } from './question-palette';
import { RecordingUploader } from './recording-upload';
import { paperHasAudio, ShortcutsButton, ShortcutsDialog, VolumeControl } from './runner-tools';
import { anchorFrom, type ClockAnchor, elapsedMs, formatDuration, remainingMs } from './server-clock';
import { SpeakingContext, type SpeakingContextValue } from './speaking-recorder';

type Boot =
  | { phase: 'loading' }
  | { phase: 'error'; notFound: boolean }
  /** Another device holds the attempt, this network is not allowed, or this device left the attempt. */
  | { phase: 'blocked'; reason: BlockedKey | 'left' }
  | {
      phase: 'ready';
      paper: Paper;
      sync: ExamSync;
      journal: Journal;
      persistent: boolean;
      played: string[];
      uploader: RecordingUploader;
    };

/**
 * Loads the paper, opens the journal, merges both and keeps the page's listeners (network,
 * other tabs, page hide) for as long as the exam is open.
 */
function useExamSession(attemptId: string, slug: string, resultHref?: string) {
  const navigate = useNavigate();
  const [boot, setBoot] = useState<Boot>({ phase: 'loading' });
  const [tries, setTries] = useState(0);
  const anchorRef = useRef<ClockAnchor | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` restarts the boot after an error
  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    void (async () => {
      let paper: Paper;
      try {
        paper = await fetchPaper(attemptId);
      } catch (error) {
        const blocked = blockedKeyOf(error);
        if (blocked) {
          if (!cancelled) setBoot({ phase: 'blocked', reason: blocked });
          return;
        }
        if (error instanceof ApiError && error.code === 409) {
          navigate(resultHref ?? resultPath(slug, attemptId), { replace: true });
          return;
        }
        const notFound = error instanceof ApiError && [400, 403, 404].includes(error.code);
        if (!cancelled) setBoot({ phase: 'error', notFound });
        return;
      }
      const receivedAt = performance.now();
      if (cancelled) return;
      const result = resultHref ?? resultPath(paper.test.slug, attemptId);
      if (paper.attempt.status === 'submitted') {
        navigate(result, { replace: true });
        return;
      }
      anchorRef.current = anchorFrom(paper.attempt, receivedAt);
      const { journal, persistent } = await openJournal();
      const channel =
        typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`prepwise-exam:${attemptId}`);
      const sync = new ExamSync({
        attemptId,
        journal,
        transport: attemptTransport(attemptId),
        isOnline: () => navigator.onLine,
        onServerAnswer: (answer) => {
          anchorRef.current = anchorFrom(answer, performance.now(), anchorRef.current ?? undefined);
        },
        onClosed: () => navigate(result, { replace: true }),
        // The journal keeps what is unsent; this screen gives way to the explanation.
        onBlocked: (reason) => setBoot({ phase: 'blocked', reason }),
        broadcast: (message) => channel?.postMessage(message),
        onRejected: (change, error) =>
          console.warn(`Answer to ${change.question_id} refused: ${error.key} ${error.message}`),
      });
      if (channel) channel.onmessage = (event: MessageEvent<SyncMessage>) => sync.receive(event.data);
      await sync.load(paper.answers, paper.attempt.last_seq);
      // Spoken answers: a recording the page was closed in ends there; what the server lacks is sent.
      const uploader = new RecordingUploader(journal, attemptId);
      await uploader.finishInterrupted().catch(() => undefined);
      // Played clips: the server's record (any device) and this browser's journal (saves made offline).
      const journaled = await journal.played(attemptId).catch(() => [] as string[]);
      const played = [...new Set([...paper.played_audio, ...journaled])];
      if (cancelled) {
        sync.dispose();
        channel?.close();
        return;
      }
      // The integrity timeline (issue 29): what a teacher may read as evidence, journalled with the answers.
      let away = false;
      const focusLost = () => {
        if (away) return;
        away = true;
        sync.event('focus_lost');
      };
      const focusBack = () => {
        if (!away) return;
        away = false;
        sync.event('focus_back');
      };
      let fullScreen = Boolean(document.fullscreenElement);
      const fullscreenChange = () => {
        const now = Boolean(document.fullscreenElement);
        if (fullScreen && !now) sync.event('fullscreen_left');
        fullScreen = now;
      };
      const paste = (event: ClipboardEvent) => {
        // The length only: what was pasted stays in the learner's browser.
        const length = event.clipboardData?.getData('text')?.length ?? 0;
        const question = event.target instanceof Element ? event.target.closest('[data-question-id]') : null;
        sync.event('paste', {
          length,
          ...(question ? { questionId: question.getAttribute('data-question-id') } : {}),
        });
      };
      const online = () => {
        sync.setOnline(true);
        sync.event('reconnected');
        void uploader.kick();
      };
      const offline = () => {
        sync.setOnline(false);
        sync.event('offline');
      };
      const visibility = () => {
        if (document.visibilityState === 'hidden') {
          focusLost();
          sync.flushKeepalive();
        } else if (document.hasFocus()) focusBack();
      };
      const pagehide = () => sync.flushKeepalive();
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      window.addEventListener('pagehide', pagehide);
      window.addEventListener('blur', focusLost);
      window.addEventListener('focus', focusBack);
      document.addEventListener('visibilitychange', visibility);
      document.addEventListener('fullscreenchange', fullscreenChange);
      document.addEventListener('paste', paste, true);
      cleanup = () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        window.removeEventListener('pagehide', pagehide);
        window.removeEventListener('blur', focusLost);
        window.removeEventListener('focus', focusBack);
        document.removeEventListener('visibilitychange', visibility);
        document.removeEventListener('fullscreenchange', fullscreenChange);
        document.removeEventListener('paste', paste, true);
        sync.dispose();
        uploader.dispose();
        channel?.close();
      };
      setBoot({ phase: 'ready', paper, sync, journal, persistent, played, uploader });
      if (sync.getSnapshot().pending > 0) void sync.flush();
      void uploader.kick();
    })();
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [attemptId, slug, resultHref, navigate, tries]);

  return {
    boot,
    anchorRef,
    retry: () => setTries((value) => value + 1),
    left: () => setBoot({ phase: 'blocked', reason: 'left' }),
  };
}

/**
 * The exam runner for one attempt. `resultHref` is where the submitted attempt's result lives when it is
 * not the catalogue's /tests/{slug}/result/{id} (an organization's assigned test, issue 15).
 */
export function ExamRunnerPage({
  attemptId,
  slug,
  resultHref,
}: {
  attemptId: string;
  slug: string;
  resultHref?: string;
}) {
  const { t } = useTranslation('exam');
  const { boot, anchorRef, retry, left } = useExamSession(attemptId, slug, resultHref);

  if (boot.phase === 'loading') {
    return (
      <Center h="100dvh">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text role="status">{t('loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (boot.phase === 'blocked') {
    const text = {
      'attempt.other_device': ['blocked.otherDeviceTitle', 'blocked.otherDevice'],
      'attempt.ip_not_allowed': ['blocked.networkTitle', 'blocked.network'],
      left: ['blocked.leftTitle', 'blocked.left'],
    } as const;
    const [title, body] = text[boot.reason];
    return (
      <Center h="100dvh" p="md">
        <Stack maw={520} gap="md">
          <Alert
            color={boot.reason === 'left' ? 'blue' : 'orange'}
            title={t(title)}
            data-testid="exam-blocked"
          >
            {t(body)}
          </Alert>
          <Group>
            <Button onClick={retry}>
              {boot.reason === 'left' ? t('blocked.takeBack') : t('blocked.tryAgain')}
            </Button>
            <Button component={Link} to={WEB_PATHS.tests} variant="default">
              {t('backToTests')}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  if (boot.phase === 'error') {
    return (
      <Center h="100dvh" p="md">
        <Stack maw={480} gap="md">
          <Alert color="red" title={boot.notFound ? t('notFound') : t('loadFailed')}>
            {boot.notFound ? null : t('loadFailedHint')}
          </Alert>
          <Group>
            {boot.notFound ? null : <Button onClick={retry}>{t('retry')}</Button>}
            <Button component={Link} to={WEB_PATHS.tests} variant="default">
              {t('backToTests')}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  return (
    <ExamAudioProvider
      attemptId={attemptId}
      initiallyPlayed={boot.played}
      onPlayed={(clip) => void boot.journal.markPlayed(attemptId, clip).catch(() => undefined)}
      recordPlay={(clip) => recordAudioPlay(attemptId, clip)}
    >
      <ExamScreen
        paper={boot.paper}
        sync={boot.sync}
        journal={boot.journal}
        uploader={boot.uploader}
        persistent={boot.persistent}
        anchorRef={anchorRef}
        onLeft={left}
      />
    </ExamAudioProvider>
  );
}

function positionKey(attemptId: string) {
  return `prepwise-exam-position:${attemptId}`;
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['radio', 'checkbox', 'button', 'submit', 'reset', 'range'].includes(target.type);
  }
  return false;
}

function ExamScreen({
  paper,
  sync,
  journal,
  uploader,
  persistent,
  anchorRef,
  onLeft,
}: {
  paper: Paper;
  sync: ExamSync;
  journal: Journal;
  uploader: RecordingUploader;
  persistent: boolean;
  anchorRef: RefObject<ClockAnchor | null>;
  onLeft: () => void;
}) {
  const { t, i18n } = useTranslation('exam');
  const attemptId = paper.attempt.id;
  const notes = usePassageNotes(attemptId, journal);
  const slots = useMemo(() => slotsOf(paper), [paper]);
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot, sync.getSnapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot version marks every change of the values
  const values = useMemo(() => sync.values(), [sync, snapshot.version]);
  const [current, setCurrent] = useState(() => {
    if (typeof localStorage === 'undefined') return 0;
    const stored = Number(localStorage.getItem(positionKey(attemptId)));
    return Number.isInteger(stored) && stored >= 0 && stored < slots.length ? stored : 0;
  });
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const hasAudio = useMemo(() => paperHasAudio(paper), [paper]);
  // Practice recordings play with the browser's controls: their speed may change (full tests play at 1×).
  const hasFreeAudio = useMemo(() => paperHasAudio(paper, true), [paper]);
  const [submitting, setSubmitting] = useState(false);
  const [submitFailed, setSubmitFailed] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [leaveFailed, setLeaveFailed] = useState(false);
  /** "Leave this device": every change sent first (none may stay behind here), then the sign-out. */
  const leave = async () => {
    setLeaving(true);
    setLeaveFailed(false);
    try {
      await sync.flush();
      if (sync.getSnapshot().pending > 0) throw new Error('Changes are still unsent');
      await releaseDevice(attemptId);
      onLeft();
    } catch {
      setLeaveFailed(true);
      setLeaving(false);
    }
  };
  const [timeUp, setTimeUp] = useState(false);
  const mainRef = useRef<HTMLElement>(null);

  const slot = slots[current] ?? slots[0]!;
  const itemSlots = useMemo(
    () => slots.filter((other) => other.itemKey === slot.itemKey),
    [slots, slot.itemKey],
  );

  useEffect(() => {
    try {
      localStorage.setItem(positionKey(attemptId), String(current));
    } catch {
      // Storage may be unavailable; the position is only a convenience.
    }
  }, [attemptId, current]);

  // Focus and full-screen events on the integrity timeline name the question on screen.
  useEffect(() => {
    sync.setCurrentQuestion(slot.question.id);
  }, [sync, slot.question.id]);

  useEffect(() => {
    document.title = `${localTitle(paper.test, i18n.language)} · Prepwise`;
  }, [paper.test, i18n.language]);

  // A new page of the exam starts at its top; within a group, the current question scrolls into view.
  const itemKey = slot.itemKey;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page of the exam changes
  useEffect(() => {
    mainRef.current?.scrollTo({ top: 0 });
  }, [itemKey]);
  useEffect(() => {
    if (itemSlots.length > 1) {
      document.getElementById(`question-${slot.question.id}`)?.scrollIntoView({ block: 'nearest' });
    }
  }, [slot.question.id, itemSlots.length]);

  const go = useCallback(
    (index: number) => setCurrent(Math.max(0, Math.min(slots.length - 1, index))),
    [slots.length],
  );

  // Spoken answers: a recording that stops by itself moves on to the next question, as the real test does.
  const activeRecordings = useRef(new Set<string>()).current;
  const speaking = useMemo<SpeakingContextValue>(
    () => ({
      attemptId,
      journal,
      uploader,
      active: activeRecordings,
      onFinished: (questionId) => {
        const index = slots.findIndex((one) => one.question.id === questionId);
        if (index >= 0 && index < slots.length - 1) go(index + 1);
      },
    }),
    [attemptId, journal, uploader, activeRecordings, slots, go],
  );

  const setAnswer = useCallback(
    (questionId: string, answer: AnswerPayload) => {
      sync.change(questionId, { answer, flagged: sync.value(questionId)?.flagged ?? false });
    },
    [sync],
  );

  const toggleFlag = useCallback(
    (questionId: string) => {
      const value = sync.value(questionId);
      sync.change(questionId, { answer: value?.answer ?? null, flagged: !(value?.flagged ?? false) });
    },
    [sync],
  );

  // Keyboard: ← → move, A–D / 1–4 choose, F flags, ? lists them; never while typing or in a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      const onChoice =
        event.target instanceof HTMLInputElement && ['radio', 'checkbox'].includes(event.target.type);
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        if (onChoice) return;
        event.preventDefault();
        go(current + (event.key === 'ArrowRight' ? 1 : -1));
        return;
      }
      const question = slot.question;
      if (event.key === 'f' || event.key === 'F') {
        event.preventDefault();
        toggleFlag(question.id);
        return;
      }
      const index = choiceIndex(event.key);
      const keys = choiceKeys(question);
      if (index === null || index >= keys.length) return;
      event.preventDefault();
      setAnswer(
        question.id,
        chooseOption(question.answer_kind, sync.value(question.id)?.answer ?? null, keys[index]!),
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, go, slot.question, setAnswer, toggleFlag, sync]);

  const submit = useCallback(async () => {
    setSubmitting(true);
    setSubmitFailed(false);
    try {
      // Every recording reaches the server before the attempt closes (chunks are refused after).
      await uploader.drain();
      await sync.submit();
    } catch {
      setSubmitFailed(true);
      setSubmitting(false);
    }
  }, [sync, uploader]);

  // At the deadline: submit, and keep trying until the server has it.
  const expire = useCallback(() => {
    setTimeUp(true);
    setConfirmOpen(false);
    void (async () => {
      for (let failures = 1; !sync.isClosed; failures += 1) {
        try {
          // At the deadline the recordings get one try first; one still uploading is finished after.
          await uploader.drain().catch(() => undefined);
          await sync.submit();
          return;
        } catch {
          setSubmitFailed(true);
          await new Promise((resolve) => setTimeout(resolve, retryDelay(Math.min(failures, 4))));
        }
      }
    })();
  }, [sync, uploader]);

  const answeredCount = slots.filter((one) => isAnswered(values.get(one.question.id)?.answer ?? null)).length;
  const flaggedCount = slots.filter((one) => values.get(one.question.id)?.flagged).length;
  const currentFlagged = values.get(slot.question.id)?.flagged ?? false;
  const palette = (withTitle: boolean) => (
    <QuestionPalette
      slots={slots}
      values={values}
      current={current}
      withTitle={withTitle}
      onSelect={(index) => {
        go(index);
        setPaletteOpen(false);
      }}
    />
  );

  return (
    <SpeakingContext.Provider value={speaking}>
      <div className={classes.shell}>
        <header className={classes.header}>
          <div className={classes.titleBlock}>
            <Text className={classes.title} component="h1" size="md">
              {localTitle(paper.test, i18n.language)}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {localName(slot.section, i18n.language)}
            </Text>
          </div>
          <ExamTimer anchorRef={anchorRef} onExpire={expire} />
          <div className={classes.statusSlot}>
            <SaveStatus snapshot={snapshot} />
          </div>
          {hasAudio ? <VolumeControl speed={hasFreeAudio} /> : null}
          <Box visibleFrom="sm">
            <ShortcutsButton onOpen={() => setHelpOpen(true)} />
          </Box>
          <Box visibleFrom="sm">
            <LanguageSwitcher />
          </Box>
          {paper.single_device ? (
            <Button variant="default" onClick={() => setLeaveOpen(true)} disabled={submitting || timeUp}>
              <span className={classes.phoneHidden}>{t('leave.button')}</span>
              <Box component="span" hiddenFrom="sm">
                {t('leave.short')}
              </Box>
            </Button>
          ) : null}
          <Button onClick={() => setConfirmOpen(true)} disabled={submitting || timeUp}>
            {t('submit.button')}
          </Button>
        </header>
        {persistent ? null : (
          <Alert color="yellow" radius={0} py={6}>
            {t('status.memoryOnly')}
          </Alert>
        )}
        <div className={classes.body}>
          <main className={classes.main} ref={mainRef} id="main">
            <ItemView
              slot={slot}
              itemSlots={itemSlots}
              isFirstOfSection={slots[itemSlots[0]!.index - 1]?.section.id !== slot.section.id}
              language={i18n.language}
              values={values}
              current={current}
              onCurrent={setCurrent}
              onAnswer={setAnswer}
              notes={notes}
            />
          </main>
          <Box component="aside" className={classes.aside} visibleFrom="md">
            {palette(true)}
          </Box>
        </div>
        <footer className={classes.footer}>
          <Button
            variant="default"
            onClick={() => go(current - 1)}
            disabled={current === 0}
            leftSection={<NavIcon path="M15 18l-6-6 6-6" />}
            px="sm"
          >
            <span className={classes.phoneHidden}>{t('nav.previous')}</span>
          </Button>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant={currentFlagged ? 'filled' : 'default'}
              color="orange.9"
              aria-pressed={currentFlagged}
              onClick={() => toggleFlag(slot.question.id)}
              leftSection={<NavIcon path="M5 21V4h11l-1.5 4L16 12H5" />}
              px="sm"
            >
              <span className={classes.phoneHidden}>{currentFlagged ? t('nav.unflag') : t('nav.flag')}</span>
            </Button>
            <Text size="sm" c="dimmed" visibleFrom="sm" aria-live="polite">
              {t('position', { number: slot.question.number, total: slots.length })}
            </Text>
            <Button variant="default" hiddenFrom="md" onClick={() => setPaletteOpen(true)}>
              {t('nav.palette')}
            </Button>
          </Group>
          <Button
            onClick={() => go(current + 1)}
            disabled={current === slots.length - 1}
            rightSection={<NavIcon path="M9 18l6-6-6-6" />}
            px="sm"
          >
            <span className={classes.phoneHidden}>{t('nav.next')}</span>
          </Button>
        </footer>
        <Drawer
          opened={paletteOpen}
          onClose={() => setPaletteOpen(false)}
          position="right"
          size="85%"
          title={t('nav.palette')}
        >
          {palette(false)}
        </Drawer>
        <ShortcutsDialog opened={helpOpen && !timeUp} onClose={() => setHelpOpen(false)} />
        <Modal
          opened={leaveOpen && !timeUp}
          onClose={() => setLeaveOpen(false)}
          title={t('leave.title')}
          centered
        >
          <Stack gap="sm">
            <Text>{t('leave.text')}</Text>
            {leaveFailed ? (
              <Alert color="red" variant="light">
                {t('leave.failed')}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setLeaveOpen(false)}>
                {t('leave.cancel')}
              </Button>
              <Button onClick={() => void leave()} loading={leaving} data-testid="leave-device-confirm">
                {t('leave.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
        <Modal
          opened={confirmOpen && !timeUp}
          onClose={() => setConfirmOpen(false)}
          title={t('submit.title')}
          centered
        >
          <Stack gap="sm">
            <Text>{t('submit.summary', { answered: answeredCount, total: slots.length })}</Text>
            {slots.length - answeredCount > 0 ? (
              <Text c="red.8" fw={600} data-testid="unanswered-count">
                {t('submit.unanswered', { count: slots.length - answeredCount })}
              </Text>
            ) : null}
            {flaggedCount > 0 ? (
              <Text c="orange.9" fw={600} data-testid="flagged-count">
                {t('submit.flagged', { count: flaggedCount })}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {t('submit.final')}
            </Text>
            {submitFailed ? (
              <Alert color="red" variant="light">
                {t('submit.failed')}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmOpen(false)}>
                {t('submit.cancel')}
              </Button>
              <Button onClick={() => void submit()} loading={submitting}>
                {t('submit.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
        <Modal
          opened={timeUp}
          onClose={() => undefined}
          withCloseButton={false}
          closeOnEscape={false}
          closeOnClickOutside={false}
          title={t('submit.timeUp')}
          centered
        >
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Text role="status">{submitFailed ? t('submit.waitingNetwork') : t('submit.submitting')}</Text>
          </Group>
        </Modal>
      </div>
    </SpeakingContext.Provider>
  );
}

function NavIcon({ path }: { path: string }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

function SaveStatus({ snapshot }: { snapshot: SyncSnapshot }) {
  const { t } = useTranslation('exam');
  const { status, pending } = snapshot;
  let label: string;
  if (status === 'offline')
    label = pending > 0 ? t('status.offline', { count: pending }) : t('status.offlineSaved');
  else if (status === 'saved') label = t('status.saved');
  else if (status === 'retrying') label = t('status.retrying');
  else if (status === 'closed') label = t('status.closed');
  else label = t('status.saving');
  return (
    <span
      role="status"
      className={`${classes.status} ${classes[`status-${status}`]}`}
      data-testid="save-status"
      data-status={status}
      data-pending={pending}
    >
      {label}
    </span>
  );
}

/** Countdown to the server deadline (or elapsed time for untimed practice). */
function ExamTimer({
  anchorRef,
  onExpire,
}: {
  anchorRef: RefObject<ClockAnchor | null>;
  onExpire: () => void;
}) {
  const { t } = useTranslation('exam');
  const [now, setNow] = useState(() => performance.now());
  const [announcement, setAnnouncement] = useState('');
  const expired = useRef(false);
  const announced = useRef(new Set<number>());

  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const anchor = anchorRef.current;
  const remaining = anchor ? remainingMs(anchor, now) : null;

  useEffect(() => {
    if (remaining === null) return;
    if (remaining <= 0 && !expired.current) {
      expired.current = true;
      onExpire();
    }
    for (const [minutes, key] of [
      [5, 'timer.fiveMinutes'],
      [1, 'timer.oneMinute'],
    ] as const) {
      if (remaining <= minutes * 60_000 && remaining > 0 && !announced.current.has(minutes)) {
        announced.current.add(minutes);
        setAnnouncement(t(key));
      }
    }
  }, [remaining, onExpire, t]);

  if (!anchor) return null;
  const untimed = remaining === null;
  const shown = untimed ? elapsedMs(anchor, now) : Math.ceil(remaining / 1000) * 1000;
  const low = !untimed && remaining < 5 * 60_000;
  return (
    <div>
      <span className={classes.visuallyHidden}>{untimed ? t('timer.elapsed') : t('timer.remaining')}</span>
      <span
        role="timer"
        aria-live="off"
        title={untimed ? t('timer.elapsed') : t('timer.remaining')}
        data-testid="exam-timer"
        data-remaining-ms={untimed ? undefined : Math.round(remaining)}
        className={`${classes.timer} ${low ? classes.timerLow : ''}`}
      >
        {formatDuration(shown)}
      </span>
      <span className={classes.visuallyHidden} aria-live="assertive">
        {announcement}
      </span>
    </div>
  );
}

function ItemView({
  slot,
  itemSlots,
  isFirstOfSection,
  language,
  values,
  current,
  onCurrent,
  onAnswer,
  notes,
}: {
  slot: Slot;
  itemSlots: Slot[];
  isFirstOfSection: boolean;
  language: string;
  values: Map<string, AnswerValue>;
  current: number;
  onCurrent: (index: number) => void;
  onAnswer: (questionId: string, answer: AnswerPayload) => void;
  notes: PassageNotes;
}) {
  const { t, i18n } = useTranslation('exam');
  const { section, group } = slot;
  const instructions = instructionsFor(section, language);
  const policy = section.audio_policy === 'none' ? 'free' : section.audio_policy;
  // Learners see neutral labels ("Questions 32–34"): an author's group title can give an answer away.
  const range = group ? groupRange(group) : null;
  const groupLabel = range
    ? range.from === range.to
      ? t('questionNumber', { number: range.from })
      : t('group.questions', range)
    : '';
  const questions = (
    <Stack gap="md">
      {itemSlots.map((one, position) => (
        <QuestionBlock
          key={one.question.id}
          slot={one}
          sharedList={sharedOptionList(itemSlots, position)}
          policy={policy}
          value={values.get(one.question.id)}
          isCurrent={one.index === current}
          onCurrent={onCurrent}
          onAnswer={onAnswer}
        />
      ))}
    </Stack>
  );
  return (
    <Stack gap="md" maw={group?.passage ? undefined : 860} mx={group?.passage ? undefined : 'auto'}>
      <div>
        <Title order={2} size="h4" data-testid="part-heading">
          {localName(section, i18n.language)}
        </Title>
        <Text size="sm" c="dimmed">
          {t('part.questions', { count: section.question_count })}
        </Text>
      </div>
      {instructions ? (
        <details key={section.id} className={classes.instructions} open={isFirstOfSection}>
          <summary>{t('part.instructions')}</summary>
          <Box mt="xs">
            <Html html={instructions} />
          </Box>
        </details>
      ) : null}
      {group ? (
        group.passage ? (
          <div className={classes.split}>
            <section className={classes.passage} aria-label={groupLabel} data-testid="passage">
              <Title order={3} size="h5" mb="sm" data-testid="group-label">
                {groupLabel}
              </Title>
              {group.audio ? <ExamAudio media={group.audio} policy={policy} /> : null}
              {group.image ? <Image src={group.image.url} alt={groupLabel} mah={360} fit="contain" /> : null}
              <HighlightablePassage groupId={group.id} html={group.passage} notes={notes} />
            </section>
            {questions}
          </div>
        ) : (
          <Stack gap="md">
            <Title order={3} size="h5" data-testid="group-label">
              {groupLabel}
            </Title>
            {group.audio ? <ExamAudio media={group.audio} policy={policy} /> : null}
            {group.image ? <Image src={group.image.url} alt={groupLabel} mah={360} fit="contain" /> : null}
            {questions}
          </Stack>
        )
      ) : (
        questions
      )}
    </Stack>
  );
}

function QuestionBlock({
  slot,
  sharedList,
  policy,
  value,
  isCurrent,
  onCurrent,
  onAnswer,
}: {
  slot: Slot;
  sharedList: SharedList;
  policy: 'play_once' | 'free';
  value: AnswerValue | undefined;
  isCurrent: boolean;
  onCurrent: (index: number) => void;
  onAnswer: (questionId: string, answer: AnswerPayload) => void;
}) {
  const { t } = useTranslation('exam');
  const { question } = slot;
  const label = t('questionNumber', { number: question.number });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus or a click inside makes this the current question; the controls inside carry the interaction
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users reach it through focus (onFocus)
    <div
      id={`question-${question.id}`}
      className={`${classes.question} ${isCurrent ? classes.questionCurrent : ''}`}
      data-testid="exam-question"
      data-number={question.number}
      data-question-id={question.id}
      data-current={isCurrent || undefined}
      onFocus={() => onCurrent(slot.index)}
      onClick={() => onCurrent(slot.index)}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700} component="h3" size="md">
            {label}
          </Text>
          {value?.flagged ? (
            <Badge color="orange.9" variant="filled" radius="sm">
              {t('palette.flagged')}
            </Badge>
          ) : null}
        </Group>
        {question.audio ? <ExamAudio media={question.audio} policy={policy} /> : null}
        {question.image ? (
          <Image
            src={question.image.url}
            alt={t('imageAlt', { number: question.number })}
            mah={320}
            w="auto"
            fit="contain"
          />
        ) : null}
        {showsStem(question) ? <Html html={question.stem} /> : null}
        {sharedList.printHere ? <OptionList question={question} /> : null}
        {slot.section.heard_only && !question.stem ? (
          <Text size="sm" c="dimmed">
            {t('answer.heardOnly')}
          </Text>
        ) : null}
        <AnswerInput
          question={question}
          sharedOptions={sharedList.shared}
          answer={value?.answer ?? null}
          label={label}
          onChange={(answer) => onAnswer(question.id, answer)}
        />
      </Stack>
    </div>
  );
}
