/** Saving a learner's answers while the attempt is open (one statement per save, see answer-writer.ts). */
import {
  type AnswerChange,
  ATTEMPT_KEYS,
  type IntegrityEventInput,
  type SaveAnswersResult,
  type SavedAnswer,
} from '@prepwise/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { attempts } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { answerWriter } from './answer-writer';
import {
  type AttemptMeta,
  type AttemptRow,
  attemptModel,
  cachedAttempt,
  checkChanges,
  closed,
  forgetAttempt,
  isOverdue,
  rememberAttempt,
  savedAnswers,
} from './attempt-rows';
import { checkEvents, forgetDevice, noteDevice, recordEvents } from './integrity.service';
import { submitAttempt } from './submission.service';

/** What a save brings besides its answer changes (issue 29). */
export interface SaveExtras {
  /** Integrity events the runner journalled since its last save. */
  events?: IntegrityEventInput[];
  /** The browser's `x-device-id`, when it sent one. */
  deviceId?: string | null;
}

/** An attempt's owner, state and fixed facts. */
const attemptRowQuery = perDatabase((db) =>
  db
    .select({
      id: attempts.id,
      userId: attempts.userId,
      status: attempts.status,
      deadlineAt: attempts.deadlineAt,
      testId: attempts.testId,
      testVersion: attempts.testVersion,
      sectionIds: attempts.sectionIds,
      questionIds: attempts.questionIds,
    })
    .from(attempts)
    .where(eq(attempts.id, sql.placeholder('id')))
    .prepare('attempts_row'),
);

async function loadAttemptRow(db: Db, attemptId: string) {
  const [row] = await attemptRowQuery(db).execute({ id: attemptId });
  return row;
}

/** Whether an attempt takes saves now, as the answer statement would say it (for a save without answers). */
async function stateOf(db: Db, attemptId: string, now: Date) {
  const row = await loadAttemptRow(db, attemptId);
  if (!row) throw notFound('Attempt not found');
  return { open: row.status === 'in_progress' && !isOverdue(row, now), written: [] };
}

/** Refuses a save to an attempt that is over: submits it first when its time has run out. */
async function refuseClosed(
  db: Db,
  row: Pick<AttemptRow, 'id' | 'status' | 'deadlineAt'>,
  now: Date,
): Promise<never> {
  forgetAttempt(row.id);
  if (row.status === 'submitted') throw closed();
  await submitAttempt(db, row.id, 'deadline', now);
  throw new AppError(409, 'CONFLICT', 'The time for this attempt is over', {
    attempt: ATTEMPT_KEYS.deadlinePassed,
  });
}

export async function saveAnswers(
  database: Pick<Database, 'db' | 'prepared'>,
  userId: string,
  attemptId: string,
  changes: AnswerChange[],
  now: Date,
  extras: SaveExtras = {},
): Promise<SaveAnswersResult> {
  const { db } = database;
  const events = extras.events ?? [];
  let meta: AttemptMeta | undefined = cachedAttempt(attemptId);
  if (!meta) {
    const row = await loadAttemptRow(db, attemptId);
    if (!row) throw notFound('Attempt not found');
    if (row.userId !== userId) throw notFound('Attempt not found');
    if (row.status === 'submitted' || isOverdue(row, now)) await refuseClosed(db, row, now);
    meta = row;
    if (row.status === 'in_progress') rememberAttempt(row);
  }
  if (meta.userId !== userId) throw notFound('Attempt not found');
  const model = await attemptModel(db, meta);
  const checked = checkChanges(model, meta, changes);
  const checkedEvents = checkEvents(model, meta, events);
  // A save of events only (rare) reads the attempt's state instead of writing answers.
  const { open, written } =
    checked.length > 0
      ? await answerWriter(database).write(meta.id, checked, now)
      : await stateOf(db, meta.id, now);
  if (open) {
    // Only when there is something to note: the answer path stays one statement otherwise.
    await recordEvents(database, meta.id, checkedEvents, now);
    await noteDevice(database, meta.id, extras.deviceId ?? null, now);
  } else forgetDevice(meta.id);
  const stale: SavedAnswer[] = [];
  if (!open) {
    // Submitted, or past its deadline and grace: a replay of what the server holds is still harmless.
    const row = await loadAttemptRow(db, meta.id);
    if (!row) throw notFound('Attempt not found');
    const held = new Map((await savedAnswers(db, row.id)).map((answer) => [answer.questionId, answer]));
    const replayed = changes.every((change) => Number(held.get(change.question_id)?.seq) >= change.seq);
    if (row.status !== 'submitted' || !replayed) await refuseClosed(db, row, now);
    forgetAttempt(row.id);
    return {
      accepted: changes.map((change) => ({ question_id: change.question_id, seq: change.seq })),
      stale,
      status: 'submitted',
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      server_now: now.toISOString(),
    };
  }
  const kept = new Map(written.map((entry) => [entry.question_id, Number(entry.seq)]));
  const unsettled = changes.filter((change) => kept.get(change.question_id) !== change.seq);
  const accepted = changes
    .filter((change) => kept.get(change.question_id) === change.seq)
    .map((change) => ({ question_id: change.question_id, seq: change.seq }));
  if (unsettled.length > 0) {
    // A replay of what the server holds is accepted; an older change gets the server's value back.
    const held = await savedAnswers(db, meta.id);
    const byQuestion = new Map(held.map((answer) => [answer.questionId, answer]));
    const reported = new Set<string>();
    for (const change of unsettled) {
      const server = byQuestion.get(change.question_id);
      if (server && Number(server.seq) === change.seq) {
        accepted.push({ question_id: change.question_id, seq: change.seq });
      } else if (server && !reported.has(server.questionId)) {
        reported.add(server.questionId);
        stale.push({
          question_id: server.questionId,
          answer: server.answer as SavedAnswer['answer'],
          flagged: server.flagged,
          seq: Number(server.seq),
        });
      }
    }
  }
  return {
    accepted,
    stale,
    status: 'in_progress',
    deadline_at: meta.deadlineAt?.toISOString() ?? null,
    server_now: now.toISOString(),
  };
}

/**
 * The events still in the runner's journal when it submits (issue 29): stored before the submission, so a
 * learner who went offline and submits on reconnecting loses none. Another learner's attempt is a 404.
 */
export async function recordSubmitEvents(
  database: Pick<Database, 'db' | 'prepared'>,
  userId: string,
  attemptId: string,
  events: IntegrityEventInput[],
  deviceId: string | null,
  now: Date,
): Promise<void> {
  if (events.length === 0 && !deviceId) return;
  const row = await loadAttemptRow(database.db, attemptId);
  if (!row || row.userId !== userId) throw notFound('Attempt not found');
  const checked = checkEvents(await attemptModel(database.db, row), row, events);
  await recordEvents(database, row.id, checked, now);
  if (row.status === 'in_progress') await noteDevice(database, row.id, deviceId, now);
  forgetDevice(row.id);
}
