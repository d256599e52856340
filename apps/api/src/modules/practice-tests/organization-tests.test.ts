import { FREE_TIER_LIMITS } from '@prepwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type TestOrganization,
} from '../../../test/isolation/world';
import { grammarWritingStructure } from '../../../test/organization-test';

/**
 * The organization's question bank and manual tests (issue 15): the admin's routes under
 * /api/educator, on the caller's organization's own bank.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let other: TestOrganization;
let asAdmin: Record<string, string>;
let examId: string;
let grammarPart: string;
let writingPart: string;
let singleType: string;
let essayType: string;

const { call, ok } = apiClient(() => harness.app);

let n = 0;
const single = (stem = `She ___ English every evening (${n++}).`) => ({
  format_id: grammarPart,
  question_type_id: singleType,
  stem: `<p>${stem}</p>`,
  options: [
    { key: 'A', content: 'study' },
    { key: 'B', content: 'studies' },
  ],
  answer: { key: 'B' },
  tags: ['present-simple'],
});
const essay = () => ({
  format_id: writingPart,
  question_type_id: essayType,
  stem: `<p>Write 80–100 words about your favourite place in your city (${n++}).</p>`,
  answer: { guidance: 'Name the place, say why you like it, give one example.' },
});
const testBody = (title: string) => ({ exam_id: examId, title, duration_minutes: 30 });

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.database.db;
  ({ examId, grammarPart, writingPart, singleType, essayType } = await grammarWritingStructure(harness.app));
  center = await createOrganization(harness.app, { name: 'Trung tâm Ánh Dương' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Sao Mai' });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
});
afterAll(() => harness?.close());

describe("the organization's question bank", () => {
  it('holds its own questions and groups only: not the platform’s, not another organization’s', async () => {
    const own = await ok('POST', '/educator/questions', center.asOwner, single('Our own question.'));
    const platform = await ok('POST', '/admin/questions', asAdmin, single('A platform question.'));
    const foreign = await ok(
      'POST',
      '/educator/questions',
      other.asOwner,
      single('Another centre’s question.'),
    );
    const group = await ok('POST', '/educator/question-groups', center.asOwner, {
      format_id: grammarPart,
      title: 'Lan’s week',
      passage: '<p>Lan ___ (1) in Da Nang.</p>',
      questions: [{ ...single('(1)'), format_id: undefined }],
    });

    const list = await ok<{ items: { id: string }[] }>(
      'GET',
      '/educator/questions?pageSize=100',
      center.asOwner,
    );
    const ids = list.items.map((item) => item.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(platform.id);
    expect(ids).not.toContain(foreign.id);
    const groups = await ok<{ items: { id: string }[] }>('GET', '/educator/question-groups', center.asOwner);
    expect(groups.items.map((item) => item.id)).toEqual([group.id]);
    // The admin's bank does not show the organization's question either.
    const adminList = await ok<{ items: { id: string }[] }>('GET', '/admin/questions?pageSize=100', asAdmin);
    expect(adminList.items.map((item) => item.id)).not.toContain(own.id);

    expect((await call('GET', `/educator/questions/${platform.id}`, center.asOwner)).statusCode).toBe(404);
    expect((await call('GET', `/educator/questions/${foreign.id}`, center.asOwner)).statusCode).toBe(404);
    expect((await call('GET', `/educator/question-groups/${group.id}`, other.asOwner)).statusCode).toBe(404);
  });

  it("offers the platform's levels and question types to its pickers (usable=true), its own lists stay its own", async () => {
    const own = await ok('POST', '/educator/levels', center.asOwner, {
      code: 'LOP-TOI',
      name: 'Lớp buổi tối',
      position: 9,
    });
    const usable = await ok<{ items: { id: string; code: string }[] }>(
      'GET',
      '/educator/levels?usable=true&pageSize=100',
      center.asOwner,
    );
    expect(usable.items.map((level) => level.code)).toEqual(expect.arrayContaining(['B1', 'LOP-TOI']));
    const listed = await ok<{ items: { id: string }[] }>(
      'GET',
      '/educator/levels?pageSize=100',
      center.asOwner,
    );
    expect(listed.items.map((level) => level.id)).toEqual([own.id]);
    // Another organization's level is never usable.
    const foreign = await ok<{ items: { id: string }[] }>(
      'GET',
      '/educator/levels?usable=true',
      other.asOwner,
    );
    expect(foreign.items.map((level) => level.id)).not.toContain(own.id);
    const types = await ok<{ items: { id: string }[] }>(
      'GET',
      '/educator/question-types?usable=true&pageSize=100',
      center.asOwner,
    );
    expect(types.items.map((type) => type.id)).toEqual(expect.arrayContaining([singleType, essayType]));
    const ownTypes = await ok<{ items: unknown[] }>('GET', '/educator/question-types', center.asOwner);
    expect(ownTypes.items).toEqual([]);
    const invalid = await call('GET', '/educator/levels?usable=maybe', center.asOwner);
    expect(invalid.statusCode).toBe(422);
  });

  it('edits and deletes a question of its bank', async () => {
    const question = await ok('POST', '/educator/questions', center.asOwner, single());
    const edited = await ok<{ stem: string }>(
      'PUT',
      `/educator/questions/${question.id}`,
      center.asOwner,
      single('They ___ football on Sundays.'),
    );
    expect(edited.stem).toContain('They ___ football on Sundays.');
    await ok('DELETE', `/educator/questions/${question.id}`, center.asOwner);
    expect((await call('GET', `/educator/questions/${question.id}`, center.asOwner)).statusCode).toBe(404);
  });

  it('names the field of an invalid question with a translation key', async () => {
    const response = await call('POST', '/educator/questions', center.asOwner, { ...single(), stem: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.stem).toMatch(/^[a-z_]+\.[a-z_.]+$/);
  });

  it('checks the role’s permissions: a viewer reads the bank but cannot write to it', async () => {
    const viewer = await createOrganizationStaff(harness.app, center.id, ['view_question', 'view_test']);
    expect((await call('GET', '/educator/questions', viewer.headers)).statusCode).toBe(200);
    const refused = await call('POST', '/educator/questions', viewer.headers, single());
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', '/educator/tests', viewer.headers, testBody('Không được'))).statusCode).toBe(
      403,
    );
  });

  it('imports a CSV into the organization’s bank and exports it again', async () => {
    const csv = [
      'group,passage,type,stem,A,B,C,D,E,F,G,H,items,answer,explanation_vi,explanation_en,level,tags',
      ',,single_choice,We ___ dinner when the phone rang.,were having,have,had,are having,,,,,,A,,,,imported',
    ].join('\n');
    const boundary = '----prepwise-org-import';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="format_id"\r\n\r\n${grammarPart}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bank.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
        `--${boundary}--\r\n`,
    );
    const imported = await harness.app.inject({
      method: 'POST',
      url: '/api/educator/question-bank/import',
      headers: { ...center.asOwner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const list = await ok<{ items: { id: string; stem: string }[] }>(
      'GET',
      '/educator/questions?tag=imported',
      center.asOwner,
    );
    expect(list.items.map((item) => item.stem).join()).toContain('We ___ dinner when the phone rang.');
    expect(
      (await ok<{ items: unknown[] }>('GET', '/educator/questions?tag=imported', other.asOwner)).items,
    ).toEqual([]);
    const exported = await call('POST', '/educator/question-bank/export', center.asOwner, {
      format: 'xlsx',
      question_ids: list.items.map((item) => item.id),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });
});

describe("the organization's manual tests", () => {
  it('builds a test from its own bank items, publishes it, and keeps it out of the public catalogue', async () => {
    const questions = [];
    for (let i = 0; i < 9; i++)
      questions.push(await ok('POST', '/educator/questions', center.asOwner, single()));
    const writing = await ok('POST', '/educator/questions', center.asOwner, essay());
    const platformQuestion = await ok('POST', '/admin/questions', asAdmin, single('Platform only.'));

    const test = await ok<{ id: string; status: string; sections: { id: string }[] }>(
      'POST',
      '/educator/tests',
      center.asOwner,
      testBody('Kiểm tra ngữ pháp tháng 11'),
    );
    expect(test.status).toBe('draft');
    const [grammar, writingSection] = test.sections;

    // Items come from the organization's own bank only: a platform question is refused on its line.
    const refused = await call(
      'PUT',
      `/educator/tests/${test.id}/sections/${grammar!.id}/items`,
      center.asOwner,
      {
        items: [{ question_id: platformQuestion.id }],
      },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['items.0']).toBe('common.invalid_field');

    await ok('PUT', `/educator/tests/${test.id}/sections/${grammar!.id}/items`, center.asOwner, {
      items: questions.map((question) => ({ question_id: question.id })),
    });
    await ok('PUT', `/educator/tests/${test.id}/sections/${writingSection!.id}/items`, center.asOwner, {
      items: [{ question_id: writing.id }],
    });
    const published = await ok<{ status: string; question_count: number; versions: unknown[] }>(
      'POST',
      `/educator/tests/${test.id}/publish`,
      center.asOwner,
    );
    expect(published).toMatchObject({ status: 'published', question_count: 10 });
    expect(published.versions).toHaveLength(1);

    const list = await ok<{ items: { id: string; status: string }[] }>(
      'GET',
      '/educator/tests',
      center.asOwner,
    );
    expect(list.items.find((item) => item.id === test.id)?.status).toBe('published');
    expect((await call('GET', `/educator/tests/${test.id}`, other.asOwner)).statusCode).toBe(404);
    expect((await call('GET', `/admin/tests/${test.id}`, asAdmin)).statusCode).toBe(404);

    const catalogue = await harness.app.inject({ method: 'GET', url: '/api/public/tests?pageSize=100' });
    expect(catalogue.statusCode).toBe(200);
    expect(JSON.stringify(catalogue.json().result)).not.toContain('Kiểm tra ngữ pháp tháng 11');
  });

  it('refuses pack access on an organization’s test (packs are the platform’s), naming the field', async () => {
    const response = await call('POST', '/educator/tests', center.asOwner, {
      ...testBody('Đề bán theo gói'),
      access: 'pack',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ access: 'common.invalid_field' });
  });

  it('refuses a test beyond the package’s limit with 409 packages.test_limit; archived tests do not count', async () => {
    const limited = await createOrganization(harness.app, { name: 'Trung tâm Giới Hạn' });
    const made: string[] = [];
    for (let i = 0; i < FREE_TIER_LIMITS.tests; i++)
      made.push((await ok('POST', '/educator/tests', limited.asOwner, testBody(`Đề ${i + 1}`))).id);
    const refused = await call('POST', '/educator/tests', limited.asOwner, testBody('Một đề nữa'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ id: 'packages.test_limit' });

    await ok('POST', `/educator/tests/${made[0]}/archive`, limited.asOwner);
    const next = await ok('POST', '/educator/tests', limited.asOwner, testBody('Đề thay thế'));
    expect(next.id).toBeTruthy();
    // Bringing the archived one back would go beyond the limit again.
    const back = await call('POST', `/educator/tests/${made[0]}/unpublish`, limited.asOwner);
    expect(back.statusCode).toBe(409);
    expect(back.json().errors).toEqual({ id: 'packages.test_limit' });
    // The platform has no package: the admin's tests are never limited.
    for (let i = 0; i <= FREE_TIER_LIMITS.tests; i++)
      await ok('POST', '/admin/tests', asAdmin, testBody(`Đề nền tảng ${i}`));
  });
});
