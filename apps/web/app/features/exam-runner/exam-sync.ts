import {
  type AnswerChange,
  ATTEMPT_KEYS,
  type IntegrityEventInput,
  type IntegrityEventKind,
  type SaveAnswersResult,
  type SavedAnswer,
} from '@prepwise/contract';
import { ApiError, NETWORK_ERROR_KEY } from '../../lib/api-error';
import {
  type AnswerValue,
  countPending,
  EVENT_BATCH_MAX,
  type JournalEntry,
  type JournalEvent,
  mergeOnLoad,
  outcomesOf,
  pendingBatches,
  retryDelay,
  sequenceFloor,
  settleEntry,
  toChange,
  toEventInput,
} from './journal-logic';
import { createMemoryJournal, type Journal } from './journal-store';

export interface SaveTransport {
  /** Saves answer changes and the integrity events journalled beside them (either may be empty). */
  save(
    changes: AnswerChange[],
    options: { keepalive: boolean },
    events?: IntegrityEventInput[],
  ): Promise<SaveAnswersResult>;
  submit(changes: AnswerChange[], events?: IntegrityEventInput[]): Promise<unknown>;
}

/** What the page notices (issue 29); `device_changed` is the server's to record. */
export type RunnerEventKind = Exclude<IntegrityEventKind, 'device_changed'>;

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'retrying' | 'closed' | 'blocked';

export interface SyncSnapshot {
  status: SyncStatus;
  /** Questions whose latest change the server has not acknowledged yet. */
  pending: number;
  /** Changes on every update, for `useSyncExternalStore`. */
  version: number;
}

/** What tabs of one attempt tell each other (BroadcastChannel). */
export type SyncMessage = { type: 'entries'; entries: JournalEntry[] } | { type: 'closed' };

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ExamSyncOptions {
  attemptId: string;
  journal: Journal;
  transport: SaveTransport;
  isOnline?: () => boolean;
  /** Every answer from the server (the clock re-anchors on it). */
  onServerAnswer?: (result: SaveAnswersResult) => void;
  /** The attempt was submitted (here, in another tab, or by the server). */
  onClosed?: () => void;
  broadcast?: (message: SyncMessage) => void;
  /**
   * The assignment's rules refuse this browser (issue 29): another device holds the attempt
   * (`attempt.other_device`) or this network is not allowed (`attempt.ip_not_allowed`). Sending stops
   * and the journal keeps every unsent change; the attempt is not submitted.
   */
  onBlocked?: (key: BlockedKey) => void;
  /** A change the server refused as invalid; it is dropped so the others can be saved. */
  onRejected?: (change: AnswerChange, error: ApiError) => void;
  timers?: Timers;
  random?: () => number;
  debounceMs?: number;
  /** The clock of integrity events (tests pass their own). */
  now?: () => Date;
  /** New event ids (tests pass their own). */
  newId?: () => string;
}

type Failure = 'closed' | 'blocked' | 'invalid' | 'network' | 'server';

export type BlockedKey = typeof ATTEMPT_KEYS.otherDevice | typeof ATTEMPT_KEYS.ipNotAllowed;

/** The delivery rule that refused a request of the attempt, if one did. */
export function blockedKeyOf(error: unknown): BlockedKey | null {
  if (!(error instanceof ApiError)) return null;
  const key = error.errors?.attempt;
  return key === ATTEMPT_KEYS.otherDevice || key === ATTEMPT_KEYS.ipNotAllowed ? key : null;
}

function classify(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.key === NETWORK_ERROR_KEY) return 'network';
    if (blockedKeyOf(error)) return 'blocked';
    if (error.code === 409) return 'closed';
    if (error.code === 422) return 'invalid';
    return 'server';
  }
  return error instanceof TypeError ? 'network' : 'server';
}

/** Whether a refused save names its integrity events (they are dropped: they can never be saved). */
function eventsRefused(error: ApiError): boolean {
  return Object.keys(error.errors ?? {}).some((field) => field === 'events' || field.startsWith('events.'));
}

/** Positions in a batch named by field errors such as `answers.3.answer`. */
function rejectedPositions(error: ApiError): number[] {
  const positions = new Set<number>();
  for (const field of Object.keys(error.errors ?? {})) {
    const match = /^answers\.(\d+)\./.exec(field);
    if (match) positions.add(Number(match[1]));
  }
  return [...positions];
}

/**
 * Keeps one attempt's answers safe: every change goes to the journal first (with the shared
 * sequence number), then to the server in batches; failures are retried with backoff, and the
 * server's answers settle the journal. One instance per tab.
 */
export class ExamSync {
  private readonly options: ExamSyncOptions;
  private readonly timers: Timers;
  private readonly entries = new Map<string, JournalEntry>();
  /** Journal writes still running, per question (their values are shown before they land). */
  private readonly queued = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private journal: Journal;
  private floor = 0;
  private writes: Promise<unknown> = Promise.resolve();
  private inflight: Promise<void> | null = null;
  private again = false;
  private sending = false;
  private failures = 0;
  private networkDown = false;
  private closed = false;
  private blocked = false;
  /** The time of the last event journalled, so two in one millisecond keep their order (the journal sorts by time). */
  private lastEventAt = 0;
  private debounceTimer: unknown = null;
  private retryTimer: unknown = null;
  private snapshot: SyncSnapshot = { status: 'saved', pending: 0, version: 0 };
  /** The question on screen: the one focus and full-screen events name. */
  private currentQuestion: string | null = null;

  constructor(options: ExamSyncOptions) {
    this.options = options;
    this.journal = options.journal;
    this.timers = options.timers ?? browserTimers;
  }

  // ------------------------------------------------------------ state for the page

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SyncSnapshot => this.snapshot;

  value(questionId: string): AnswerValue | undefined {
    return this.entries.get(questionId);
  }

  values(): Map<string, AnswerValue> {
    return new Map(this.entries);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private isOnline(): boolean {
    return this.options.isOnline ? this.options.isOnline() : true;
  }

  private emit() {
    const pending = countPending(this.entries.values());
    let status: SyncStatus;
    if (this.closed) status = 'closed';
    else if (this.blocked) status = 'blocked';
    else if (pending === 0 && !this.sending) status = 'saved';
    else if (this.networkDown || !this.isOnline()) status = 'offline';
    else if (this.failures > 0) status = 'retrying';
    else status = 'saving';
    this.snapshot = { status, pending, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }

  /** Shows journal entries unless a newer local write of that question is still landing. */
  private show(entries: JournalEntry[]) {
    for (const entry of entries) {
      const shown = this.entries.get(entry.questionId);
      if ((this.queued.get(entry.questionId) ?? 0) > 0) continue;
      if (shown && shown.seq > entry.seq) continue;
      this.entries.set(entry.questionId, entry);
    }
  }

  // ------------------------------------------------------------ load

  /** Merges the server's saved answers with the journal and continues the sequence above both. */
  async load(server: SavedAnswer[], serverLastSeq: number): Promise<void> {
    const { attemptId } = this.options;
    const [local, counter] = await Promise.all([
      this.journal.list(attemptId),
      this.journal.counter(attemptId),
    ]);
    const { entries, writes } = mergeOnLoad(attemptId, server, local);
    if (writes.length > 0) {
      const planned = new Map(writes.map((entry) => [entry.questionId, entry]));
      await this.journal.update(attemptId, [...planned.keys()], (questionId, current) => {
        const next = planned.get(questionId)!;
        // Another tab wrote a newer change meanwhile: keep it.
        return current && current.seq > next.seq ? undefined : next;
      });
    }
    this.floor = await this.journal.raiseCounter(
      attemptId,
      sequenceFloor(counter, serverLastSeq, [...entries, ...local]),
    );
    this.show(entries);
    this.emit();
  }

  // ------------------------------------------------------------ changes

  /** Records a change now (journal first), then schedules sending it. */
  change(questionId: string, value: AnswerValue): void {
    if (this.closed) return;
    const { attemptId } = this.options;
    const shown = this.entries.get(questionId);
    this.entries.set(questionId, {
      attemptId,
      questionId,
      ...value,
      seq: shown?.seq ?? 0,
      synced: false,
    });
    this.queued.set(questionId, (this.queued.get(questionId) ?? 0) + 1);
    this.emit();
    const write = this.recordSafely(questionId, value).then((entry) => {
      const left = (this.queued.get(questionId) ?? 1) - 1;
      if (left > 0) this.queued.set(questionId, left);
      else this.queued.delete(questionId);
      const current = this.entries.get(questionId);
      // A newer change of this question is still landing: keep showing it, with this seq for now.
      if (left > 0 && current) this.entries.set(questionId, { ...current, seq: entry.seq });
      else this.show([entry]);
      this.options.broadcast?.({ type: 'entries', entries: [entry] });
      this.emit();
      this.scheduleFlush();
    });
    this.writes = this.writes.then(() => write);
  }

  /** The question the learner is on (named by the integrity events that have no question of their own). */
  setCurrentQuestion(questionId: string | null): void {
    this.currentQuestion = questionId;
  }

  /**
   * Records an integrity event (issue 29) in the journal, beside the answers, and schedules a save to
   * carry it; kept offline, it goes with the first save after the connection is back. A paste brings its
   * length only, never the text.
   */
  event(kind: RunnerEventKind, detail: { questionId?: string | null; length?: number } = {}): void {
    if (this.closed) return;
    // A blur and a focus can fall in one millisecond; the journal (keyed by id) and the server order by
    // time, so each event is at least a millisecond after the one before.
    this.lastEventAt = Math.max((this.options.now?.() ?? new Date()).getTime(), this.lastEventAt + 1);
    const event: JournalEvent = {
      attemptId: this.options.attemptId,
      id: this.options.newId?.() ?? crypto.randomUUID(),
      kind,
      at: new Date(this.lastEventAt).toISOString(),
      question_id: detail.questionId === undefined ? this.currentQuestion : detail.questionId,
      ...(detail.length === undefined ? {} : { length: detail.length }),
    };
    const write = this.journal
      .recordEvent(event)
      .catch(() => undefined)
      .then(() => this.scheduleFlush());
    this.writes = this.writes.then(() => write);
  }

  /** IndexedDB can fail mid-exam (quota, eviction): the rest of the session keeps a memory journal. */
  private async recordSafely(questionId: string, value: AnswerValue): Promise<JournalEntry> {
    const { attemptId } = this.options;
    try {
      return await this.journal.record(attemptId, questionId, value, this.floor);
    } catch {
      const memory = createMemoryJournal();
      const carried = [...this.entries.values()].filter((entry) => entry.seq > 0);
      await memory.update(
        attemptId,
        carried.map((entry) => entry.questionId),
        (id) => carried.find((entry) => entry.questionId === id),
      );
      this.floor = Math.max(this.floor, ...carried.map((entry) => entry.seq));
      this.journal = memory;
      return memory.record(attemptId, questionId, value, this.floor);
    }
  }

  /** Another tab wrote or settled entries. */
  receive(message: SyncMessage): void {
    if (message.type === 'closed') {
      this.markClosed(false);
      return;
    }
    for (const entry of message.entries) this.floor = Math.max(this.floor, entry.seq);
    this.show(message.entries);
    this.emit();
  }

  // ------------------------------------------------------------ sending

  private scheduleFlush() {
    if (this.closed || this.blocked || this.debounceTimer !== null || this.retryTimer !== null) return;
    if (!this.isOnline()) {
      this.emit();
      return;
    }
    this.debounceTimer = this.timers.set(() => {
      this.debounceTimer = null;
      void this.flush();
    }, this.options.debounceMs ?? 400);
  }

  private scheduleRetry() {
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = this.timers.set(
      () => {
        this.retryTimer = null;
        void this.flush();
      },
      retryDelay(this.failures, this.options.random),
    );
  }

  private clearTimers() {
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.debounceTimer = null;
    this.retryTimer = null;
  }

  /** The browser says the network is back (or gone). */
  setOnline(online: boolean): void {
    if (online) {
      this.networkDown = false;
      this.failures = 0;
      void this.flush();
    } else {
      this.networkDown = true;
    }
    this.emit();
  }

  /** Sends every pending change now; resolves when the journal is in step with the server or a send failed. */
  flush(): Promise<void> {
    if (this.inflight) {
      this.again = true;
      return this.inflight;
    }
    this.inflight = this.runFlush().finally(() => {
      this.inflight = null;
      if (this.again && !this.closed && this.retryTimer === null) {
        this.again = false;
        void this.flush();
      }
      this.again = false;
    });
    return this.inflight;
  }

  private async runFlush(): Promise<void> {
    this.clearTimers();
    await this.writes;
    const { attemptId } = this.options;
    while (!this.closed && !this.blocked) {
      const stored = await this.journal.list(attemptId);
      this.show(stored);
      const [pending] = pendingBatches(stored);
      const events = (await this.journal.events(attemptId).catch(() => [] as JournalEvent[])).slice(
        0,
        EVENT_BATCH_MAX,
      );
      if (!pending && events.length === 0) {
        this.failures = 0;
        this.emit();
        return;
      }
      const batch = pending ?? [];
      const sent = events.map((event) => event.id);
      this.sending = true;
      this.emit();
      let settledAny = false;
      try {
        const result = await this.options.transport.save(
          batch,
          { keepalive: false },
          events.map(toEventInput),
        );
        this.failures = 0;
        this.networkDown = false;
        // The server holds the events now (a replay of them would store nothing).
        if (sent.length > 0) await this.journal.removeEvents(attemptId, sent).catch(() => undefined);
        settledAny = (await this.settle(result)) > 0 || sent.length > 0;
      } catch (error) {
        const failure = classify(error);
        if (failure === 'blocked') {
          this.markBlocked(blockedKeyOf(error)!);
          return;
        }
        if (failure === 'closed') {
          // Past the deadline or submitted elsewhere: make sure it is submitted (idempotent), then stop.
          await this.options.transport.submit([]).catch(() => undefined);
          this.markClosed(true);
          return;
        }
        if (failure === 'invalid' && error instanceof ApiError) {
          settledAny = (await this.reject(batch, error)) > 0;
          if (sent.length > 0 && eventsRefused(error)) {
            await this.journal.removeEvents(attemptId, sent).catch(() => undefined);
            settledAny = true;
          }
        }
        if (!settledAny) {
          this.failures += 1;
          this.networkDown = failure === 'network';
          this.scheduleRetry();
          return;
        }
      } finally {
        this.sending = false;
        this.emit();
      }
      if (!settledAny) {
        // The server acknowledged nothing of this batch: try again later rather than loop.
        this.failures += 1;
        this.scheduleRetry();
        return;
      }
    }
  }

  /** Applies a save answer to the journal; returns how many entries changed. */
  private async settle(result: SaveAnswersResult): Promise<number> {
    const { attemptId } = this.options;
    this.options.onServerAnswer?.(result);
    const outcomes = outcomesOf(result);
    const written = await this.journal.update(attemptId, [...outcomes.keys()], (questionId, current) =>
      settleEntry(attemptId, current, outcomes.get(questionId)!),
    );
    if (written.length > 0) {
      this.show(written);
      this.options.broadcast?.({ type: 'entries', entries: written });
    }
    if (result.status === 'submitted') this.markClosed(true);
    return written.length;
  }

  private async reject(batch: AnswerChange[], error: ApiError): Promise<number> {
    const positions = rejectedPositions(error).filter((position) => position < batch.length);
    const rejected = new Map(positions.map((position) => [batch[position]!.question_id, batch[position]!]));
    for (const change of rejected.values()) this.options.onRejected?.(change, error);
    const written = await this.journal.update(this.options.attemptId, [...rejected.keys()], (id, current) =>
      current && current.seq === rejected.get(id)!.seq ? { ...current, synced: true } : undefined,
    );
    this.show(written);
    return written.length;
  }

  /**
   * The page is being hidden or closed: send what the journal already holds with `keepalive`, so
   * the request outlives the page. Nothing is lost if it fails — the journal sends it next time.
   */
  flushKeepalive(): void {
    if (this.closed || this.blocked) return;
    const ready = [...this.entries.values()].filter(
      (entry) => !entry.synced && entry.seq > 0 && !this.queued.has(entry.questionId),
    );
    for (const batch of pendingBatches(ready)) {
      this.options.transport
        .save(batch, { keepalive: true })
        .then((result) => this.settle(result))
        .catch(() => undefined);
    }
  }

  // ------------------------------------------------------------ submit

  /**
   * Saves what is pending, then submits with any change still unsent riding along. Submitting an
   * attempt that is already closed counts as done. Rejects when the server cannot be reached.
   */
  async submit(): Promise<void> {
    if (this.closed) return;
    await this.writes;
    await this.flush();
    if (this.closed) return;
    if (this.blocked) throw new Error('This device no longer holds the attempt');
    const { attemptId } = this.options;
    const unsent = (await this.journal.list(attemptId))
      .filter((entry) => !entry.synced)
      .sort((a, b) => a.seq - b.seq)
      .map(toChange)
      .slice(-500);
    const events = (await this.journal.events(attemptId).catch(() => [] as JournalEvent[]))
      .slice(-EVENT_BATCH_MAX)
      .map(toEventInput);
    try {
      await this.options.transport.submit(unsent, events);
    } catch (error) {
      const failure = classify(error);
      if (failure === 'blocked') this.markBlocked(blockedKeyOf(error)!);
      if (failure !== 'closed') throw error;
    }
    this.markClosed(true);
  }

  get isBlocked(): boolean {
    return this.blocked;
  }

  /** Stops sending for good in this tab; the journal keeps what is unsent. */
  private markBlocked(key: BlockedKey) {
    if (this.blocked || this.closed) return;
    this.blocked = true;
    this.clearTimers();
    this.emit();
    this.options.onBlocked?.(key);
  }

  private markClosed(announce: boolean) {
    if (this.closed) return;
    this.closed = true;
    this.clearTimers();
    if (announce) this.options.broadcast?.({ type: 'closed' });
    this.emit();
    void this.journal.clear(this.options.attemptId).catch(() => undefined);
    this.options.onClosed?.();
  }

  dispose(): void {
    this.clearTimers();
    this.listeners.clear();
  }
}
