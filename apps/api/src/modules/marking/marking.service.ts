import {
  agreement,
  countWords,
  type Mark,
  type MarkingAgreement,
  type MarkingDetail,
  type MarkingItem,
  type MarkingQuery,
  markingQuerySchema,
  type Page,
  RUBRIC_IDS,
  readDraftFeedback,
  rubricOf,
} from '@prepwise/contract';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { attemptAnswers, attempts, essayMarks, tests, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { attemptModel } from '../attempts/attempts.service';
import { rubricOfQuestion } from '../attempts/essay-marks.service';
import { finishedRecording } from '../recordings/recordings.service';

/**
 * The marking queue (issue 28): the answers teachers mark by hand (essays) of submitted attempts in the
 * caller's scope — the platform's own attempts in /admin, the organization's learners' in the portal.
 * An answer is unmarked while its grade waits for a teacher (outcome `pending`) and marked once a
 * teacher's final mark exists; a machine's draft never counts as marked.
 */
const finals = alias(essayMarks, 'final_marks');
const drafts = alias(essayMarks, 'draft_marks');
const markers = alias(users, 'markers');

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      attemptId: attemptAnswers.attemptId,
      questionId: attemptAnswers.questionId,
      answer: attemptAnswers.answer,
      testId: attempts.testId,
      testVersion: attempts.testVersion,
      questionIds: attempts.questionIds,
      testTitle: tests.title,
      learnerId: users.id,
      learnerName: users.fullName,
      learnerEmail: users.email,
      submittedAt: attempts.submittedAt,
      finalOverall: finals.overall,
      finalMarkedAt: finals.markedAt,
      markerName: markers.fullName,
      markerEmail: markers.email,
      draftAt: drafts.markedAt,
    })
    .from(attemptAnswers)
    .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .innerJoin(users, eq(users.id, attempts.userId))
    .leftJoin(
      finals,
      and(
        eq(finals.attemptId, attemptAnswers.attemptId),
        eq(finals.questionId, attemptAnswers.questionId),
        eq(finals.kind, 'final'),
      ),
    )
    .leftJoin(markers, eq(markers.id, finals.markedBy))
    .leftJoin(
      drafts,
      and(
        eq(drafts.attemptId, attemptAnswers.attemptId),
        eq(drafts.questionId, attemptAnswers.questionId),
        eq(drafts.kind, 'draft'),
      ),
    )
    .where(where);
}

function scopeOf(tenant: Tenant, query: { status: string; test_id?: string }) {
  const marked = isNotNull(finals.attemptId);
  const waiting = sql`${attemptAnswers.outcome} = 'pending'`;
  const status =
    query.status === 'marked'
      ? marked
      : query.status === 'unmarked'
        ? waiting
        : sql`(${marked} or ${waiting})`;
  return and(
    eq(attempts.status, 'submitted'),
    ownedBy(attempts.organizationId, tenant),
    query.test_id ? eq(attempts.testId, query.test_id) : undefined,
    status,
  );
}

async function rubricsOf(db: Db, rows: Row[]) {
  const byAnswer = new Map<string, (typeof RUBRIC_IDS)[number]>();
  for (const row of rows) {
    const model = await attemptModel(db, row);
    byAnswer.set(
      `${row.attemptId}/${row.questionId}`,
      rubricOfQuestion(model.questionById.get(row.questionId)?.answer).id,
    );
  }
  return byAnswer;
}

function itemOf(row: Row, rubric: (typeof RUBRIC_IDS)[number]): MarkingItem {
  return {
    attempt_id: row.attemptId,
    question_id: row.questionId,
    test: { id: row.testId, title: row.testTitle },
    learner: { id: row.learnerId, name: row.learnerName, email: row.learnerEmail },
    submitted_at: row.submittedAt?.toISOString() ?? null,
    rubric,
    status: row.finalMarkedAt ? 'marked' : 'unmarked',
    overall: row.finalOverall,
    marked_by: row.finalMarkedAt ? (row.markerName ?? row.markerEmail) : null,
    has_draft: row.draftAt !== null,
  };
}

/** Longest queue a rubric filter reads before paging (the rubric lives in the test's frozen version). */
const RUBRIC_SCAN_LIMIT = 2000;

/** The queue, oldest submission first for unmarked work and newest mark first for marked work. */
export async function listMarking(db: Db, tenant: Tenant, input: MarkingQuery): Promise<Page<MarkingItem>> {
  const query = markingQuerySchema.parse(input);
  const where = scopeOf(tenant, query);
  const order =
    query.status === 'unmarked'
      ? [attempts.submittedAt, attemptAnswers.questionId]
      : [desc(finals.markedAt), desc(attempts.submittedAt), attemptAnswers.questionId];
  const offset = (query.page - 1) * query.pageSize;
  if (query.rubric) {
    const rows = await selectRows(db, where)
      .orderBy(...order)
      .limit(RUBRIC_SCAN_LIMIT);
    const rubrics = await rubricsOf(db, rows);
    const kept = rows.filter((row) => rubrics.get(`${row.attemptId}/${row.questionId}`) === query.rubric);
    return {
      items: kept.slice(offset, offset + query.pageSize).map((row) => itemOf(row, query.rubric!)),
      page: query.page,
      pageSize: query.pageSize,
      total: kept.length,
    };
  }
  const [rows, [counted]] = await Promise.all([
    selectRows(db, where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(attemptAnswers)
      .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
      .leftJoin(
        finals,
        and(
          eq(finals.attemptId, attemptAnswers.attemptId),
          eq(finals.questionId, attemptAnswers.questionId),
          eq(finals.kind, 'final'),
        ),
      )
      .where(where),
  ]);
  const rubrics = await rubricsOf(db, rows);
  return {
    items: rows.map((row) => itemOf(row, rubrics.get(`${row.attemptId}/${row.questionId}`)!)),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.total ?? 0,
  };
}

/** One answer to mark, with its text, the question's prompt and guidance, and both marks if any. */
export async function getMarking(
  db: Db,
  tenant: Tenant,
  ids: { attemptId: string; questionId: string },
): Promise<MarkingDetail> {
  const [row] = await selectRows(
    db,
    and(
      scopeOf(tenant, { status: 'all' }),
      eq(attemptAnswers.attemptId, ids.attemptId),
      eq(attemptAnswers.questionId, ids.questionId),
    ),
  );
  if (!row) throw notFound('Answer not found');
  const model = await attemptModel(db, row);
  const question = model.questionById.get(row.questionId);
  if (question?.rule !== 'manual') throw notFound('Answer not found');
  const rubric = rubricOfQuestion(question.answer);
  const marks = await db
    .select({ mark: essayMarks, markerName: users.fullName, markerEmail: users.email })
    .from(essayMarks)
    .leftJoin(users, eq(users.id, essayMarks.markedBy))
    .where(and(eq(essayMarks.attemptId, row.attemptId), eq(essayMarks.questionId, row.questionId)));
  const markOf = (kind: 'final' | 'draft'): Mark | null => {
    const found = marks.find((entry) => entry.mark.kind === kind);
    if (!found) return null;
    return {
      kind,
      rubric: rubricOf(found.mark.rubric).id,
      criteria: found.mark.criteria,
      overall: found.mark.overall,
      comment: found.mark.comment,
      comments: found.mark.comments,
      feedback: kind === 'draft' ? readDraftFeedback(found.mark.feedback) : null,
      marked_by: kind === 'final' ? (found.markerName ?? found.markerEmail ?? null) : null,
      marked_at: found.mark.markedAt.toISOString(),
    };
  };
  const text = String((row.answer as { text?: unknown } | null)?.text ?? '');
  const guidance = (question.answer as { guidance?: string } | null)?.guidance;
  return {
    ...itemOf(row, rubric.id),
    stem: question.paper.stem,
    guidance: guidance?.trim() ? guidance : null,
    text,
    word_count: countWords(text),
    final: markOf('final'),
    draft: markOf('draft'),
    recording: await recordingOfAnswer(db, row),
  };
}

async function recordingOfAnswer(db: Db, row: { attemptId: string; questionId: string }) {
  const recording = await finishedRecording(db, { attemptId: row.attemptId, questionId: row.questionId });
  if (!recording) return null;
  const transcript = recording.transcript;
  return {
    mime: recording.mime,
    duration_ms: recording.durationMs,
    transcript: transcript && {
      status: transcript.status as 'pending' | 'done' | 'failed' | 'unavailable',
      source: transcript.source as 'offline' | 'provider' | null,
      text: transcript.text,
    },
  };
}

/**
 * How machine drafts agree with teachers' final marks, per rubric, over the answers of the caller's scope
 * that have both with an overall score.
 */
export async function markingAgreement(db: Db, tenant: Tenant): Promise<MarkingAgreement> {
  const rows = await db
    .select({ rubric: finals.rubric, teacher: finals.overall, machine: drafts.overall })
    .from(finals)
    .innerJoin(
      drafts,
      and(
        eq(drafts.attemptId, finals.attemptId),
        eq(drafts.questionId, finals.questionId),
        eq(drafts.kind, 'draft'),
        eq(drafts.rubric, finals.rubric),
      ),
    )
    .innerJoin(attempts, eq(attempts.id, finals.attemptId))
    .where(
      and(
        eq(finals.kind, 'final'),
        isNotNull(finals.overall),
        isNotNull(drafts.overall),
        ownedBy(attempts.organizationId, tenant),
      ),
    );
  return {
    rubrics: RUBRIC_IDS.map((rubric) => ({
      rubric,
      ...agreement(
        rows
          .filter((row) => row.rubric === rubric)
          .map((row) => ({ teacher: row.teacher!, machine: row.machine! })),
      ),
    })),
  };
}
