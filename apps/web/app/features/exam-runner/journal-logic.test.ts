import type { SavedAnswer } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import {
  countPending,
  type JournalEntry,
  mergeOnLoad,
  pendingBatches,
  retryDelay,
  sequenceFloor,
  settleEntry,
} from './journal-logic';

const A = 'attempt-1';

function entry(questionId: string, seq: number, synced: boolean, key = 'A'): JournalEntry {
  return { attemptId: A, questionId, answer: { key }, flagged: false, seq, synced };
}

function saved(questionId: string, seq: number, key = 'A'): SavedAnswer {
  return { question_id: questionId, answer: { key }, flagged: false, seq };
}

describe('mergeOnLoad', () => {
  it('keeps an unsent local change that is newer than the server and marks it to be sent', () => {
    const { entries, writes } = mergeOnLoad(A, [saved('q1', 3, 'A')], [entry('q1', 7, false, 'C')]);
    expect(entries).toEqual([entry('q1', 7, false, 'C')]);
    expect(writes).toEqual([]);
  });

  it('adopts the server value when another device saved a greater seq', () => {
    const { entries, writes } = mergeOnLoad(A, [saved('q1', 12, 'D')], [entry('q1', 7, false, 'C')]);
    expect(entries).toEqual([entry('q1', 12, true, 'D')]);
    expect(writes).toEqual([entry('q1', 12, true, 'D')]);
  });

  it('marks a local change as synced when the server holds exactly that seq', () => {
    const { entries, writes } = mergeOnLoad(A, [saved('q1', 5, 'B')], [entry('q1', 5, false, 'B')]);
    expect(entries).toEqual([entry('q1', 5, true, 'B')]);
    expect(writes).toEqual([entry('q1', 5, true, 'B')]);
  });

  it('sends again a synced entry the server no longer holds', () => {
    const { entries, writes } = mergeOnLoad(A, [], [entry('q2', 4, true, 'B')]);
    expect(entries).toEqual([entry('q2', 4, false, 'B')]);
    expect(writes).toEqual([entry('q2', 4, false, 'B')]);
  });

  it('takes server answers the journal has never seen (a new device)', () => {
    const { entries, writes } = mergeOnLoad(A, [saved('q3', 9, 'A'), saved('q4', 10, 'B')], []);
    expect(countPending(entries)).toBe(0);
    expect(writes.map((written) => written.questionId).sort()).toEqual(['q3', 'q4']);
  });
});

describe('sequenceFloor', () => {
  it('continues above the local counter, the server and every journal entry', () => {
    expect(sequenceFloor(4, 20, [entry('q1', 7, false)])).toBe(20);
    expect(sequenceFloor(31, 20, [entry('q1', 7, false)])).toBe(31);
    expect(sequenceFloor(0, 0, [entry('q1', 7, false)])).toBe(7);
    expect(sequenceFloor(0, 0, [])).toBe(0);
  });
});

describe('settleEntry', () => {
  it('marks an accepted change synced', () => {
    expect(settleEntry(A, entry('q1', 5, false), { kind: 'accepted', seq: 5 })).toEqual(entry('q1', 5, true));
  });

  it('keeps a change made while the save was on its way pending', () => {
    expect(settleEntry(A, entry('q1', 8, false, 'C'), { kind: 'accepted', seq: 5 })).toBeUndefined();
  });

  it('replaces the local value with the server value when ours is stale', () => {
    expect(settleEntry(A, entry('q1', 5, false, 'A'), { kind: 'stale', saved: saved('q1', 9, 'D') })).toEqual(
      entry('q1', 9, true, 'D'),
    );
  });

  it('does not let a stale answer overwrite an even newer local change', () => {
    expect(
      settleEntry(A, entry('q1', 11, false, 'B'), { kind: 'stale', saved: saved('q1', 9, 'D') }),
    ).toBeUndefined();
  });
});

describe('pendingBatches', () => {
  it('sends only unsynced entries, oldest first, in batches of the given size', () => {
    const entries = [
      entry('q3', 3, false),
      entry('q1', 1, false),
      entry('q2', 2, true),
      entry('q4', 4, false),
      entry('q5', 5, false),
    ];
    const batches = pendingBatches(entries, 2);
    expect(batches.map((batch) => batch.map((change) => change.seq))).toEqual([
      [1, 3],
      [4, 5],
    ]);
    expect(batches[0]![0]).toEqual({ question_id: 'q1', answer: { key: 'A' }, flagged: false, seq: 1 });
  });

  it('cuts batches by size so a keepalive body stays small, and sends a huge change alone', () => {
    const long = (questionId: string, seq: number, length: number): JournalEntry => ({
      ...entry(questionId, seq, false),
      answer: { text: 'x'.repeat(length) },
    });
    const batches = pendingBatches([long('q1', 1, 300), long('q2', 2, 300), long('q3', 3, 5000)], 100, 1000);
    expect(batches.map((batch) => batch.map((change) => change.question_id))).toEqual([['q1', 'q2'], ['q3']]);
  });
});

describe('retryDelay', () => {
  it('doubles from one second up to thirty, with jitter on top', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((failures) => retryDelay(failures, none))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(retryDelay(1, () => 1)).toBe(1200);
  });
});
