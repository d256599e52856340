import { randomUUID } from 'node:crypto';
import { ORGANIZATION_PERMISSIONS, PERMISSIONS, type Permission } from '@prepwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExam, createPublishedTest, insertAttempt } from '../src/modules/catalogue/catalogue.fixtures';
import { authHeader, createAccount } from './factories';
import { createTestApp } from './helpers';
import { createOrganization, createOrganizationStaff, type Headers } from './isolation/world';
import { grammarWritingStructure, publishedOrganizationTest, studentOf } from './organization-test';

/**
 * Issue 26 (least privilege, third round):
 * - every write of the two back offices is refused to a role that may only look (a platform staff role
 *   holding every `view_*` permission and nothing else; an organization member whose role holds only the
 *   portal's `view_*` permissions);
 * - learners' names, e-mails and results need the students' permission (`view_student`) in both scopes,
 *   not `view_test`; the organization dashboard leaves out the blocks the caller may not see.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
const call = (method: string, url: string, headers: Headers, payload?: object) =>
  harness.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });

const onlyViews = <P extends string>(list: readonly P[]) => list.filter((p) => p.startsWith('view_'));

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
});
afterAll(() => harness?.close());

/**
 * Non-GET routes a view-only role may still call, each for a reason: its own account (profile, password,
 * tokens), and the question bank's export, a read sent as POST (its body is the selection) that needs
 * `view_question`.
 */
const OWN_ACCOUNT = /^\/api\/(admin|educator)\/auth\//;
const READS_BY_POST = new Set([
  'POST /api/admin/question-bank/export',
  'POST /api/educator/question-bank/export',
]);

describe('a view-only role writes nothing (every non-GET route of /api/admin and /api/educator)', () => {
  it('answers 403 FORBIDDEN to each, for platform staff and for an organization member', async () => {
    const db = harness.database.db;
    const staff = await authHeader(
      harness.app,
      await createAccount(db, { scope: 'admin', permissions: onlyViews(PERMISSIONS) }),
      'admin',
    );
    const organization = await createOrganization(harness.app);
    const member = await createOrganizationStaff(
      harness.app,
      organization.id,
      onlyViews(ORGANIZATION_PERMISSIONS),
    );
    const writes = harness.app.routeList.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
        .map((method) => ({ method, url: route.url })),
    );
    const checked = writes.filter(
      ({ method, url }) =>
        /^\/api\/(admin|educator)\//.test(url) &&
        !OWN_ACCOUNT.test(url) &&
        !READS_BY_POST.has(`${method} ${url}`),
    );
    expect(checked.length).toBeGreaterThan(150);
    const allowed: string[] = [];
    for (const { method, url } of checked) {
      const headers = url.startsWith('/api/admin/') ? staff : member.headers;
      const response = await harness.app.inject({
        method: method as 'POST',
        url: url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()),
        headers,
        ...(method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 403 || response.json().key !== 'FORBIDDEN')
        allowed.push(`${method} ${url} → ${response.statusCode}`);
    }
    expect(allowed).toEqual([]);
  }, 120_000);
});

describe('vocabulary has its own permissions', () => {
  it('lets view_vocabulary read, and the create/update/delete permissions write, one each', async () => {
    const db = harness.database.db;
    const as = async (permissions: Permission[]) =>
      authHeader(harness.app, await createAccount(db, { scope: 'admin', permissions }), 'admin');
    const reader = await as(['view_vocabulary']);
    const writer = await as(['view_vocabulary', 'create_vocabulary', 'update_vocabulary']);
    const remover = await as(['delete_vocabulary']);
    const topic = {
      name_vi: 'Du lịch',
      name_en: 'Travel',
      level: 'B1',
      exam: 'general',
    };
    expect((await call('GET', '/admin/vocabulary-topics', reader)).statusCode).toBe(200);
    expect((await call('POST', '/admin/vocabulary-topics', reader, topic)).statusCode).toBe(403);
    const created = await call('POST', '/admin/vocabulary-topics', writer, topic);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.id as string;
    const renamed = { ...topic, name_en: 'Travelling' };
    expect((await call('PUT', `/admin/vocabulary-topics/${id}`, reader, renamed)).statusCode).toBe(403);
    expect((await call('PUT', `/admin/vocabulary-topics/${id}`, writer, renamed)).statusCode).toBe(200);
    // Writing is not deleting.
    expect((await call('DELETE', `/admin/vocabulary-topics/${id}`, writer)).statusCode).toBe(403);
    expect((await call('DELETE', `/admin/vocabulary-topics/${id}`, remover)).statusCode).toBe(200);
    // The authors' spoken preview is for writers.
    expect((await call('GET', '/admin/vocabulary-speech?text=hello', reader)).statusCode).toBe(403);
  });
});

describe("learners' personal data needs view_student (both scopes)", () => {
  it('admin: a test attempt result and the test stats', async () => {
    const db = harness.database.db;
    const author = await createAccount(db, { scope: 'admin', isAdmin: true });
    await grammarWritingStructure(harness.app); // the platform's question types
    const exam = await createExam(db);
    const test = await createPublishedTest(db, exam, { title: 'Đề riêng tư', authorId: author.id });
    const learner = await createAccount(db, { fullName: 'Phạm Riêng Tư' });
    const attempt = await insertAttempt(db, test, learner.id, {
      startedAt: new Date(Date.now() - 3_600_000),
      score: 2,
      maxScore: 3,
    });
    const as = async (permissions: Permission[]) =>
      authHeader(harness.app, await createAccount(db, { scope: 'admin', permissions }), 'admin');
    const testReader = await as(['view_test']);
    const studentReader = await as(['view_test', 'view_student']);
    const routes = [
      `/admin/tests/${test.id}/attempts/${attempt!.id}/result`,
      `/admin/tests/${test.id}/stats`,
    ];
    for (const url of routes) {
      const refused = await call('GET', url, testReader);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain('Phạm Riêng Tư');
      const allowed = await call('GET', url, studentReader);
      expect(allowed.statusCode, `${url} ${allowed.body}`).toBe(200);
    }
    const stats = (await call('GET', routes[1]!, studentReader)).json().result;
    expect(stats.recent[0].learner).toMatchObject({ full_name: 'Phạm Riêng Tư', email: learner.email });
  });

  it("organization: a test attempt's result, an assignment's results and their export, the dashboard", async () => {
    const center = await createOrganization(harness.app, { name: 'Trung tâm Riêng Tư' });
    const other = await createOrganization(harness.app, { name: 'Trung tâm Khác' });
    const test = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra riêng tư');
    const student = await studentOf(harness.app, center.id, { fullName: 'Đỗ Học Viên' });
    const made = await call('POST', `/educator/tests/${test.id}/assignments`, center.asOwner, {
      student_ids: [student.id],
      opens_at: new Date(Date.now() - 3_600_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
    });
    expect(made.statusCode, made.body).toBe(200);
    const assignmentId = made.json().result.id as string;
    const started = await call(
      'POST',
      `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
      student.headers,
    );
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = started.json().result.id as string;
    const submitted = await call('POST', `/user/attempts/${attemptId}/submit`, student.headers, {});
    expect(submitted.statusCode, submitted.body).toBe(200);

    const testReader = await createOrganizationStaff(harness.app, center.id, ['view_test']);
    const studentReader = await createOrganizationStaff(harness.app, center.id, [
      'view_test',
      'view_student',
    ]);
    const outsider = await createOrganizationStaff(harness.app, other.id, ['view_test', 'view_student']);
    const routes = [
      `/educator/tests/${test.id}/attempts/${attemptId}/result`,
      `/educator/tests/${test.id}/assignments/${assignmentId}/results`,
      `/educator/tests/${test.id}/assignments/${assignmentId}/results/export?format=csv`,
    ];
    for (const url of routes) {
      const refused = await call('GET', url, testReader.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain(student.email);
      const allowed = await call('GET', url, studentReader.headers);
      expect(allowed.statusCode, `${url} ${allowed.body}`).toBe(200);
      // Another organization's rows do not exist for its staff.
      expect((await call('GET', url, outsider.headers)).statusCode, url).toBe(404);
    }
    const csv = (await call('GET', routes[2]!, studentReader.headers)).body;
    expect(csv).toContain(student.email);

    const dashboard = async (headers: Headers) =>
      (await call('GET', '/educator/dashboard', headers)).json().result as Record<string, unknown>;
    const blocks = (result: Record<string, unknown>) =>
      Object.keys(result)
        .filter((key) => !['organization', 'week_start'].includes(key))
        .sort();
    expect(blocks(await dashboard(testReader.headers))).toEqual(['tests']);
    const analyst = await createOrganizationStaff(harness.app, center.id, ['view_analytics']);
    expect(blocks(await dashboard(analyst.headers))).toEqual(['attempts_this_week']);
    const withStudents = await dashboard(studentReader.headers);
    expect(blocks(withStudents)).toEqual([
      'attempts_this_week',
      'classes',
      'latest_results',
      'students',
      'tests',
    ]);
    expect(JSON.stringify(withStudents.latest_results)).toContain('Đỗ Học Viên');
    expect(JSON.stringify(await dashboard(testReader.headers))).not.toContain('Đỗ Học Viên');
  });
});
