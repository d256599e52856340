import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, uniqueEmail } from '../../../test/factories';
import { createPracticeTestApp, learnerOf, startAttempt, submitAttempt } from '../../../test/practice-test';
import { attempts, organizationStudents, organizations, paymentOrders, tests } from '../../db/schema';
import { englishNamesStep } from '../../seed/english-names';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const IELTS = 'ielts-academic-reading-de-luyen-1';

type Headers = Record<string, string>;
let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let asAdmin: Headers;
let asViewer: Headers;
let asCenter: Headers;
let asOtherCenter: Headers;
let learner: { id: string; email: string; headers: Headers };
let outsider: { id: string; headers: Headers };
let centerId: string;
let toeicId: string;
let ownTestAttempt: string;

const api = (method: 'GET' | 'PUT' | 'POST', url: string, headers?: Headers, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function organization(name: string) {
  const db = harness.app.db;
  const [row] = await db
    .insert(organizations)
    .values({ name, slug: `${randomUUID().slice(0, 8)}`, email: uniqueEmail('org'), status: 'approved' })
    .returning();
  const owner = await createAccount(db, { scope: 'educator', organizationId: row!.id });
  await db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, row!.id));
  return { id: row!.id, headers: await authHeader(harness.app, owner) };
}

/** Starts and submits an attempt (six single-choice answers, keys alternating); answers its id. */
async function attempt(slug: string, headers: Headers) {
  const id = await startAttempt(harness.app, slug, headers);
  await submitAttempt(harness.app, id, headers, 'BABABA');
  return id;
}

beforeAll(async () => {
  harness = await createPracticeTestApp([englishNamesStep]);
  const db = harness.app.db;
  asAdmin = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
  asViewer = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', permissions: ['view_student', 'view_analytics'] }),
    'admin',
  );
  const center = await organization('Trung tâm Ánh Dương');
  centerId = center.id;
  asCenter = center.headers;
  asOtherCenter = (await organization('Trung tâm Khác')).headers;

  learner = await learnerOf(harness.app, { fullName: 'Phạm Minh Khôi', email: uniqueEmail('khoi') });
  await db
    .insert(organizationStudents)
    .values({ organizationId: centerId, userId: learner.id, joinedVia: 'code' });
  outsider = await learnerOf(harness.app, { fullName: 'Người Ngoài' });

  await attempt(TOEIC, learner.headers);
  await attempt(TOEIC, learner.headers);
  await attempt(IELTS, learner.headers);
  await attempt(TOEIC, outsider.headers);
  [{ id: toeicId }] = (await db.select({ id: tests.id }).from(tests).where(eq(tests.slug, TOEIC))) as [
    { id: string },
  ];
  await db.insert(paymentOrders).values({
    code: `PW${Date.now()}`,
    userId: learner.id,
    kind: 'top_up',
    description: 'Nạp ví',
    amountVnd: 200_000,
    method: 'vnpay',
    status: 'paid',
    paidAt: new Date(),
  });
  // An attempt at ANOTHER organization's test (copied from the platform's TOEIC): never the center's.
  const [otherOrg] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Trung tâm Khác'));
  const [copy] = await db.select().from(attempts).where(eq(attempts.userId, outsider.id));
  const [row] = await db
    .insert(attempts)
    .values({ ...copy!, id: randomUUID(), userId: learner.id, organizationId: otherOrg!.id })
    .returning({ id: attempts.id });
  ownTestAttempt = row!.id;
});
afterAll(() => harness.close());

describe('/api/admin/students', () => {
  it('lists learners (not staff) with search, status and organization filters', async () => {
    const found = (
      await api('GET', `/admin/students?search=${encodeURIComponent(learner.email.slice(0, 12))}`, asViewer)
    ).json().result;
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([learner.id]);
    expect(found.items[0]).toMatchObject({
      full_name: 'Phạm Minh Khôi',
      attempt_count: 4,
      organization_count: 1,
    });
    const inCenter = (await api('GET', `/admin/students?organization_id=${centerId}`, asViewer)).json()
      .result;
    expect(inCenter.items.map((item: { id: string }) => item.id)).toEqual([learner.id]);
    const disabled = (await api('GET', '/admin/students?status=disabled', asViewer)).json().result;
    expect(disabled.total).toBe(0);
    const all = (await api('GET', '/admin/students?pageSize=100', asViewer)).json().result;
    expect(all.items.every((item: { email: string }) => !item.email.startsWith('admin@'))).toBe(true);
    expect((await api('GET', '/admin/students?status=gone', asViewer)).json()).toMatchObject({
      statusCode: 422,
      errors: { status: 'common.invalid_field' },
    });
  });

  it('shows a learner with organizations, attempts and purchases', async () => {
    const detail = (await api('GET', `/admin/students/${learner.id}`, asViewer)).json().result;
    expect(detail.organizations).toMatchObject([
      { id: centerId, name: 'Trung tâm Ánh Dương', membership: 'active' },
    ]);
    expect(detail.attempts).toHaveLength(4);
    expect(detail.purchases).toMatchObject([{ amount_vnd: 200_000, status: 'paid', kind: 'top_up' }]);
    expect((await api('GET', `/admin/students/${randomUUID()}`, asViewer)).statusCode).toBe(404);
  });

  it('edits name and status; disabling ends the sessions at once; a viewer may not edit', async () => {
    expect((await api('GET', '/user/auth/info', learner.headers)).statusCode).toBe(200);
    expect(
      (await api('PUT', `/admin/students/${learner.id}`, asViewer, { full_name: 'X', status: 'active' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await api('PUT', `/admin/students/${learner.id}`, asAdmin, { full_name: '  ', status: 'active' })
      ).json(),
    ).toMatchObject({ statusCode: 422, errors: { full_name: 'common.required_field' } });
    const saved = await api('PUT', `/admin/students/${learner.id}`, asAdmin, {
      full_name: 'Phạm Minh Khôi (khóa)',
      status: 'disabled',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ full_name: 'Phạm Minh Khôi (khóa)', status: 'disabled' });
    expect((await api('GET', '/user/auth/info', learner.headers)).statusCode).toBe(401);
    const back = await api('PUT', `/admin/students/${learner.id}`, asAdmin, {
      full_name: 'Phạm Minh Khôi',
      status: 'active',
    });
    expect(back.statusCode).toBe(200);
  });
});

describe("a learner's attempts of a test, in both back offices", () => {
  it('the admin sees every attempt of the test and each result', async () => {
    const list = (
      await api('GET', `/admin/students/${learner.id}/tests/${toeicId}/attempts`, asViewer)
    ).json().result;
    expect(list.test.id).toBe(toeicId);
    expect(list.attempts).toHaveLength(3);
    const result = await api(
      'GET',
      `/admin/students/${learner.id}/tests/${toeicId}/attempts/${list.attempts[1].id}/result`,
      asViewer,
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().result).toMatchObject({ id: list.attempts[1].id, learner: { id: learner.id } });
  });

  it("the organization sees its student's attempts at its own and the platform's tests, never another organization's", async () => {
    const list = (
      await api('GET', `/educator/students/${learner.id}/tests/${toeicId}/attempts`, asCenter)
    ).json().result;
    expect(list.attempts.map((a: { id: string }) => a.id)).not.toContain(ownTestAttempt);
    const platformResult = await api(
      'GET',
      `/educator/students/${learner.id}/tests/${toeicId}/attempts/${list.attempts[0].id}/result`,
      asCenter,
    );
    expect(platformResult.statusCode, platformResult.body).toBe(200);
    expect(
      (
        await api(
          'GET',
          `/educator/students/${learner.id}/tests/${toeicId}/attempts/${ownTestAttempt}/result`,
          asCenter,
        )
      ).statusCode,
    ).toBe(404);
    // Not a student of the other center, nor is the outsider a student of this one.
    expect(
      (await api('GET', `/educator/students/${learner.id}/tests/${toeicId}/attempts`, asOtherCenter))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('GET', `/educator/students/${outsider.id}/tests/${toeicId}/attempts`, asCenter)).statusCode,
    ).toBe(404);
    expect(
      (await api('GET', `/educator/students/${learner.id}/tests/${randomUUID()}/attempts`, asCenter))
        .statusCode,
    ).toBe(404);
  });
});

describe('analytics', () => {
  it("counts the organization students' attempts per day, week, test, part and question type", async () => {
    const response = await api('GET', '/educator/analytics', asCenter);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.totals).toMatchObject({ attempts: 3, submitted: 3, learners: 1 });
    expect(result.attempts_per_day).toHaveLength(56);
    expect(result.attempts_per_day.reduce((n: number, d: { attempts: number }) => n + d.attempts, 0)).toBe(3);
    expect(result.score_distribution.test).toMatchObject({ id: toeicId });
    expect(
      result.score_distribution.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0),
    ).toBe(2);
    expect(result.weakest_parts.length).toBeGreaterThan(0);
    // Each part has its exam structure's English name beside the Vietnamese one (TOEIC's differ).
    const parts = result.weakest_parts as { name: string; name_en: string | null }[];
    for (const part of parts) expect(part.name_en, part.name).toBeTruthy();
    const toeic = parts.filter((part) => part.name.startsWith('Part '));
    expect(toeic.length).toBeGreaterThan(0);
    for (const part of toeic) {
      expect(part.name_en).toMatch(/^Part \d – [A-Z]/);
      expect(part.name_en).not.toBe(part.name);
    }
    expect(result.weakest_question_types.length).toBeGreaterThan(0);
    expect(result.platform).toBeNull();
  });

  it('the admin sees everyone, organizations and revenue', async () => {
    const response = await api('GET', '/admin/analytics', asViewer);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.totals.attempts).toBeGreaterThanOrEqual(5);
    expect(result.platform.revenue.total_vnd).toBeGreaterThanOrEqual(200_000);
    expect(result.platform.organizations.approved).toBeGreaterThanOrEqual(2);
    const filtered = (
      await api('GET', `/admin/analytics?organization_id=${centerId}&test_id=${toeicId}`, asViewer)
    ).json().result;
    expect(filtered.totals.attempts).toBe(2);
    const options = (
      await api('GET', `/admin/analytics/options?organization_id=${centerId}`, asViewer)
    ).json().result;
    expect(options.tests.map((t: { id: string }) => t.id)).toContain(toeicId);
  });

  it("refuses a reversed range, a class of nobody and another organization's test with 422 naming the field", async () => {
    expect(
      (await api('GET', '/educator/analytics?from=2026-05-02&to=2026-05-01', asCenter)).json(),
    ).toMatchObject({
      statusCode: 422,
      errors: { from: 'analytics.range_invalid' },
    });
    expect((await api('GET', `/educator/analytics?class_id=${randomUUID()}`, asCenter)).json()).toMatchObject(
      {
        statusCode: 422,
        errors: { class_id: 'class.unknown' },
      },
    );
    expect((await api('GET', '/educator/analytics?from=2026-13-40', asCenter)).json()).toMatchObject({
      statusCode: 422,
      errors: { from: 'common.invalid_field' },
    });
  });
});
