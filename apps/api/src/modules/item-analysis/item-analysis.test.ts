import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { organizations, tests } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import { demoAccountsStep } from '../../db/seed/demo-accounts';
import { demoItemAnalysisStep } from '../../db/seed/demo-item-analysis';
import { examStructureStep } from '../../db/seed/exam-structure';
import { practiceTestsStep } from '../../db/seed/practice-tests';

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
    number: number;
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
