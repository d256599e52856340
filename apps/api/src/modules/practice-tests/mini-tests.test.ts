import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { grammarWritingStructure, studentOf } from '../../../test/organization-test';
import { categories, examFormats, exams, questionTypes } from '../../db/schema';
import { miniTableScore } from '../attempts/grading';
import { publishRefusals } from './practice-tests.service';

/**
 * Mini tests (issue 29): a centre's test may hold any of its exam's parts with any number of questions,
 * is scored per question on the exam's scale and says so on the result; a publish refusal names each
 * part and what it lacks, once. The platform's tests stay complete.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let asAdmin: Record<string, string>;
let toeic: { examId: string; parts: { id: string; name: string }[] };
let singleType: string;

const { call, ok } = apiClient(() => harness.app);

type Detail = {
  id: string;
  slug: string;
  status: string;
  mini: boolean;
  question_count: number;
  sections: { id: string; question_count: number }[];
};
type Refusal = {
  key: string;
  errors: Record<string, string>;
  details: { field: string; key: string; params: Record<string, string | number> }[];
};

let n = 0;
/** A single-choice question of a part whose key is B. */
const single = (formatId: string) => ({
  format_id: formatId,
  question_type_id: singleType,
  stem: `<p>The report ___ on Friday (${n++}).</p>`,
  options: [
    { key: 'A', content: 'finish' },
    { key: 'B', content: 'was finished' },
    { key: 'C', content: 'finishing' },
    { key: 'D', content: 'finishes' },
  ],
  answer: { key: 'B' },
});
const groupOf = (formatId: string, size: number) => ({
  format_id: formatId,
  title: `<p>Memo ${n++}</p>`,
  passage: '<p>To all staff: the office closes early on Friday for maintenance.</p>',
  questions: Array.from({ length: size }, () => {
    const { format_id: _format, ...question } = single(formatId);
    return question;
  }),
});

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.database.db;
  await grammarWritingStructure(harness.app); // seeds the platform's exams
  const parts = await db
    .select({ id: examFormats.id, name: examFormats.name, examId: exams.id })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(isNull(categories.organizationId), eq(exams.slug, 'listening-reading')))
    .orderBy(asc(examFormats.position));
  toeic = { examId: parts[0]!.examId, parts };
  singleType = (
    await db
      .select({ id: questionTypes.id })
      .from(questionTypes)
      .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, 'single_choice')))
  )[0]!.id;
  center = await createOrganization(harness.app, { name: 'Trung tâm Đề Ngắn' });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
});
afterAll(() => harness?.close());

describe('a centre’s mini test', () => {
  it('a TOEIC Reading mini test (Parts 5–7, 30 questions) is published and scored per question, and says so', async () => {
    const [, , , , part5, part6, part7] = toeic.parts;
    const singles: string[] = [];
    for (let i = 0; i < 20; i++)
      singles.push((await ok('POST', '/educator/questions', center.asOwner, single(part5!.id))).id);
    const memo = await ok<{ id: string; questions: { id: string }[] }>(
      'POST',
      '/educator/question-groups',
      center.asOwner,
      groupOf(part6!.id, 4),
    );
    const article = await ok<{ id: string; questions: { id: string }[] }>(
      'POST',
      '/educator/question-groups',
      center.asOwner,
      groupOf(part7!.id, 6),
    );
    const test = await ok<Detail>('POST', '/educator/tests', center.asOwner, {
      exam_id: toeic.examId,
      title: 'TOEIC Reading rút gọn',
      duration_minutes: 20,
    });
    expect(test.sections).toHaveLength(7);
    await ok('PUT', `/educator/tests/${test.id}/sections/${test.sections[4]!.id}/items`, center.asOwner, {
      items: singles.map((id) => ({ question_id: id })),
    });
    await ok('PUT', `/educator/tests/${test.id}/sections/${test.sections[5]!.id}/items`, center.asOwner, {
      items: [{ group_id: memo.id }],
    });
    const filled = await ok<Detail>(
      'PUT',
      `/educator/tests/${test.id}/sections/${test.sections[6]!.id}/items`,
      center.asOwner,
      { items: [{ group_id: article.id }] },
    );
    expect(filled).toMatchObject({ mini: true, question_count: 30 });

    const published = await ok<Detail>('POST', `/educator/tests/${test.id}/publish`, center.asOwner);
    expect(published).toMatchObject({ status: 'published', mini: true });

    const learner = await studentOf(harness.app, center.id, { fullName: 'Học viên đề ngắn' });
    await ok('POST', `/educator/tests/${test.id}/assignments`, center.asOwner, {
      opens_at: new Date(Date.now() - 3_600_000).toISOString(),
      closes_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
      student_ids: [learner.id],
    });
    const started = await ok<{ id: string }>(
      'POST',
      `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
      learner.headers,
      undefined,
      201,
    );
    const paper = await ok<{ sections: { name: string }[] }>(
      'GET',
      `/user/attempts/${started.id}`,
      learner.headers,
    );
    // Only the parts the test holds are on the paper.
    expect(paper.sections.map((section) => section.name)).toEqual([part5!.name, part6!.name, part7!.name]);

    // 24 of 30 right: six of the twenty Part 5 questions wrong.
    const questionIds = [
      ...singles,
      ...memo.questions.map((q) => q.id),
      ...article.questions.map((q) => q.id),
    ];
    await ok('PUT', `/user/attempts/${started.id}/answers`, learner.headers, {
      answers: questionIds.map((id, i) => ({
        question_id: id,
        answer: { key: i < 6 ? 'A' : 'B' },
        flagged: false,
        seq: i + 1,
      })),
    });
    await ok('POST', `/user/attempts/${started.id}/submit`, learner.headers, {});
    const result = await ok<{
      mini: boolean;
      is_estimate: boolean;
      score_total: number;
      max_score: number;
      sections: { section: string; raw: number; max_raw: number; score: number; max_score: number }[];
    }>('GET', `/user/attempts/${started.id}/result`, learner.headers);
    expect(result).toMatchObject({ mini: true, is_estimate: true });
    // 24 / 30 = 80 % of the section, read on the Reading table as 80 of 100: 5 + 80 × 4.9 = 397 → 395.
    expect(result.sections).toEqual([
      expect.objectContaining({ section: 'reading', raw: 24, max_raw: 30, score: 395, max_score: 495 }),
    ]);
    expect(result).toMatchObject({ score_total: 395, max_score: 495 });

    // The teacher's view of the same attempt says so too.
    const teacher = await ok<{ mini: boolean }>(
      'GET',
      `/educator/tests/${test.id}/attempts/${started.id}/result`,
      center.asOwner,
    );
    expect(teacher.mini).toBe(true);
  });

  it('refuses a centre’s test with no question at all, naming each part once as empty', async () => {
    const test = await ok<Detail>('POST', '/educator/tests', center.asOwner, {
      exam_id: toeic.examId,
      title: 'Đề trống',
      duration_minutes: 20,
    });
    const refused = await call('POST', `/educator/tests/${test.id}/publish`, center.asOwner);
    expect(refused.statusCode).toBe(422);
    const body = refused.json() as Refusal;
    expect(body.errors.id).toBe('test.publish_incomplete');
    expect(body.details.map((item) => item.field)).toEqual(
      toeic.parts.map((_, index) => `sections.${index}`),
    );
    expect(new Set(body.details.map((item) => item.params.part)).size).toBe(toeic.parts.length);
    expect(body.details[4]).toEqual({
      field: 'sections.4',
      key: 'test.part_empty',
      params: { part: toeic.parts[4]!.name, count: 0, required: 30 },
    });
  });
});

describe('the platform’s tests stay complete', () => {
  it('refuses a TOEIC test with 28 of 30 in Part 5, naming each part and what it lacks, once', async () => {
    const part5 = toeic.parts[4]!;
    const ids: string[] = [];
    for (let i = 0; i < 28; i++)
      ids.push((await ok('POST', '/admin/questions', asAdmin, single(part5.id))).id);
    const test = await ok<Detail>('POST', '/admin/tests', asAdmin, {
      exam_id: toeic.examId,
      title: 'TOEIC đầy đủ',
      duration_minutes: 120,
    });
    const filled = await ok<Detail>(
      'PUT',
      `/admin/tests/${test.id}/sections/${test.sections[4]!.id}/items`,
      asAdmin,
      { items: ids.map((id) => ({ question_id: id })) },
    );
    expect(filled.mini).toBe(false);
    const refused = await call('POST', `/admin/tests/${test.id}/publish`, asAdmin);
    expect(refused.statusCode).toBe(422);
    const body = refused.json() as Refusal;
    expect(body.details).toHaveLength(7);
    expect(new Set(body.details.map((item) => item.field)).size).toBe(7);
    expect(body.details[4]).toEqual({
      field: 'sections.4',
      key: 'test.part_short',
      params: { part: part5.name, count: 28, required: 30 },
    });
    expect(body.errors['sections.4']).toBe('test.section_incomplete');
  });

  it('names a smart test’s part once when it is both short and its pool too small', async () => {
    const test = await ok<Detail>('POST', '/admin/tests', asAdmin, {
      exam_id: toeic.examId,
      title: 'TOEIC trộn',
      duration_minutes: 120,
      kind: 'smart',
    });
    await ok('PUT', `/admin/tests/${test.id}/sections/${test.sections[4]!.id}/blueprint`, asAdmin, {
      rows: [{ count: 40 }, { count: 45 }],
    });
    const refused = await call('POST', `/admin/tests/${test.id}/publish`, asAdmin);
    expect(refused.statusCode).toBe(422);
    const body = refused.json() as Refusal;
    const part5 = body.details.filter((item) => item.field === 'sections.4');
    expect(part5).toEqual([
      {
        field: 'sections.4',
        key: 'test.part_short',
        params: { part: toeic.parts[4]!.name, count: 85, required: 30 },
      },
    ]);
    expect((refused.json() as { message: string }).message.split(toeic.parts[4]!.name)).toHaveLength(2);
  });
});

describe('the rules as functions', () => {
  it('a part both incomplete and short of pool is one refusal item; a complete centre test is none', () => {
    const format = { id: 'f', name: 'Part 5', skill: 'reading' as const, required_count: 30 };
    const row = { count: 40, available: 12 } as never;
    expect(
      publishRefusals(false, [{ format, question_count: 40, complete: false, blueprint: [row, row] }]),
    ).toHaveLength(1);
    expect(publishRefusals(true, [{ format, question_count: 30, complete: true, blueprint: [] }])).toEqual(
      [],
    );
  });

  it('scales a mini test’s share correct onto the conversion table', () => {
    const table = Array.from({ length: 41 }, (_, raw) => ({ raw, score: raw < 30 ? 6 : 7 }));
    // One IELTS passage of 13: 10 right is 31 of 40.
    expect(miniTableScore(table, 10, 13)).toBe(7);
    expect(miniTableScore(table, 0, 13)).toBe(6);
    expect(miniTableScore(table, 0, 0)).toBe(6);
  });
});
