import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type TestOrganization,
} from '../../../test/isolation/world';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { attempts, exams, organizations, tests, testVersions } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';

/*
 * Issue 13: the audio and images of an organization's private questions are served only to that
 * organization, to platform staff, and to learners who sat a test whose paper uses them; to anyone else
 * they do not exist (404). What the organization shows publicly (its logo, a test's cover) stays public.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let orgA: TestOrganization;
let orgB: TestOrganization;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  orgA = await createOrganization(harness.app);
  orgB = await createOrganization(harness.app);
}, 120_000);
afterAll(() => harness.close());

async function upload(headers: Record<string, string>, name: string, bytes: Buffer) {
  const body = multipartFile('file', name, bytes);
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/educator/media',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: string; url: string };
}

const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

/** A published test of organization A whose frozen paper uses `mediaId`, and a learner's attempt on it. */
async function sitTestUsing(mediaId: string, learnerId: string) {
  const db = harness.database.db;
  const [exam] = await db.select({ id: exams.id }).from(exams).limit(1);
  const [test] = await db
    .insert(tests)
    .values({
      organizationId: orgA.id,
      examId: exam!.id,
      title: 'Kiểm tra giữa kỳ',
      slug: `giua-ky-${Date.now()}`,
      durationMinutes: 30,
      status: 'published',
      publishedVersion: 1,
    })
    .returning({ id: tests.id });
  await db.insert(testVersions).values({
    testId: test!.id,
    version: 1,
    questionCount: 1,
    snapshot: { sections: [{ items: [{ kind: 'question', question: { audio: { id: mediaId } } }] }] },
  });
  await db.insert(attempts).values({
    userId: learnerId,
    testId: test!.id,
    testVersion: 1,
    organizationId: orgA.id,
    mode: 'full',
    sectionIds: [],
  });
}

describe('an organization’s files', () => {
  it('are served to its people and platform staff, privately, and are a 404 to everyone else', async () => {
    const audio = await upload(orgA.asOwner, 'nghe-hieu.mp3', MP3_STUB);
    const staff = await createOrganizationStaff(harness.app, orgA.id, ['view_question']);
    const admin = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
    for (const headers of [orgA.asOwner, staff.headers, admin]) {
      const response = await fetchMedia(audio.url, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/mpeg');
      // Never kept by a shared cache.
      expect(response.headers['cache-control']).toMatch(/^private,/);
    }
    const learner = await authHeader(harness.app, await createAccount(harness.database.db));
    for (const headers of [{}, orgB.asOwner, learner, { authorization: 'Bearer not-a-token' }]) {
      const response = await fetchMedia(audio.url, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ key: 'NOT_FOUND' });
    }
  });

  it('are served to a learner who sat a test that uses them, through the sign-in cookie', async () => {
    const image = await upload(orgA.asOwner, 'bieu-do.png', PNG_1X1);
    const account = await createAccount(harness.database.db);
    const { authorization } = await authHeader(harness.app, account);
    const cookie = { cookie: `access_token=${authorization.slice('Bearer '.length)}` };
    expect((await fetchMedia(image.url, cookie)).statusCode).toBe(404);
    await sitTestUsing(image.id, account.id);
    const response = await fetchMedia(image.url, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    // Another learner still gets nothing.
    const other = await authHeader(harness.app, await createAccount(harness.database.db));
    expect((await fetchMedia(image.url, other)).statusCode).toBe(404);
  });

  it('stay public when the organization shows them: its logo and a test’s cover', async () => {
    const logo = await upload(orgA.asOwner, 'logo.png', PNG_1X1);
    expect((await fetchMedia(logo.url)).statusCode).toBe(404);
    await harness.database.db
      .update(organizations)
      .set({ logoUrl: logo.url })
      .where(eq(organizations.id, orgA.id));
    expect((await fetchMedia(logo.url)).statusCode).toBe(200);

    const cover = await upload(orgA.asOwner, 'bia.png', PNG_1X1);
    const [exam] = await harness.database.db.select({ id: exams.id }).from(exams).limit(1);
    await harness.database.db.insert(tests).values({
      organizationId: orgA.id,
      examId: exam!.id,
      title: 'Đề công khai',
      slug: `cong-khai-${Date.now()}`,
      durationMinutes: 20,
      coverId: cover.id,
    });
    expect((await fetchMedia(cover.url)).statusCode).toBe(200);
  });
});
