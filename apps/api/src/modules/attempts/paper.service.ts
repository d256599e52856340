/** The paper of an attempt as the exam runner loads it, and its play-once audio. */
import { ATTEMPT_KEYS, type Paper, type SavedAnswer } from '@prepwise/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptAudioPlays, testAssignments } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import {
  attemptModel,
  closed,
  isOverdue,
  rememberAttempt,
  savedAnswers,
  shownModel,
  testRef,
} from './attempt-rows';
import { ownAttempt } from './submission.service';
import { paperSections } from './test-model';

export async function getPaper(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<Omit<Paper, 'token_expires_at'>> {
  const row = await ownAttempt(db, userId, attemptId, now);
  if (row.status === 'in_progress' && !isOverdue(row, now)) rememberAttempt(row);
  const [model, answers, played, assignment] = await Promise.all([
    shownModel(db, row),
    savedAnswers(db, row.id),
    playedAudio(db, row.id),
    row.assignmentId
      ? db
          .select({ singleDevice: testAssignments.singleDevice })
          .from(testAssignments)
          .where(eq(testAssignments.id, row.assignmentId))
      : [],
  ]);
  return {
    attempt: {
      id: row.id,
      mode: row.mode,
      status: row.status,
      started_at: row.startedAt.toISOString(),
      deadline_at: row.deadlineAt?.toISOString() ?? null,
      server_now: now.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
      last_seq: answers.reduce((max, answer) => Math.max(max, Number(answer.seq)), 0),
    },
    test: { ...testRef(model), duration_minutes: model.test.duration_minutes },
    sections: paperSections(model, row),
    answers: answers.map((answer) => ({
      question_id: answer.questionId,
      answer: answer.answer as SavedAnswer['answer'],
      flagged: answer.flagged,
      seq: Number(answer.seq),
    })),
    played_audio: played,
    single_device: assignment[0]?.singleDevice ?? false,
  };
}

async function playedAudio(db: Db, attemptId: string): Promise<string[]> {
  const rows = await db
    .select({ mediaId: attemptAudioPlays.mediaId })
    .from(attemptAudioPlays)
    .where(eq(attemptAudioPlays.attemptId, attemptId))
    .orderBy(asc(attemptAudioPlays.playedAt));
  return rows.map((row) => row.mediaId);
}

/**
 * Records that a play-once clip starts: the first request for a clip of the attempt wins (`first`), every
 * later one (another tab or device) learns it was played. Practice attempts play freely and record nothing.
 */
export async function recordAudioPlay(
  db: Db,
  userId: string,
  attemptId: string,
  mediaId: string,
  now: Date,
): Promise<{ first: boolean; played_audio: string[] }> {
  const row = await ownAttempt(db, userId, attemptId, now);
  if (row.status === 'submitted') throw closed();
  const model = await attemptModel(db, row);
  const sectionId = model.onceClips.get(mediaId);
  if (!sectionId || !row.sectionIds.includes(sectionId)) {
    throw validationFailed({ media_id: ATTEMPT_KEYS.audioNotInAttempt });
  }
  if (row.mode === 'practice') return { first: true, played_audio: await playedAudio(db, row.id) };
  const inserted = await db
    .insert(attemptAudioPlays)
    .values({ attemptId: row.id, mediaId })
    .onConflictDoNothing()
    .returning({ mediaId: attemptAudioPlays.mediaId });
  return { first: inserted.length > 0, played_audio: await playedAudio(db, row.id) };
}
