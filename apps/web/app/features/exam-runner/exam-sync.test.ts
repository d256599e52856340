import type { AnswerChange, IntegrityEventInput, SaveAnswersResult, SavedAnswer } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_KEY } from '../../lib/api-error';
import { ExamSync, type SaveTransport, type SyncMessage, type Timers } from './exam-sync';
import { createMemoryJournal, type Journal } from './journal-store';

const ATTEMPT = 'attempt-1';

/**
 * The server side of the contract, in memory: per question the change with the greatest seq
 * wins; a closed attempt answers 409; the network can be cut.
 */
class FakeServer implements SaveTransport {
  stored = new Map<string, SavedAnswer>();
  online = true;
  closed = false;
  requests: AnswerChange[][] = [];
  submitted: AnswerChange[][] = [];
  /** Integrity events by id (the server stores each once), and every event each save carried. */
  events = new Map<string, IntegrityEventInput>();
  eventRequests: IntegrityEventInput[][] = [];
  /** The next save is stored but its answer is lost on the way back. */
  loseNextAnswer = false;

  async save(
    changes: AnswerChange[],
    _options?: { keepalive: boolean },
    events: IntegrityEventInput[] = [],
  ): Promise<SaveAnswersResult> {
    if (!this.online) throw new ApiError({ code: 500, key: NETWORK_ERROR_KEY, message: 'Failed to fetch' });
    if (this.closed) throw new ApiError({ code: 409, key: 'CONFLICT', message: 'attempt.closed' });
    this.requests.push(changes);
    this.eventRequests.push(events);
    for (const event of events) if (!this.events.has(event.id)) this.events.set(event.id, event);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new ApiError({ code: 500, key: NETWORK_ERROR_KEY, message: 'Failed to fetch' });
    }
    const accepted: SaveAnswersResult['accepted'] = [];
    const stale: SavedAnswer[] = [];
    for (const change of changes) {
      const current = this.stored.get(change.question_id);
      if (current && current.seq > change.seq) {
        stale.push(current);
        continue;
      }
      this.stored.set(change.question_id, {
        question_id: change.question_id,
        answer: change.answer,
        flagged: change.flagged ?? false,
        seq: change.seq,
      });
      accepted.push({ question_id: change.question_id, seq: change.seq });
    }
    return {
      accepted,
      stale,
      status: 'in_progress',
      deadline_at: '2030-01-01T00:00:00.000Z',
      server_now: '2030-01-01T00:00:00.000Z',
    };
  }

  async submit(changes: AnswerChange[], events: IntegrityEventInput[] = []) {
    if (!this.online) throw new ApiError({ code: 500, key: NETWORK_ERROR_KEY, message: 'Failed to fetch' });
    if (changes.length > 0 || events.length > 0) await this.save(changes, { keepalive: false }, events);
    this.submitted.push(changes);
    this.closed = true;
    return { id: ATTEMPT };
  }

  lastSeq() {
    return Math.max(0, ...[...this.stored.values()].map((saved) => saved.seq));
  }
}

/** Timers the test fires by hand. */
function manualTimers(): Timers & { pending: () => number } {
  const timers = new Map<number, () => void>();
  let next = 0;
  return {
    set(callback) {
      next += 1;
      timers.set(next, callback);
      return next;
    },
    clear(handle) {
      timers.delete(handle as number);
    },
    pending: () => timers.size,
  };
}

function tab(
  server: FakeServer,
  journal: Journal,
  extra: Partial<ConstructorParameters<typeof ExamSync>[0]> = {},
) {
  return new ExamSync({
    attemptId: ATTEMPT,
    journal,
    transport: server,
    timers: manualTimers(),
    random: () => 0,
    ...extra,
  });
}

const choose = (key: string) => ({ answer: { key }, flagged: false });

describe('ExamSync', () => {
  it('keeps answers made offline in the journal and saves all of them once back online', async () => {
    const server = new FakeServer();
    const sync = tab(server, createMemoryJournal());
    await sync.load([], 0);

    server.online = false;
    for (let index = 1; index <= 10; index += 1) sync.change(`q${index}`, choose('B'));
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ status: 'offline', pending: 10 });
    expect(server.stored.size).toBe(0);

    server.online = true;
    sync.setOnline(true);
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', pending: 0 });
    expect([...server.stored.keys()].sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `q${index + 1}`).sort(),
    );
  });

  it('resends unsent journal entries after a reload and continues the sequence above the server', async () => {
    const server = new FakeServer();
    const journal = createMemoryJournal();
    const first = tab(server, journal);
    await first.load([], 0);
    server.online = false;
    first.change('q1', choose('A'));
    first.change('q2', choose('C'));
    await first.flush();
    first.dispose();

    // Meanwhile another device saved q3 with much higher numbers.
    server.online = true;
    server.stored.set('q3', { question_id: 'q3', answer: { key: 'D' }, flagged: true, seq: 40 });

    const reloaded = tab(server, journal);
    await reloaded.load([...server.stored.values()], server.lastSeq());
    expect(reloaded.value('q1')?.answer).toEqual({ key: 'A' });
    expect(reloaded.value('q3')).toMatchObject({ answer: { key: 'D' }, flagged: true });
    expect(reloaded.getSnapshot().pending).toBe(2);

    await reloaded.flush();
    expect(server.stored.get('q2')?.answer).toEqual({ key: 'C' });
    reloaded.change('q4', choose('B'));
    await reloaded.flush();
    expect(server.stored.get('q4')!.seq).toBeGreaterThan(40);
  });

  it('shows the server value when the server holds a newer answer from another device', async () => {
    const server = new FakeServer();
    const sync = tab(server, createMemoryJournal());
    await sync.load([], 0);
    sync.change('q1', choose('A'));
    // Another device saved q1 with a greater seq before this tab's save arrived.
    server.stored.set('q1', { question_id: 'q1', answer: { key: 'D' }, flagged: false, seq: 99 });
    await sync.flush();
    expect(sync.value('q1')?.answer).toEqual({ key: 'D' });
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', pending: 0 });
  });

  it('gives two tabs sharing one journal distinct, increasing numbers and tells the other tab', async () => {
    const server = new FakeServer();
    const journal = createMemoryJournal();
    const messages: SyncMessage[] = [];
    const left = tab(server, journal, { broadcast: (message) => messages.push(message) });
    const right = tab(server, journal);
    await left.load([], 0);
    await right.load([], 0);

    left.change('q1', choose('A'));
    right.change('q1', choose('B'));
    left.change('q2', choose('C'));
    await left.flush();
    await right.flush();

    const seqs = server.requests.flat().map((change) => change.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    // The later change (right's B) wins on the server.
    expect(server.stored.get('q1')?.answer).toEqual({ key: 'B' });

    for (const message of messages) right.receive(message);
    expect(right.value('q2')?.answer).toEqual({ key: 'C' });
  });

  it('submits with unsent changes riding along, and a second submit does nothing', async () => {
    const server = new FakeServer();
    let closedCalls = 0;
    const sync = tab(server, createMemoryJournal(), { onClosed: () => closedCalls++ });
    await sync.load([], 0);
    sync.change('q1', choose('A'));
    await sync.submit();
    expect(server.closed).toBe(true);
    expect(server.stored.get('q1')?.answer).toEqual({ key: 'A' });
    await sync.submit();
    expect(server.submitted).toHaveLength(1);
    expect(closedCalls).toBe(1);
    expect(sync.getSnapshot().status).toBe('closed');
  });

  it('stops saving and reports the attempt closed when the server answers 409', async () => {
    const server = new FakeServer();
    const closed: string[] = [];
    const sync = tab(server, createMemoryJournal(), { onClosed: () => closed.push('closed') });
    await sync.load([], 0);
    server.closed = true;
    sync.change('q1', choose('A'));
    await sync.flush();
    expect(closed).toEqual(['closed']);
    sync.change('q2', choose('B'));
    expect(sync.value('q2')).toBeUndefined();
  });

  it('another device taking the attempt (409 other_device) stops sending without submitting; the journal keeps the changes', async () => {
    const server = new FakeServer();
    const journal = createMemoryJournal();
    const blocked: string[] = [];
    const closed: string[] = [];
    const sync = tab(server, journal, {
      onBlocked: (key) => blocked.push(key),
      onClosed: () => closed.push('closed'),
    });
    await sync.load([], 0);
    sync.change('q1', choose('A'));
    await sync.flush();
    const refuse = (key: string) => {
      server.save = async () => {
        throw new ApiError({ code: 409, key: 'CONFLICT', message: 'other', errors: { attempt: key } });
      };
    };
    refuse('attempt.other_device');
    sync.change('q2', choose('B'));
    await sync.flush();
    expect(blocked).toEqual(['attempt.other_device']);
    expect(closed).toEqual([]);
    expect(server.submitted).toEqual([]);
    expect(sync.getSnapshot()).toMatchObject({ status: 'blocked', pending: 1 });
    await expect(sync.submit()).rejects.toThrow();
    expect(server.submitted).toEqual([]);
    // The unsent change stays in the journal for when this device holds the attempt again.
    const kept = await journal.list(ATTEMPT);
    expect(kept.find((entry) => entry.questionId === 'q2')).toMatchObject({ synced: false });
    expect(server.stored.get('q1')?.answer).toEqual({ key: 'A' });
  });

  it('does not submit while the server cannot be reached, and keeps the answers', async () => {
    const server = new FakeServer();
    const sync = tab(server, createMemoryJournal());
    await sync.load([], 0);
    server.online = false;
    sync.change('q1', choose('A'));
    await expect(sync.submit()).rejects.toBeInstanceOf(ApiError);
    expect(sync.isClosed).toBe(false);
    server.online = true;
    await sync.submit();
    expect(server.stored.get('q1')?.answer).toEqual({ key: 'A' });
  });

  it('drops a change the server rejects as invalid and saves the rest of the batch', async () => {
    const server = new FakeServer();
    const original = server.save.bind(server);
    server.save = async (changes) => {
      const bad = changes.findIndex((change) => change.question_id === 'bad');
      if (bad >= 0) {
        throw new ApiError({
          code: 422,
          key: 'VALIDATION_FAILED',
          message: 'invalid',
          errors: { [`answers.${bad}.answer`]: 'attempt.answer_invalid' },
        });
      }
      return original(changes);
    };
    const rejected: string[] = [];
    const sync = tab(server, createMemoryJournal(), {
      onRejected: (change) => rejected.push(change.question_id),
    });
    await sync.load([], 0);
    sync.change('good', choose('A'));
    sync.change('bad', { answer: { nonsense: true }, flagged: false });
    await sync.flush();
    expect(rejected).toEqual(['bad']);
    expect(server.stored.has('good')).toBe(true);
    expect(sync.getSnapshot().pending).toBe(0);
  });

  describe('integrity events (issue 29)', () => {
    let ids = 0;
    const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

    it('journals events made offline beside the answers and sends them once with the next save', async () => {
      const server = new FakeServer();
      const journal = createMemoryJournal();
      const sync = tab(server, journal, { newId });
      await sync.load([], 0);
      sync.setCurrentQuestion('q2');
      server.online = false;
      sync.event('offline');
      sync.change('q1', choose('A'));
      sync.event('focus_lost');
      sync.event('paste', { questionId: 'q3', length: 42 });
      await sync.flush();
      expect(server.events.size).toBe(0);
      expect((await journal.events(ATTEMPT)).map((event) => event.kind)).toEqual([
        'offline',
        'focus_lost',
        'paste',
      ]);

      server.online = true;
      sync.event('reconnected');
      sync.setOnline(true);
      await sync.flush();
      const sent = [...server.events.values()];
      expect(sent.map((event) => event.kind)).toEqual(['offline', 'focus_lost', 'paste', 'reconnected']);
      // The question on screen, or the one pasted into; a paste's length, never its text.
      expect(sent[1]).toMatchObject({ question_id: 'q2' });
      expect(sent[2]).toMatchObject({ question_id: 'q3', length: 42 });
      expect(Object.keys(sent[2]!).sort()).toEqual(['at', 'id', 'kind', 'length', 'question_id']);
      // Sent with the answer, then gone from the journal.
      expect(server.stored.get('q1')?.answer).toEqual({ key: 'A' });
      expect(await journal.events(ATTEMPT)).toEqual([]);
    });

    it('keeps the order of events made in one millisecond, whatever order the journal keeps ids in', async () => {
      const server = new FakeServer();
      const journal = createMemoryJournal();
      const frozen = new Date('2026-11-29T08:00:00.000Z');
      // Ids that sort backwards: an IndexedDB store keyed by id returns them in reverse.
      let left = 9;
      const backwards = () => `00000000-0000-4000-8000-${String(left--).padStart(12, '0')}`;
      const sync = tab(server, journal, { newId: backwards, now: () => frozen });
      await sync.load([], 0);
      sync.event('focus_lost');
      sync.event('focus_back');
      sync.event('paste', { length: 3 });
      await sync.flush();
      const sent = [...server.events.values()].sort((a, b) => b.id.localeCompare(a.id));
      expect(sent.map((event) => event.kind)).toEqual(['focus_lost', 'focus_back', 'paste']);
      const times = sent.map((event) => Date.parse(event.at));
      expect(times).toEqual([frozen.getTime(), frozen.getTime() + 1, frozen.getTime() + 2]);
    });

    it('sends events alone when no answer is pending, and resends a save whose answer was lost with the same ids', async () => {
      const server = new FakeServer();
      const journal = createMemoryJournal();
      const sync = tab(server, journal, { newId });
      await sync.load([], 0);
      server.loseNextAnswer = true;
      sync.event('focus_lost');
      sync.event('focus_back');
      await sync.flush();
      expect(server.eventRequests).toHaveLength(1);
      expect(await journal.events(ATTEMPT)).toHaveLength(2);

      // A reload resends what the journal holds: the server sees the same ids and keeps one of each.
      const reloaded = tab(server, journal, { newId });
      await reloaded.load([], 0);
      await reloaded.flush();
      expect(server.eventRequests).toHaveLength(2);
      expect(server.eventRequests[1]!.map((event) => event.id)).toEqual(
        server.eventRequests[0]!.map((event) => event.id),
      );
      expect(server.requests[1]).toEqual([]);
      expect(server.events.size).toBe(2);
      expect(await journal.events(ATTEMPT)).toEqual([]);
    });

    it('submits with the events still journalled', async () => {
      const server = new FakeServer();
      const journal = createMemoryJournal();
      const sync = tab(server, journal, { newId });
      await sync.load([], 0);
      sync.change('q1', choose('B'));
      await sync.flush();
      server.online = false;
      sync.event('fullscreen_left');
      await sync.flush();
      server.online = true;
      // The save before the submit carries it; nothing is left for the submit to lose.
      await sync.submit();
      expect([...server.events.values()].map((event) => event.kind)).toEqual(['fullscreen_left']);
      expect(server.closed).toBe(true);
    });
  });
});
