import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AttemptResult, Paper } from '@prepwise/contract';
import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../test/factories';
import {
  createPracticeTestApp,
  learnerOf,
  paperOf,
  paperQuestions,
  startAttempt,
} from '../../test/practice-test';
import { attempts, questions, speakingRecordings, tests, users } from '../db/schema';
import { apiRoot } from '../lib/paths';
import { ieltsReadingTest1 } from './content/ielts';
import { ieltsListeningTest1 } from './content/ielts/listening';
import type { SeedQuestion } from './content/types';
import { demoSpeakingAttemptStep } from './demo-speaking-attempt';
import { FULL_TEST_SLUG, ieltsAcademicStep } from './ielts-academic';
import { speakingPracticeStep } from './speaking-practice';

/** A 3-second recording made by Chromium's MediaRecorder (scripts/make-recording-fixtures.mjs). */
const WEBM = readFileSync(path.join(apiRoot, 'test/fixtures/recording-3s.webm'));

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let app: FastifyInstance;
let asAdmin: Record<string, string>;

async function get(url: string, headers = asAdmin) {
  const response = await app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

beforeAll(async () => {
  harness = await createPracticeTestApp([speakingPracticeStep, ieltsAcademicStep, demoSpeakingAttemptStep]);
  app = harness.app;
  asAdmin = await authHeader(app, await createAccount(app.db, { scope: 'admin', isAdmin: true }), 'admin');
}, 180_000);
afterAll(() => harness.close());

/** The learner's answer that the key of a seeded question accepts. */
function rightAnswer(question: SeedQuestion): Record<string, unknown> {
  switch (question.kind) {
    case 'single_choice':
      return { key: question.answer };
    case 'true_false_not_given':
      return { value: question.answer };
    case 'gap_fill':
    case 'short_answer':
      return { text: question.accepted[0] };
    case 'matching':
      return { pairs: { [question.item.key]: question.answer } };
    default:
      throw new Error(`no key for ${question.kind}`);
  }
}

describe('the IELTS Academic seed (issue 28)', () => {
  it.each([
    ['ielts-listening-de-luyen-1', 40, [10, 10, 10, 10]],
    ['ielts-academic-writing-de-luyen-1', 2, [1, 1]],
    ['ielts-speaking-de-luyen-1', 8, [4, 1, 3]],
    [FULL_TEST_SLUG, 90, [10, 10, 10, 10, 13, 13, 14, 1, 1, 4, 1, 3]],
  ])('publishes %s complete', async (slug, count, parts) => {
    const detail = await get(`/public/tests/${slug}`, {});
    expect(detail.sections.map((section: { question_count: number }) => section.question_count)).toEqual(
      parts,
    );
    expect(
      detail.sections.reduce((sum: number, s: { question_count: number }) => sum + s.question_count, 0),
    ).toBe(count);
  });

  it('puts the four skills in the real order in the full test, and times and marks each as the real test', async () => {
    const learner = await learnerOf(app);
    const attemptId = await startAttempt(app, FULL_TEST_SLUG, learner.headers);
    const paper: Paper = await paperOf(app, attemptId, learner.headers);
    expect(paper.sections.map((section) => section.skill)).toEqual([
      ...Array(4).fill('listening'),
      ...Array(3).fill('reading'),
      ...Array(2).fill('writing'),
      ...Array(3).fill('speaking'),
    ]);
    const listening = paper.sections.slice(0, 4).map((section) => section.items[0]);
    for (const item of listening) {
      expect(item?.kind).toBe('group');
      if (item?.kind !== 'group') continue;
      const clip = await app.inject({ method: 'GET', url: item.group.audio!.url });
      expect(clip.statusCode).toBe(200);
      // Mono, low bitrate: a few minutes of speech under half a megabyte.
      expect(clip.rawPayload.length).toBeGreaterThan(100_000);
      expect(clip.rawPayload.length).toBeLessThan(500_000);
    }
    const questions = paperQuestions(paper);
    const task1 = questions[80]!;
    expect(task1.answer_kind).toBe('essay');
    expect(task1.image?.kind).toBe('image');
    const speaking = questions.slice(82);
    expect(speaking.map((question) => question.answer_kind)).toEqual(Array(8).fill('speaking'));
    expect(speaking[4]!.speaking).toMatchObject({ preparation_seconds: 60, speaking_seconds: 120 });
    expect(speaking[4]!.speaking?.cue_card).toContain('You should say');
  });

  it('gives listening and reading bands at once, then the overall band once writing and speaking are marked', async () => {
    const learner = await learnerOf(app);
    const attemptId = await startAttempt(app, FULL_TEST_SLUG, learner.headers);
    const questions = paperQuestions(await paperOf(app, attemptId, learner.headers));
    const keyed = [
      ...ieltsListeningTest1.parts.flatMap((part) => part.questions),
      ...ieltsReadingTest1.passages.flatMap((passage) => passage.questions),
    ];
    // Listening all right (40 → band 9); reading 30 of 40 (→ band 7); the two essays written.
    const answers = questions
      .slice(0, 80)
      .flatMap((question, index) =>
        index >= 40 + 30
          ? []
          : [{ question_id: question.id, answer: rightAnswer(keyed[index]!), seq: index + 1 }],
      );
    answers.push(
      ...questions.slice(80, 82).map((question, index) => ({
        question_id: question.id,
        answer: { text: 'In 2000 most people in Lamford drove to work, but by 2020 cycling had grown fast.' },
        seq: 100 + index,
      })),
    );
    const speaking = questions.slice(82);
    for (const question of speaking) {
      const base = `/api/user/attempts/${attemptId}/recordings/${question.id}`;
      const chunk = await app.inject({
        method: 'PUT',
        url: `${base}/chunks/0`,
        headers: { ...learner.headers, 'content-type': 'application/octet-stream' },
        payload: WEBM,
      });
      expect(chunk.statusCode, chunk.body).toBeLessThan(300);
      const finish = await app.inject({
        method: 'POST',
        url: `${base}/finish`,
        headers: learner.headers,
        payload: { chunk_count: 1, duration_ms: 3000 },
      });
      expect(finish.statusCode, finish.body).toBe(200);
    }
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${attemptId}/submit`,
      headers: learner.headers,
      payload: { answers },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    let result: AttemptResult = submitted.json().result;
    expect(result.ielts_bands).toEqual({
      skills: [
        { skill: 'listening', band: 9, marked_by_teacher: false },
        { skill: 'reading', band: 7, marked_by_teacher: false },
        { skill: 'writing', band: null, marked_by_teacher: true },
        { skill: 'speaking', band: null, marked_by_teacher: true },
      ],
      overall: null,
      waiting: ['writing', 'speaking'],
      four_skills: true,
    });

    const mark = async (questionId: string, criteria: Record<string, number>) => {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/admin/marking/${attemptId}/${questionId}`,
        headers: asAdmin,
        payload: { criteria, comment: 'Clear and well organised.', comments: [] },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result as AttemptResult;
    };
    // Writing: Task 1 at 5, Task 2 at 7 (6.75 rounds up), Task 2 counting twice: 19 / 3 = 6.33 → 6.5 (with
    // equal weights it would be 6).
    await mark(questions[80]!.id, {
      task_response: 5,
      coherence_cohesion: 5,
      lexical_resource: 5,
      grammatical_range: 5,
    });
    result = await mark(questions[81]!.id, {
      task_response: 6,
      coherence_cohesion: 7,
      lexical_resource: 7,
      grammatical_range: 7,
    });
    expect(result.ielts_bands).toMatchObject({ overall: null, waiting: ['speaking'] });
    expect(result.ielts_bands?.skills[2]).toEqual({ skill: 'writing', band: 6.5, marked_by_teacher: true });
    // Speaking: every answer at 6.5 (7, 6, 7, 6) → 6.5; the last one still waiting keeps the band back.
    for (const question of speaking.slice(0, -1)) {
      result = await mark(question.id, {
        fluency_coherence: 7,
        lexical_resource: 6,
        grammatical_range: 7,
        pronunciation: 6,
      });
    }
    expect(result.ielts_bands).toMatchObject({ overall: null, waiting: ['speaking'] });
    result = await mark(speaking.at(-1)!.id, {
      fluency_coherence: 7,
      lexical_resource: 6,
      grammatical_range: 7,
      pronunciation: 6,
    });
    // (9 + 7 + 6.5 + 6.5) / 4 = 7.25, which IELTS rounds up to 7.5.
    expect(result.ielts_bands).toEqual({
      skills: [
        { skill: 'listening', band: 9, marked_by_teacher: false },
        { skill: 'reading', band: 7, marked_by_teacher: false },
        { skill: 'writing', band: 6.5, marked_by_teacher: true },
        { skill: 'speaking', band: 6.5, marked_by_teacher: true },
      ],
      overall: 7.5,
      waiting: [],
      four_skills: true,
    });
    // The learner reads the same.
    const own = await get(`/user/attempts/${attemptId}/result`, learner.headers);
    expect(own.ielts_bands.overall).toBe(7.5);
  });

  it('bands a separate skill test without an overall band, and leaves other exams without IELTS bands', async () => {
    const learner = await learnerOf(app);
    const attemptId = await startAttempt(app, 'ielts-listening-de-luyen-1', learner.headers);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${attemptId}/submit`,
      headers: learner.headers,
      payload: { answers: [] },
    });
    expect(submitted.json().result.ielts_bands).toEqual({
      skills: [{ skill: 'listening', band: 0, marked_by_teacher: false }],
      overall: null,
      waiting: [],
      four_skills: false,
    });
    const toeic = await startAttempt(app, 'toeic-listening-reading-de-luyen-1', learner.headers);
    const other = await app.inject({
      method: 'POST',
      url: `/api/user/attempts/${toeic}/submit`,
      headers: learner.headers,
      payload: { answers: [] },
    });
    expect(other.json().result.ielts_bands).toBeNull();
  });

  it('seeds the demo learner a speaking attempt with real recordings marked by a teacher', async () => {
    const [row] = await app.db
      .select({ attemptId: attempts.id, userId: attempts.userId })
      .from(attempts)
      .innerJoin(users, eq(users.id, attempts.userId))
      .where(eq(users.email, 'learner@prepwise.vn'));
    expect(row).toBeTruthy();
    const result: AttemptResult = await get(
      `/admin/students/${row!.userId}/attempts/${row!.attemptId}/result`,
    );
    expect(result.test.slug).toBe('ielts-speaking-de-luyen-1');
    expect(result.grading).toBe('complete');
    // Answer bands 6, 6, 6.5, 6.5, 6.5, 6, 6.5, 6.5: mean 6.3125 → 6.5.
    expect(result.ielts_bands).toEqual({
      skills: [{ skill: 'speaking', band: 6.5, marked_by_teacher: true }],
      overall: null,
      waiting: [],
      four_skills: false,
    });
    const questions = result.review.flatMap((section) =>
      section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
    );
    expect(questions).toHaveLength(8);
    for (const question of questions) {
      expect(question.teacher_mark).toMatchObject({ rubric: 'ielts_speaking' });
      expect(question.teacher_mark?.comment?.length ?? 0).toBeGreaterThan(10);
    }
    const recordings = await app.db
      .select({
        mime: speakingRecordings.mime,
        durationMs: speakingRecordings.durationMs,
        status: speakingRecordings.status,
      })
      .from(speakingRecordings)
      .where(eq(speakingRecordings.attemptId, row!.attemptId));
    expect(recordings).toHaveLength(8);
    for (const recording of recordings) {
      expect(recording).toMatchObject({ mime: 'audio/webm', status: 'complete' });
      expect(recording.durationMs).toBeGreaterThan(7000);
    }
    // The Part 2 long turn lasts about 40 seconds, as read into the microphone.
    expect(Math.max(...recordings.map((recording) => recording.durationMs ?? 0))).toBeGreaterThan(35_000);
  });

  it('gives a database seeded at version 1 Writing Task 2’s band weight, publishing the tests again once', async () => {
    const task2 = and(
      eq(questions.sourceNote, 'Prepwise – nội dung gốc, IELTS đề luyện 1'),
      arrayContains(questions.tags, ['academic-writing', 'task-2']),
    );
    const published = async () =>
      (
        await app.db
          .select({ slug: tests.slug, version: tests.publishedVersion })
          .from(tests)
          .where(inArray(tests.slug, ['ielts-academic-writing-de-luyen-1', FULL_TEST_SLUG]))
          .orderBy(tests.slug)
      ).map((row) => `${row.slug}@${row.version}`);
    const weights = async () =>
      (await app.db.select({ answer: questions.answer }).from(questions).where(task2)).map(
        (row) => (row.answer as { band_weight?: number }).band_weight,
      );
    expect(await weights()).toEqual([2, 2]);
    const before = await published();
    // As version 1 left them: no weight.
    await app.db
      .update(questions)
      .set({ answer: sql`${questions.answer} - 'band_weight'` })
      .where(task2);
    expect(await weights()).toEqual([undefined, undefined]);

    await app.db.transaction((tx) => ieltsAcademicStep.run(tx, { storage: app.storage }));
    expect(await weights()).toEqual([2, 2]);
    const after = await published();
    expect(after).toEqual(before.map((entry) => entry.replace(/@(\d+)$/, (_, n) => `@${Number(n) + 1}`)));
    const detail = await get(`/public/tests/ielts-academic-writing-de-luyen-1`, {});
    expect(detail.sections.map((section: { question_count: number }) => section.question_count)).toEqual([
      1, 1,
    ]);

    // Run again: nothing left to weigh, nothing published.
    await app.db.transaction((tx) => ieltsAcademicStep.run(tx, { storage: app.storage }));
    expect(await published()).toEqual(after);
  });
});
