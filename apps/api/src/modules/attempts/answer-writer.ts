import { ATTEMPT_GRACE_SECONDS } from '@prepwise/contract';
import type { Database } from '../../db/client';

/** One checked answer change of one attempt (validated against the attempt's questions). */
export interface CheckedChange {
  question_id: string;
  answer: Record<string, unknown> | null;
  flagged: boolean;
  seq: number;
}

/** What the database did with one attempt's changes. */
export interface WriteOutcome {
  /** The attempt took changes: in progress and within its deadline plus grace. */
  open: boolean;
  /** The changes now stored (their seq beat what the server held). */
  written: { question_id: string; seq: number }[];
}

/** Runs one statement with values ($1 …) and answers its rows. */
export type RunSql = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Writes the answer changes of one or more attempts in one statement. An attempt takes its changes only
 * while it is in progress and within its deadline plus grace; `for share` waits for a submit in flight and
 * then sees the attempt submitted. Per question the greater `seq` wins. Rows are written in (attempt,
 * question) order, so two statements touching the same rows always take them in the same order.
 * $1: the changes as a JSON array of {attempt_id, question_id, answer, flagged, seq} with at most one
 * change per (attempt, question); $2: the grace in seconds; $3: the time of the saves (the app's clock).
 * Answers one row: `open`, the ids of the attempts that took changes, and `written`, the (attempt,
 * question, seq) now stored.
 */
export const WRITE_ANSWERS = `with changes as (
    select * from jsonb_to_recordset($1::jsonb)
      as c(attempt_id uuid, question_id uuid, answer jsonb, flagged boolean, seq bigint)
  ), open_attempt as (
    select id from attempts
    where id in (select attempt_id from changes) and status = 'in_progress'
      and (deadline_at is null or deadline_at > $3::timestamptz - make_interval(secs => $2))
    order by id
    for share
  ), written as (
    insert into attempt_answers (attempt_id, question_id, answer, flagged, seq, saved_at)
    select c.attempt_id, c.question_id, c.answer, c.flagged, c.seq, $3::timestamptz
    from changes c
    where c.attempt_id in (select id from open_attempt)
    order by c.attempt_id, c.question_id
    on conflict (attempt_id, question_id) do update
      set answer = excluded.answer, flagged = excluded.flagged, seq = excluded.seq, saved_at = $3::timestamptz
      where excluded.seq > attempt_answers.seq
    returning attempt_id, question_id, seq
  )
  select coalesce((select json_agg(id) from open_attempt), '[]'::json) as open,
    coalesce((select json_agg(json_build_object('a', attempt_id, 'q', question_id, 's', seq)) from written), '[]'::json) as written`;

interface Pending {
  attemptId: string;
  changes: CheckedChange[];
  /** When the save came (the app's clock). */
  at: Date;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

/** Changes waiting to go out together: at most one per (attempt, question). */
interface Batch {
  entries: Pending[];
  keys: Set<string>;
  rows: number;
}

/** Rows one statement carries at most (a request brings at most 500). */
const MAX_BATCH_ROWS = 2_000;

/**
 * Writes the changes of several attempts with one statement, as saved at `at` (the deadlines are checked
 * against it).
 */
export async function writeAnswers(
  run: RunSql,
  entries: readonly { attemptId: string; changes: readonly CheckedChange[] }[],
  at: Date,
): Promise<Map<string, WriteOutcome>> {
  const rows = entries
    .flatMap((entry) => entry.changes.map((change) => ({ attempt_id: entry.attemptId, ...change })))
    .sort((a, b) =>
      a.attempt_id === b.attempt_id
        ? compare(a.question_id, b.question_id)
        : compare(a.attempt_id, b.attempt_id),
    );
  const {
    rows: [result],
  } = await run(WRITE_ANSWERS, [JSON.stringify(rows), ATTEMPT_GRACE_SECONDS, at.toISOString()]);
  const open = new Set((result?.open ?? []) as string[]);
  const outcomes = new Map<string, WriteOutcome>();
  for (const entry of entries)
    outcomes.set(entry.attemptId, { open: open.has(entry.attemptId), written: [] });
  for (const row of (result?.written ?? []) as { a: string; q: string; s: number | string }[])
    outcomes.get(row.a)?.written.push({ question_id: row.q, seq: Number(row.s) });
  return outcomes;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A statement running longer than this is likely waiting on a lock (a submit in progress): another may start. */
const SLOW_MS = 25;
/** Statements running at once, at most (stuck ones included). */
const MAX_RUNNING = 4;

/**
 * Answer saves of many examinees go to the database together: while a statement is running, the saves that
 * arrive wait and then leave as one statement (one transaction, one commit), so a class saving at once
 * costs the database a few hundred commits a second instead of one per save. Each save is still answered
 * only once its own changes are committed; a save alone on an idle server goes at once. A statement that
 * takes longer than SLOW_MS (waiting for a submit's lock, say) lets the next one start beside it. When a
 * combined statement fails, its saves are written one by one, so one bad save fails alone.
 */
export class AnswerWriter {
  private readonly queue: Batch[] = [];
  private running = 0;
  private slow = 0;
  private scheduled = false;
  /** Statements sent and saves they carried (for tests and benchmarks). */
  readonly stats = { statements: 0, saves: 0 };

  constructor(private readonly run: RunSql) {}

  /** Writes one save's changes, made at `at` (the app's clock). */
  write(attemptId: string, changes: CheckedChange[], at: Date): Promise<WriteOutcome> {
    return new Promise<WriteOutcome>((resolve, reject) => {
      const entry: Pending = { attemptId, changes, at, resolve, reject };
      const keys = changes.map((change) => `${attemptId}:${change.question_id}`);
      // Two changes of one question cannot be in one statement: the later save takes the next batch.
      let batch = this.queue.find(
        (candidate) =>
          candidate.rows + changes.length <= MAX_BATCH_ROWS && !keys.some((key) => candidate.keys.has(key)),
      );
      if (!batch) {
        batch = { entries: [], keys: new Set(), rows: 0 };
        this.queue.push(batch);
      }
      batch.entries.push(entry);
      batch.rows += changes.length;
      for (const key of keys) batch.keys.add(key);
      // After the requests read in this turn of the event loop have come in too.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.queue.length > 0 && this.running - this.slow < 1 && this.running < MAX_RUNNING) {
      const batch = this.queue.shift()!;
      this.running += 1;
      let slow = false;
      const timer = setTimeout(() => {
        slow = true;
        this.slow += 1;
        this.pump();
      }, SLOW_MS);
      void this.flush(batch.entries).finally(() => {
        clearTimeout(timer);
        this.running -= 1;
        if (slow) this.slow -= 1;
        this.pump();
      });
    }
  }

  private async flush(entries: Pending[]) {
    this.stats.statements += 1;
    this.stats.saves += entries.length;
    try {
      const outcomes = await writeAnswers(this.run, mergeByAttempt(entries), earliest(entries));
      for (const entry of entries) entry.resolve(pick(outcomes, entry));
    } catch (error) {
      if (entries.length === 1) {
        entries[0]!.reject(error);
        return;
      }
      // One of them may be at fault (or the statement hit a deadlock): each save alone.
      for (const entry of entries) {
        this.stats.statements += 1;
        try {
          entry.resolve(pick(await writeAnswers(this.run, [entry], entry.at), entry));
        } catch (single) {
          entry.reject(single);
        }
      }
    }
  }
}

/**
 * The time a statement of several saves is written at: the first save's, so no save is refused for having
 * waited for the others (they came within the same moment).
 */
function earliest(entries: Pending[]): Date {
  return new Date(Math.min(...entries.map((entry) => entry.at.getTime())));
}

/** Saves of one attempt in one batch (two tabs) go as one entry: their questions differ. */
function mergeByAttempt(entries: Pending[]) {
  const byAttempt = new Map<string, CheckedChange[]>();
  for (const entry of entries) {
    const changes = byAttempt.get(entry.attemptId);
    if (changes) changes.push(...entry.changes);
    else byAttempt.set(entry.attemptId, [...entry.changes]);
  }
  return [...byAttempt].map(([attemptId, changes]) => ({ attemptId, changes }));
}

/** One save's share of its attempt's outcome: only its own questions. */
function pick(outcomes: Map<string, WriteOutcome>, entry: Pending): WriteOutcome {
  const outcome = outcomes.get(entry.attemptId) ?? { open: false, written: [] };
  if (outcome.written.length === 0) return outcome;
  const mine = new Set(entry.changes.map((change) => change.question_id));
  return { open: outcome.open, written: outcome.written.filter((row) => mine.has(row.question_id)) };
}

const writers = new WeakMap<object, AnswerWriter>();

/** The database's answer writer (one per process and database). */
export function answerWriter(database: Pick<Database, 'prepared'>): AnswerWriter {
  let writer = writers.get(database);
  if (!writer) {
    writer = new AnswerWriter((text, values) => database.prepared('attempts_write_answers', text, values));
    writers.set(database, writer);
  }
  return writer;
}
