import { ATTEMPT_GRACE_SECONDS, INVITATION_TTL_DAYS } from '@prepwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { questionTypes } from '../src/db/schema';
import { createExam, createPublishedTest } from '../src/modules/catalogue/catalogue.fixtures';
import { authHeader, createAccount, uniqueEmail } from './factories';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers';
import { createOrganization, type Headers } from './isolation/world';

/**
 * Issue 27: services and jobs read "now" from the app's clock (`buildApp({ now })`, `Deps.now`), never the
 * wall clock. The app here runs on a clock fixed years away from today and moved by the test: every time
 * the answers show is the clock's, and the decisions that depend on time (an invitation expired, an
 * attempt past its deadline) follow it.
 */
const FIXED = Date.parse('2031-05-06T07:08:09.000Z');
let clock = FIXED;
const iso = (ms: number) => new Date(ms).toISOString();

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => {
  const response = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().result;
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    jobs: { pollingIntervalSeconds: 0.5, supervise: false },
    now: () => new Date(clock),
  });
  await app.ready();
  await app.jobs.start();
  // The fixture's tests are made of single-choice questions of a platform question type.
  await database.db
    .insert(questionTypes)
    .values({ name: 'Trắc nghiệm một đáp án', answerKind: 'single_choice' })
    .onConflictDoNothing();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe("the app's clock", () => {
  it('is the one clock the services read (deps.now is app.now)', () => {
    clock = FIXED;
    expect(app.deps.now().toISOString()).toBe(iso(FIXED));
    expect(app.now()).toEqual(app.deps.now());
    expect(app.deps.db).toBe(app.db);
  });

  it('stamps a suspension and an invitation, and decides when the invitation has expired', async () => {
    clock = FIXED;
    const organization = await createOrganization(app);
    const admin = await authHeader(
      app,
      await createAccount(database.db, { scope: 'admin', permissions: ['view_educator', 'create_educator'] }),
      'admin',
    );

    const invited = await call('POST', '/educator/student-invitations', organization.asOwner, {
      emails: [uniqueEmail('invitee')],
    });
    const [invitation] = invited.invited;
    expect(invitation).toMatchObject({
      status: 'pending',
      created_at: iso(FIXED),
      expires_at: iso(FIXED + INVITATION_TTL_DAYS * 86_400_000),
    });

    // One second after its last day, the same invitation reads as expired.
    clock = FIXED + INVITATION_TTL_DAYS * 86_400_000 + 1_000;
    const listed = await call('GET', '/educator/student-invitations', organization.asOwner);
    expect(listed.items.find((item: { id: string }) => item.id === invitation.id)).toMatchObject({
      status: 'expired',
    });

    const suspended = await call('POST', `/admin/organizations/${organization.id}/suspend`, admin, {
      reason: 'Chưa gia hạn gói',
    });
    expect(suspended.suspended_at).toBe(iso(clock));
  });

  it("starts an attempt at the clock's time and submits it once the clock passes its deadline", async () => {
    clock = FIXED;
    const author = await createAccount(database.db, { scope: 'admin' });
    const test = await createPublishedTest(database.db, await createExam(database.db), {
      title: 'Đề theo đồng hồ',
      authorId: author.id,
    });
    const learner = await authHeader(app, await createAccount(database.db));

    const started = await call('POST', `/user/tests/${test.slug}/attempts`, learner, { mode: 'full' });
    const paper = await call('GET', `/user/attempts/${started.id}`, learner);
    expect(paper.attempt).toMatchObject({
      status: 'in_progress',
      started_at: iso(FIXED),
      server_now: iso(FIXED),
      // The fixture's tests last 15 minutes.
      deadline_at: iso(FIXED + 15 * 60_000),
    });

    // Within the grace the attempt is still open; past it, reading the paper submits it.
    clock = FIXED + 15 * 60_000 + ATTEMPT_GRACE_SECONDS * 1000 - 1_000;
    expect((await call('GET', `/user/attempts/${started.id}`, learner)).attempt.status).toBe('in_progress');
    clock = FIXED + 15 * 60_000 + ATTEMPT_GRACE_SECONDS * 1000 + 1_000;
    const late = await call('GET', `/user/attempts/${started.id}`, learner);
    expect(late.attempt).toMatchObject({ status: 'submitted', submitted_at: iso(clock) });
  });
});
