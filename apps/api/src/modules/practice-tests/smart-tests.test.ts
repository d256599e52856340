import { and, eq, isNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { classOf, grammarWritingStructure, studentOf } from '../../../test/organization-test';
import { levels, testVersions } from '../../db/schema';

/**
 * Smart tests (issue 15): a blueprint per part, pool checks before publishing, and every student's own
 * paper drawn at the start — least used in the assignment first, frozen on the attempt.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let other: TestOrganization;
let examId: string;
let grammarPart: string;
let writingPart: string;
let singleType: string;
let essayType: string;
let b1: string;
let b2: string;
const bank = { b1: [] as string[], b2: [] as string[], essays: [] as string[] };

const { call, ok } = apiClient(() => harness.app);

type Row = { count: number; available: number; level: { code: string } | null };
type Detail = {
  id: string;
  slug: string;
  kind: string;
  status: string;
  question_count: number;
  sections: { id: string; complete: boolean; blueprint: Row[]; pool_size: number | null }[];
  versions: { version: number }[];
  distinct_papers: { log10: number; exact: number | null } | null;
};
type Paper = {
  sections: { items: { kind: string; question: { id: string; stem: string } }[] }[];
};

let n = 0;
const single = (level: string) => ({
  format_id: grammarPart,
  question_type_id: singleType,
  level_id: level,
  stem: `<p>They ___ to the meeting on time (${n++}).</p>`,
  options: [
    { key: 'A', content: 'come' },
    { key: 'B', content: 'came' },
  ],
  answer: { key: 'B' },
  tags: ['past-simple'],
});

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.database.db;
  ({ examId, grammarPart, writingPart, singleType, essayType } = await grammarWritingStructure(harness.app));
  const levelOf = async (code: string) =>
    (
      await db
        .select({ id: levels.id })
        .from(levels)
        .where(and(isNull(levels.organizationId), eq(levels.code, code)))
    )[0]!.id;
  b1 = await levelOf('B1');
  b2 = await levelOf('B2');
  center = await createOrganization(harness.app, { name: 'Trung tâm Đề Trộn' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Bên Cạnh' });
  for (let i = 0; i < 6; i++)
    bank.b1.push((await ok('POST', '/educator/questions', center.asOwner, single(b1))).id);
  for (let i = 0; i < 6; i++)
    bank.b2.push((await ok('POST', '/educator/questions', center.asOwner, single(b2))).id);
  for (let i = 0; i < 2; i++)
    bank.essays.push(
      (
        await ok('POST', '/educator/questions', center.asOwner, {
          format_id: writingPart,
          question_type_id: essayType,
          stem: `<p>Describe your neighbourhood in 80–100 words (${n++}).</p>`,
          answer: { guidance: 'Where, what is there, why you like it.' },
        })
      ).id,
    );
});
afterAll(() => harness?.close());

/** A smart test with the blueprint 5 × B1 + 4 × B2 grammar questions and one essay. */
async function smartTest(title: string): Promise<Detail> {
  const test = await ok<Detail>('POST', '/educator/tests', center.asOwner, {
    exam_id: examId,
    title,
    duration_minutes: 30,
    kind: 'smart',
  });
  const [grammar, writing] = test.sections;
  await ok('PUT', `/educator/tests/${test.id}/sections/${grammar!.id}/blueprint`, center.asOwner, {
    rows: [
      { count: 5, level_id: b1 },
      { count: 4, level_id: b2 },
    ],
  });
  return ok<Detail>('PUT', `/educator/tests/${test.id}/sections/${writing!.id}/blueprint`, center.asOwner, {
    rows: [{ count: 1, question_type_id: essayType }],
  });
}

const questionIdsOf = (paper: Paper) =>
  paper.sections.flatMap((section) => section.items.map((item) => item.question.id));

describe('a smart test’s blueprint', () => {
  it('shows each row’s pool against what it needs, and the number of different papers', async () => {
    const test = await smartTest('Đề trộn tháng 11');
    expect(test.kind).toBe('smart');
    expect(test.question_count).toBe(10);
    expect(test.sections.map((section) => section.complete)).toEqual([true, true]);
    expect(test.sections[0]!.blueprint.map((row) => [row.level?.code, row.count, row.available])).toEqual([
      ['B1', 5, 6],
      ['B2', 4, 6],
    ]);
    expect(test.sections[0]!.pool_size).toBe(12);
    // 6 choose 5 × 6 choose 4 × 2 choose 1.
    expect(test.distinct_papers).toMatchObject({ exact: 180 });
    const listed = await ok<{ items: { id: string; kind: string }[] }>(
      'GET',
      '/educator/tests?kind=smart',
      center.asOwner,
    );
    expect(listed.items.map((item) => item.id)).toContain(test.id);
    const manual = await ok<{ items: { id: string }[] }>(
      'GET',
      '/educator/tests?kind=manual',
      center.asOwner,
    );
    expect(manual.items.map((item) => item.id)).not.toContain(test.id);
  });

  it('refuses to publish while a row needs more than its pool, naming the part and the numbers', async () => {
    const test = await smartTest('Đề trộn thiếu câu');
    const grammar = test.sections[0]!;
    await ok('PUT', `/educator/tests/${test.id}/sections/${grammar.id}/blueprint`, center.asOwner, {
      rows: [
        { count: 7, level_id: b1 },
        { count: 2, level_id: b2 },
      ],
    });
    const refused = await call('POST', `/educator/tests/${test.id}/publish`, center.asOwner);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      'sections.0': 'test.pool_too_small',
      id: 'test.pool_too_small',
    });
    expect(refused.json().message).toContain('6 in the pool, 7 needed');
    expect(refused.json().details).toEqual([
      {
        field: 'sections.0',
        key: 'test.part_pool_short',
        params: { part: 'Part 1 – Grammar & sentence building', available: 6, needed: 7 },
      },
    ]);
    // A centre's part whose rows do not add up to the part's size makes a mini test (issue 29).
    await ok('PUT', `/educator/tests/${test.id}/sections/${grammar.id}/blueprint`, center.asOwner, {
      rows: [{ count: 3, level_id: b1 }],
    });
    const mini = await ok<Detail & { mini: boolean }>(
      'POST',
      `/educator/tests/${test.id}/publish`,
      center.asOwner,
    );
    expect(mini.mini).toBe(true);
  });

  it('names invalid rows, keeps blueprints and hand-picked items apart, and hides another organization’s test', async () => {
    const test = await smartTest('Đề trộn kiểm tra dữ liệu');
    const url = `/educator/tests/${test.id}/sections/${test.sections[0]!.id}/blueprint`;
    for (const [row, field] of [
      [{ count: 0 }, 'rows.0.count'],
      [{ count: 2.5 }, 'rows.0.count'],
      [{ count: 2, level_id: 'B1' }, 'rows.0.level_id'],
    ] as const) {
      const response = await call('PUT', url, center.asOwner, { rows: [row] });
      expect(response.statusCode, JSON.stringify(row)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const foreignLevel = await ok('POST', '/educator/levels', other.asOwner, {
      code: 'RIENG',
      name: 'Riêng',
      position: 1,
    });
    const notOurs = await call('PUT', url, center.asOwner, {
      rows: [{ count: 2, level_id: foreignLevel.id }],
    });
    expect(notOurs.statusCode).toBe(422);
    expect(notOurs.json().errors).toEqual({ 'rows.0.level_id': 'common.invalid_field' });

    const items = await call(
      'PUT',
      `/educator/tests/${test.id}/sections/${test.sections[0]!.id}/items`,
      center.asOwner,
      {
        items: [{ question_id: bank.b1[0] }],
      },
    );
    expect(items.statusCode).toBe(409);
    expect(items.json().errors).toEqual({ items: 'test.smart_has_blueprint' });
    const manual = await ok<Detail>('POST', '/educator/tests', center.asOwner, {
      exam_id: examId,
      title: 'Đề chọn tay',
      duration_minutes: 30,
    });
    const noBlueprint = await call(
      'PUT',
      `/educator/tests/${manual.id}/sections/${manual.sections[0]!.id}/blueprint`,
      center.asOwner,
      { rows: [{ count: 1 }] },
    );
    expect(noBlueprint.statusCode).toBe(409);
    expect(noBlueprint.json().errors).toEqual({ rows: 'test.not_smart' });
    expect((await call('PUT', url, other.asOwner, { rows: [{ count: 1 }] })).statusCode).toBe(404);
    expect((await call('GET', `/educator/tests/${test.id}`, other.asOwner)).statusCode).toBe(404);
  });
});

describe('drawing each student’s paper', () => {
  it('gives every student their own paper with the same spread, least used first, frozen on the attempt', async () => {
    const test = await smartTest('Đề trộn giữa kỳ');
    const published = await ok<Detail>('POST', `/educator/tests/${test.id}/publish`, center.asOwner);
    expect(published).toMatchObject({ status: 'published', question_count: 10 });
    const classId = await classOf(harness.app, center.id, 'Lớp trộn đề');
    const first = await studentOf(harness.app, center.id, { classId, fullName: 'Lan' });
    const second = await studentOf(harness.app, center.id, { classId, fullName: 'Minh' });
    await ok('POST', `/educator/tests/${test.id}/assignments`, center.asOwner, {
      class_ids: [classId],
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
    });
    const start = `/user/organizations/${center.slug}/tests/${test.slug}/attempts`;
    const paperOf = async (headers: Record<string, string>) => {
      const started = await ok<{ id: string }>('POST', start, headers, undefined, 201);
      return { id: started.id, paper: await ok<Paper>('GET', `/user/attempts/${started.id}`, headers) };
    };
    const a = await paperOf(first.headers);
    const b = await paperOf(second.headers);
    for (const { paper } of [a, b]) {
      const ids = questionIdsOf(paper);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      expect(ids.filter((id) => bank.b1.includes(id))).toHaveLength(5);
      expect(ids.filter((id) => bank.b2.includes(id))).toHaveLength(4);
      expect(ids.filter((id) => bank.essays.includes(id))).toHaveLength(1);
    }
    // Least used first: the second paper takes the question the first left out of each row.
    const idsA = new Set(questionIdsOf(a.paper));
    const idsB = questionIdsOf(b.paper);
    expect(idsB.filter((id) => bank.b1.includes(id) && !idsA.has(id))).toHaveLength(1);
    expect(idsB.filter((id) => bank.b2.includes(id) && !idsA.has(id))).toHaveLength(2);
    expect(idsB.filter((id) => bank.essays.includes(id) && !idsA.has(id))).toHaveLength(1);

    // Starting again resumes the same paper; editing the bank does not change it.
    const again = await ok<{ id: string; resumed: boolean }>('POST', start, first.headers);
    expect(again).toEqual({ id: a.id, resumed: true });
    const drawnQuestion = questionIdsOf(a.paper)[0]!;
    await ok('PUT', `/educator/questions/${drawnQuestion}`, center.asOwner, {
      ...single(b1),
      stem: '<p>An edited stem.</p>',
    });
    const reread = await ok<Paper>('GET', `/user/attempts/${a.id}`, first.headers);
    expect(questionIdsOf(reread)).toEqual(questionIdsOf(a.paper));
    expect(JSON.stringify(reread)).not.toContain('An edited stem.');

    // Graded like any attempt, on the student's own questions.
    const singles = questionIdsOf(a.paper).filter((id) => !bank.essays.includes(id));
    await ok('PUT', `/user/attempts/${a.id}/answers`, first.headers, {
      answers: singles.map((id, i) => ({
        question_id: id,
        answer: { key: 'B' },
        flagged: false,
        seq: i + 1,
      })),
    });
    const result = await ok<{ counts: { correct: number } }>(
      'POST',
      `/user/attempts/${a.id}/submit`,
      first.headers,
      {},
    );
    expect(result.counts.correct).toBe(9);
    const teacher = await ok<{ counts: { correct: number }; review: unknown[] }>(
      'GET',
      `/educator/students/${first.id}/tests/${test.id}/attempts/${a.id}/result`,
      center.asOwner,
    );
    expect(teacher.counts.correct).toBe(9);
    expect(teacher.review.length).toBeGreaterThan(0);
    // Another organization's teacher sees no such result.
    expect(
      (
        await call(
          'GET',
          `/educator/students/${first.id}/tests/${test.id}/attempts/${a.id}/result`,
          other.asOwner,
        )
      ).statusCode,
    ).toBe(404);
    // The test's own result page reads the same attempt; another organization's teacher gets 404.
    const byTest = await ok<{ counts: { correct: number } }>(
      'GET',
      `/educator/tests/${test.id}/attempts/${a.id}/result`,
      center.asOwner,
    );
    expect(byTest.counts.correct).toBe(9);
    expect(
      (await call('GET', `/educator/tests/${test.id}/attempts/${a.id}/result`, other.asOwner)).statusCode,
    ).toBe(404);
    const elsewhere = await smartTest('Đề trộn khác');
    expect(
      (await call('GET', `/educator/tests/${elsewhere.id}/attempts/${a.id}/result`, center.asOwner))
        .statusCode,
    ).toBe(404);
    // The papers are not publications: the test lists version 1 only.
    const detail = await ok<Detail>('GET', `/educator/tests/${test.id}`, center.asOwner);
    expect(detail.versions.map((version) => version.version)).toEqual([1]);
  });

  it('refuses a start when the bank no longer holds enough questions, and leaves no paper behind', async () => {
    const test = await smartTest('Đề trộn bị xóa câu');
    await ok('POST', `/educator/tests/${test.id}/publish`, center.asOwner);
    const student = await studentOf(harness.app, center.id);
    await ok('POST', `/educator/tests/${test.id}/assignments`, center.asOwner, {
      student_ids: [student.id],
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
    });
    // Three B2 questions leave the bank: the row of four finds three.
    for (const id of bank.b2.splice(0, 3)) await ok('DELETE', `/educator/questions/${id}`, center.asOwner);
    const refused = await call(
      'POST',
      `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
      student.headers,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ test: 'test.draw_failed' });
    const drawn = await harness.app.db
      .select({ version: testVersions.version })
      .from(testVersions)
      .where(and(eq(testVersions.testId, test.id), lt(testVersions.version, 0)));
    expect(drawn).toEqual([]);
  });
});
