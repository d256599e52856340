import type { AnswerChange, IntegrityEventInput, SaveAnswersResult, SavedAnswer } from '@prepwise/contract';

/*
 * The rules of the local answer journal, without IndexedDB: how the journal and the server's saved
 * answers merge on load, how a save result settles journal entries, and how pending entries are cut
 * into batches. Every tab and device numbers its changes with one per-attempt sequence; the server
 * keeps, per question, the change with the greatest `seq`.
 */

export type AnswerPayload = Record<string, unknown> | null;

export interface AnswerValue {
  answer: AnswerPayload;
  flagged: boolean;
}

export interface JournalEntry extends AnswerValue {
  attemptId: string;
  questionId: string;
  seq: number;
  /** True once the server acknowledged this seq (or holds a newer one we adopted). */
  synced: boolean;
}

/**
 * An integrity event waiting in the journal (issue 29) until a save carries it: its own uuid makes a replay
 * harmless on the server. `at` is this device's clock. A paste keeps the pasted text's length only.
 */
export interface JournalEvent extends IntegrityEventInput {
  attemptId: string;
}

/** Events one save carries at most (the API takes up to 200). */
export const EVENT_BATCH_MAX = 100;

export function toEventInput({ attemptId: _attempt, ...event }: JournalEvent): IntegrityEventInput {
  return event;
}

export interface LoadMerge {
  /** One entry per question: what the page shows. */
  entries: JournalEntry[];
  /** Entries whose stored form must change (adopted from the server or to be sent again). */
  writes: JournalEntry[];
}

function fromServer(attemptId: string, saved: SavedAnswer): JournalEntry {
  return {
    attemptId,
    questionId: saved.question_id,
    answer: saved.answer,
    flagged: saved.flagged,
    seq: saved.seq,
    synced: true,
  };
}

/**
 * Merges the paper's saved answers with the local journal. A greater seq wins. A local entry the
 * server does not hold (unsent, or lost by the server) is kept and marked to be sent again; a
 * server value newer than the local one (another device) replaces it.
 */
export function mergeOnLoad(attemptId: string, server: SavedAnswer[], local: JournalEntry[]): LoadMerge {
  const serverByQuestion = new Map(server.map((saved) => [saved.question_id, saved]));
  const localByQuestion = new Map(local.map((entry) => [entry.questionId, entry]));
  const entries: JournalEntry[] = [];
  const writes: JournalEntry[] = [];
  const questionIds = new Set([...serverByQuestion.keys(), ...localByQuestion.keys()]);
  for (const questionId of questionIds) {
    const saved = serverByQuestion.get(questionId);
    const entry = localByQuestion.get(questionId);
    let merged: JournalEntry;
    if (!entry) merged = fromServer(attemptId, saved!);
    else if (!saved || entry.seq > saved.seq) merged = { ...entry, synced: false };
    else if (entry.seq === saved.seq) merged = { ...entry, synced: true };
    else merged = fromServer(attemptId, saved);
    entries.push(merged);
    if (!entry || !sameEntry(entry, merged)) writes.push(merged);
  }
  return { entries, writes };
}

function sameEntry(a: JournalEntry, b: JournalEntry): boolean {
  return (
    a.seq === b.seq &&
    a.synced === b.synced &&
    a.flagged === b.flagged &&
    JSON.stringify(a.answer) === JSON.stringify(b.answer)
  );
}

/** The sequence continues above everything this device or the server has seen. */
export function sequenceFloor(localCounter: number, serverLastSeq: number, entries: JournalEntry[]): number {
  return Math.max(localCounter, serverLastSeq, ...entries.map((entry) => entry.seq), 0);
}

export type SaveOutcome = { kind: 'accepted'; seq: number } | { kind: 'stale'; saved: SavedAnswer };

/**
 * How one question's journal entry settles after a save answer; `undefined` leaves it as it is.
 * Accepted: synced, unless the learner changed it again meanwhile (a newer seq is still pending).
 * Stale: the server holds a newer value, which replaces ours unless ours is newer still.
 */
export function settleEntry(
  attemptId: string,
  current: JournalEntry | undefined,
  outcome: SaveOutcome,
): JournalEntry | undefined {
  if (outcome.kind === 'accepted') {
    if (current && current.seq === outcome.seq && !current.synced) return { ...current, synced: true };
    return undefined;
  }
  if (current && current.seq > outcome.saved.seq) return undefined;
  const adopted = fromServer(attemptId, outcome.saved);
  return current && sameEntry(current, adopted) ? undefined : adopted;
}

/** The outcomes of a save answer, by question. */
export function outcomesOf(result: Pick<SaveAnswersResult, 'accepted' | 'stale'>): Map<string, SaveOutcome> {
  const outcomes = new Map<string, SaveOutcome>();
  for (const accepted of result.accepted) {
    outcomes.set(accepted.question_id, { kind: 'accepted', seq: accepted.seq });
  }
  for (const saved of result.stale) outcomes.set(saved.question_id, { kind: 'stale', saved });
  return outcomes;
}

export function toChange(entry: JournalEntry): AnswerChange {
  return { question_id: entry.questionId, answer: entry.answer, flagged: entry.flagged, seq: entry.seq };
}

export const BATCH_MAX_COUNT = 100;
/** fetch keepalive bodies are limited to 64 KiB; stay well below it. */
export const BATCH_MAX_BYTES = 48_000;

/**
 * Unsynced entries, oldest first, cut into batches of at most `maxCount` changes and about
 * `maxBytes` of JSON (a single larger change, e.g. a long essay, travels alone).
 */
export function pendingBatches(
  entries: Iterable<JournalEntry>,
  maxCount = BATCH_MAX_COUNT,
  maxBytes = BATCH_MAX_BYTES,
): AnswerChange[][] {
  const pending = [...entries].filter((entry) => !entry.synced).sort((a, b) => a.seq - b.seq);
  const batches: AnswerChange[][] = [];
  let batch: AnswerChange[] = [];
  let bytes = 0;
  for (const entry of pending) {
    const change = toChange(entry);
    const size = JSON.stringify(change).length + 1;
    if (batch.length > 0 && (batch.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(change);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export function countPending(entries: Iterable<JournalEntry>): number {
  let count = 0;
  for (const entry of entries) if (!entry.synced) count += 1;
  return count;
}

/** Exponential backoff from 1 s to 30 s, with up to 20 % jitter so tabs and learners spread out. */
export function retryDelay(failures: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + 0.2 * random()));
}
