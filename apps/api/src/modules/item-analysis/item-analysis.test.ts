import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization } from '../../../test/isolation/world';
import { classOf, grammarWritingStructure, studentOf } from '../../../test/organization-test';
import { organizations, tests } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { demoAccountsStep } from '../../seed/demo-accounts';
import { demoItemAnalysisStep } from '../../seed/demo-item-analysis';
import { examStructureStep } from '../../seed/exam-structure';
import { practiceTestsStep } from '../../seed/practice-tests';
import { refreshPending } from './item-analysis.service';

const GRAMMAR = 'grammar-writing-check-de-luyen-1';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let testId: string;

type Method = 'GET' | 'POST';
const api = (method: Method, url: string, headers: Record<string, string> = asAdmin, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

interface Analysis {
  version: number;
  versions: number[];
  scope: string;
  pending: boolean;
  computed_at: string | null;
  test: {
    attempts: number;
    question_count: number;
    mean: number;
    median: number;
    sd: number;
    alpha: number;
    sem: number;
    max_score: number;
  };
  questions: {
    question_id: string;
    number: number;
    attempts: number;
    stem: string;
    answer_kind: string;
    facility: number;
    discrimination: number | null;
    efficiency: number | null;
    flags: string[];
    options: { key: string; is_key: boolean; share: number; count: number; strong_share: number }[];
  }[];
}

async function analysis(query = '', headers = asAdmin): Promise<Analysis> {
  const response = await api('GET', `/admin/tests/${testId}/item-analysis${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, demoAccountsStep, practiceTestsStep, demoItemAnalysisStep],
    context: { storage: harness.app.storage },
  });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
  const [row] = await harness.database.db.select().from(tests).where(eq(tests.slug, GRAMMAR));
  testId = row!.id;
}, 180_000);
afterAll(() => harness.close());

describe('item analysis', () => {
  it("reads the seeded test's figures and flags the question seeded to be broken", async () => {
    const first = await analysis();
    expect(first.scope).toBe('first');
    expect(first.pending).toBe(false);
    expect(first.computed_at).not.toBeNull();
    // 13 extra learners (demo-students did not run here), each once in the first-attempt view.
    expect(first.test.attempts).toBe(13);
    // Nine auto-graded questions; the essay waits for a teacher and is left out.
    expect(first.test.question_count).toBe(9);
    expect(first.questions.map((question) => question.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(first.test.mean).toBeGreaterThan(0);
    expect(first.test.median).toBeGreaterThan(0);
    expect(first.test.alpha).toBeGreaterThan(0);
    expect(first.test.sem).toBeGreaterThan(0);
    const broken = first.questions.find((question) => question.stem.includes('If it ___ tomorrow morning'))!;
    expect(broken.flags).toEqual(
      expect.arrayContaining(['low_discrimination', 'unused_distractor', 'distractor_beats_key']),
    );
    expect(broken.discrimination!).toBeLessThan(0);
    const key = broken.options.find((option) => option.is_key)!;
    const strongest = Math.max(
      ...broken.options.filter((option) => !option.is_key).map((o) => o.strong_share),
    );
    expect(strongest).toBeGreaterThan(key.strong_share);
    expect(broken.options.reduce((sum, option) => sum + option.count, 0)).toBe(13);
    expect(broken.options.filter((option) => option.count === 0)).toHaveLength(2);
    for (const question of first.questions) {
      expect(question.facility).toBeGreaterThanOrEqual(0);
      expect(question.facility).toBeLessThanOrEqual(1);
    }
    // All attempts: the five who came back count too.
    const all = await analysis('?scope=all');
    expect(all.test.attempts).toBe(18);
  });

  it('recomputes in the background when an attempt is submitted', async () => {
    await harness.app.jobs.start();
    const learner = await authHeader(harness.app, await createAccount(harness.database.db));
    const started = await api('POST', `/user/tests/${GRAMMAR}/attempts`, learner, { mode: 'full' });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().result.id;
    const submitted = await api('POST', `/user/attempts/${id}/submit`, learner, { answers: [] });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await expect
      .poll(async () => (await analysis()).test.attempts, { timeout: 30_000, interval: 250 })
      .toBe(14);
    const after = await analysis('?scope=all');
    expect(after.test.attempts).toBe(19);
    expect(after.pending).toBe(false);
  });

  it('checks the permission, the tenant and the input', async () => {
    expect((await api('GET', `/admin/tests/${testId}/item-analysis`, {})).statusCode).toBe(401);
    const staff = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_question'] }),
      'admin',
    );
    expect((await api('GET', `/admin/tests/${testId}/item-analysis`, staff)).statusCode).toBe(403);
    const viewer = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await analysis('', viewer)).test.attempts).toBeGreaterThan(0);
    // Another organization's test is not the platform's: 404.
    const [org] = await harness.database.db
      .insert(organizations)
      .values({ name: 'Trung tâm khác', slug: `khac-${Date.now()}`, email: 'khac@example.vn' })
      .returning({ id: organizations.id });
    await harness.database.db.update(tests).set({ organizationId: org!.id }).where(eq(tests.id, testId));
    const hidden = await api('GET', `/admin/tests/${testId}/item-analysis`);
    expect(hidden.statusCode).toBe(404);
    await harness.database.db.update(tests).set({ organizationId: null }).where(eq(tests.id, testId));
    expect((await api('GET', `/admin/tests/${testId}/item-analysis?version=99`)).statusCode).toBe(404);
    const bad = await api('GET', `/admin/tests/${testId}/item-analysis?scope=some&version=x`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['scope', 'version']));
    expect(
      (await api('GET', '/admin/tests/00000000-0000-4000-8000-000000000000/item-analysis')).statusCode,
    ).toBe(404);
  });
});

describe('item analysis of a smart test', () => {
  it("reads every student's own paper: each question counts the students who got it", async () => {
    const center = await createOrganization(harness.app, { name: 'Trung tâm Phân Tích Đề Trộn' });
    const { examId, grammarPart, writingPart, singleType, essayType } = await grammarWritingStructure(
      harness.app,
    );
    const educator = async <T = { id: string }>(method: 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await harness.app.inject({
        method,
        url: `/api/educator${url}`,
        headers: center.asOwner,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(
        method === 'POST' && url.endsWith('/attempts') ? 201 : 200,
      );
      return response.json().result as T;
    };
    // Twelve questions, key B; a paper draws nine (and one of two essays, which is not analysed).
    // "Easy" ones are answered right, "hard" ones wrong.
    const easy: string[] = [];
    const essays: string[] = [];
    for (let i = 0; i < 12; i++) {
      const question = await educator('POST', '/questions', {
        format_id: grammarPart,
        question_type_id: singleType,
        stem: `<p>${i < 6 ? 'Easy' : 'Hard'} question ${i}: they ___ late.</p>`,
        options: [
          { key: 'A', content: 'arrives' },
          { key: 'B', content: 'arrived' },
        ],
        answer: { key: 'B' },
      });
      if (i < 6) easy.push(question.id);
    }
    for (let i = 0; i < 2; i++)
      essays.push(
        (
          await educator('POST', '/questions', {
            format_id: writingPart,
            question_type_id: essayType,
            stem: `<p>Write about your last holiday (${i}).</p>`,
            answer: { guidance: 'Where, with whom, what you did.' },
          })
        ).id,
      );
    const test = await educator<{ id: string; slug: string; sections: { id: string }[] }>('POST', '/tests', {
      exam_id: examId,
      title: 'Đề trộn để phân tích',
      duration_minutes: 20,
      kind: 'smart',
    });
    await educator('PUT', `/tests/${test.id}/sections/${test.sections[0]!.id}/blueprint`, {
      rows: [{ count: 9 }],
    });
    await educator('PUT', `/tests/${test.id}/sections/${test.sections[1]!.id}/blueprint`, {
      rows: [{ count: 1, question_type_id: essayType }],
    });
    await educator('POST', `/tests/${test.id}/publish`);
    const classId = await classOf(harness.app, center.id);
    await educator('POST', `/tests/${test.id}/assignments`, {
      class_ids: [classId],
      opens_at: new Date(Date.now() - 60_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
    });
    const papers: string[][] = [];
    for (let s = 0; s < 4; s++) {
      const student = await studentOf(harness.app, center.id, { classId });
      const started = await api(
        'POST',
        `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
        student.headers,
      );
      expect(started.statusCode, started.body).toBe(201);
      const id = started.json().result.id;
      const paper = (await api('GET', `/user/attempts/${id}`, student.headers)).json().result as {
        sections: { items: { question: { id: string } }[] }[];
      };
      const ids = paper.sections
        .flatMap((section) => section.items.map((item) => item.question.id))
        .filter((questionId) => !essays.includes(questionId));
      papers.push(ids);
      const submitted = await api('POST', `/user/attempts/${id}/submit`, student.headers, {
        answers: ids.map((questionId, seq) => ({
          question_id: questionId,
          answer: { key: easy.includes(questionId) ? 'B' : 'A' },
          flagged: false,
          seq: seq + 1,
        })),
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
    }
    // The papers differ (least used first), yet they are one publication: version 1.
    expect(new Set(papers.map((ids) => [...ids].sort().join())).size).toBeGreaterThan(1);
    await refreshPending(harness.database.db, new Date());
    const response = await api('GET', `/educator/tests/${test.id}/item-analysis`, center.asOwner);
    expect(response.statusCode, response.body).toBe(200);
    const result: Analysis & { drawn_papers: boolean } = response.json().result;
    expect(result).toMatchObject({ version: 1, versions: [1], drawn_papers: true, pending: false });
    expect(result.test).toMatchObject({ attempts: 4, max_score: 9, alpha: null, sem: null });
    const seen = new Set(papers.flat());
    expect(result.test.question_count).toBe(seen.size);
    expect(result.questions.map((question) => question.number)).toEqual(
      Array.from({ length: seen.size }, (_, i) => i + 1),
    );
    const scores = papers.map((ids) => ids.filter((id) => easy.includes(id)).length);
    expect(result.test.mean).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / 4, 6);
    for (const question of result.questions) {
      expect(question.attempts).toBe(papers.filter((ids) => ids.includes(question.question_id)).length);
      expect(question.facility).toBe(easy.includes(question.question_id) ? 1 : 0);
      expect(question.stem.startsWith('Easy')).toBe(easy.includes(question.question_id));
      expect(question.options.reduce((sum, option) => sum + option.count, 0)).toBe(question.attempts);
    }
    expect(result.questions.reduce((sum, question) => sum + question.attempts, 0)).toBe(4 * 9);
    // Another organization's teacher gets 404.
    const other = await createOrganization(harness.app);
    expect((await api('GET', `/educator/tests/${test.id}/item-analysis`, other.asOwner)).statusCode).toBe(
      404,
    );
  });
});
