import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';

/**
 * A centre's own category gets exams and parts from the portal (issue 29), through the admin's routes
 * mounted under `/api/educator`: the platform's stay read-only there, another centre's are not found.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let centre: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  // The AI job below is queued (its drafts are written by the worker).
  await harness.app.jobs.start();
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
  centre = await createOrganization(harness.app);
  other = await createOrganization(harness.app);
});
afterAll(() => harness.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });
const created = async (url: string, headers: object, payload: object) => {
  const response = await api('POST', url, headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
};
const part = (overrides: object = {}) => ({
  name: 'Đọc hiểu',
  skill: 'reading',
  question_count: 5,
  score_section: 'reading',
  ...overrides,
});

describe("a centre's own exams", () => {
  it('creates, reads, edits and deletes an exam and its parts in its own category', async () => {
    const category = await created('/educator/categories', centre.asOwner, { name: 'Tiếng Anh lớp 9' });
    const exam = await created(`/educator/categories/${category.id}/exams`, centre.asOwner, {
      name: 'Thi vào 10',
      duration_minutes: 60,
    });
    expect(exam).toMatchObject({ category_id: category.id, slug: 'thi-vao-10', formats: [] });
    const format = await created(`/educator/exams/${exam.id}/formats`, centre.asOwner, part());
    const detail = (await api('GET', `/educator/categories/${category.id}`, centre.asOwner)).json().result;
    expect(detail).toMatchObject({ read_only: false, exam_count: 1 });
    expect(detail.exams[0].formats.map((f: { id: string }) => f.id)).toEqual([format.id]);

    const renamed = await api(
      'PUT',
      `/educator/formats/${format.id}`,
      centre.asOwner,
      part({ name: 'Ngữ pháp' }),
    );
    expect(renamed.json().result.name).toBe('Ngữ pháp');
    const edited = await api('PUT', `/educator/exams/${exam.id}`, centre.asOwner, {
      name: 'Thi tuyển sinh 10',
    });
    expect(edited.json().result.name).toBe('Thi tuyển sinh 10');
    expect((await api('DELETE', `/educator/formats/${format.id}`, centre.asOwner)).statusCode).toBe(200);
    expect((await api('DELETE', `/educator/exams/${exam.id}`, centre.asOwner)).statusCode).toBe(200);
    expect((await api('GET', `/educator/exams/${exam.id}`, centre.asOwner)).statusCode).toBe(404);
  });

  it("reads the platform's exams but changes none of them (403), and the admin does not see the centre's", async () => {
    const platform = await created('/admin/categories', asAdmin, { name: 'Nền tảng thử' });
    const platformExam = await created(`/admin/categories/${platform.id}/exams`, asAdmin, {
      name: 'Kỳ thi chung',
    });
    const platformPart = await created(`/admin/exams/${platformExam.id}/formats`, asAdmin, part());

    expect((await api('GET', `/educator/exams/${platformExam.id}`, centre.asOwner)).statusCode).toBe(200);
    expect((await api('GET', `/educator/formats/${platformPart.id}`, centre.asOwner)).statusCode).toBe(200);
    const refusals = await Promise.all([
      api('POST', `/educator/categories/${platform.id}/exams`, centre.asOwner, { name: 'Chen vào' }),
      api('PUT', `/educator/exams/${platformExam.id}`, centre.asOwner, { name: 'Đổi tên' }),
      api('DELETE', `/educator/exams/${platformExam.id}`, centre.asOwner),
      api('POST', `/educator/exams/${platformExam.id}/formats`, centre.asOwner, part()),
      api('PUT', `/educator/formats/${platformPart.id}`, centre.asOwner, part({ name: 'Đổi' })),
      api('DELETE', `/educator/formats/${platformPart.id}`, centre.asOwner),
    ]);
    expect(refusals.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await api('GET', `/admin/exams/${platformExam.id}`, asAdmin)).json().result.name).toBe(
      'Kỳ thi chung',
    );

    const own = await created('/educator/categories', centre.asOwner, { name: 'Riêng trung tâm' });
    const ownExam = await created(`/educator/categories/${own.id}/exams`, centre.asOwner, { name: 'Riêng' });
    expect((await api('GET', `/admin/exams/${ownExam.id}`, asAdmin)).statusCode).toBe(404);
    expect((await api('GET', `/educator/exams/${ownExam.id}`, other.asOwner)).statusCode).toBe(404);
    expect(
      (await api('POST', `/educator/categories/${own.id}/exams`, other.asOwner, { name: 'Của người khác' }))
        .statusCode,
    ).toBe(404);
  });

  it("lets a part allow the centre's own question types and the platform's, never another centre's", async () => {
    const own = await created('/educator/question-types', centre.asOwner, {
      name: 'Điền từ của trung tâm',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    expect(own.own).toBe(true);
    const foreign = await created('/educator/question-types', other.asOwner, {
      name: 'Loại của trung tâm khác',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    const category = await created('/educator/categories', centre.asOwner, { name: 'Loại câu hỏi riêng' });
    const exam = await created(`/educator/categories/${category.id}/exams`, centre.asOwner, {
      name: 'Kỳ thi A',
    });
    const allowed = await created(
      `/educator/exams/${exam.id}/formats`,
      centre.asOwner,
      part({ allowed_question_type_ids: [own.id] }),
    );
    expect(allowed.allowed_question_type_ids).toEqual([own.id]);
    const refused = await api(
      'POST',
      `/educator/exams/${exam.id}/formats`,
      centre.asOwner,
      part({ allowed_question_type_ids: [foreign.id] }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ allowed_question_type_ids: 'structure.unknown_question_type' });
  });

  it("offers the centre's own types in a platform part whose allow-list names only the platform's", async () => {
    const platformType = await created('/admin/question-types', asAdmin, {
      name: 'Trắc nghiệm nền tảng',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    expect(platformType.own).toBe(false);
    const platform = await created('/admin/categories', asAdmin, { name: 'Nền tảng có giới hạn' });
    const exam = await created(`/admin/categories/${platform.id}/exams`, asAdmin, { name: 'Giới hạn' });
    const format = await created(
      `/admin/exams/${exam.id}/formats`,
      asAdmin,
      part({ allowed_question_type_ids: [platformType.id] }),
    );
    const ownType = await created('/educator/question-types', centre.asOwner, {
      name: 'Chọn một của trung tâm',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    const question = (typeId: string) => ({
      format_id: format.id,
      question_type_id: typeId,
      stem: '<p>2 + 2 = ?</p>',
      options: [
        { key: 'A', content: '4' },
        { key: 'B', content: '5' },
      ],
      answer: { key: 'A' },
    });
    const saved = await api('POST', '/educator/questions', centre.asOwner, question(ownType.id));
    expect(saved.statusCode, saved.body).toBe(200);
    // The admin's allow-list still binds the platform's own other types.
    const otherPlatformType = await created('/admin/question-types', asAdmin, {
      name: 'Trắc nghiệm khác',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    const refused = await api('POST', '/educator/questions', centre.asOwner, question(otherPlatformType.id));
    expect(refused.json().errors).toMatchObject({ question_type_id: 'question.type_not_allowed' });

    // AI drafts too: an ordering task in that part is the centre's own ordering type, not refused.
    const job = { format_id: format.id, task: 'sentence_order', count: 1, provider: 'builtin' };
    const withoutOwn = await api('POST', '/educator/ai/jobs', centre.asOwner, job);
    expect(withoutOwn.json().errors).toEqual({ task: 'ai.task_not_allowed' });
    const ownOrdering = await created('/educator/question-types', centre.asOwner, {
      name: 'Sắp xếp câu của trung tâm',
      answer_kind: 'ordering',
      scoring_rule: 'all_or_nothing',
    });
    const accepted = await api('POST', '/educator/ai/jobs', centre.asOwner, job);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Another centre has no such type: refused there.
    const elsewhere = await api('POST', '/educator/ai/jobs', other.asOwner, job);
    expect(elsewhere.json().errors).toEqual({ task: 'ai.task_not_allowed' });
    expect(ownOrdering.own).toBe(true);
  });
});
