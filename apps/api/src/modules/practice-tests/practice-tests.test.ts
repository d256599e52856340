import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { testVersions } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let examId: string;
let readingPart: string;
let grammarPart: string;
let singleType: string;

async function api(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = asAdmin,
) {
  return harness.app.inject({ method, url: `/api${url}`, headers, payload });
}
async function ok(method: 'POST' | 'PUT', url: string, payload?: object) {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

const question = (formatId: string, n: number, tags: string[] = []) => ({
  format_id: formatId,
  question_type_id: singleType,
  stem: `<p>Câu hỏi số ${n}</p>`,
  options: [
    { key: 'A', content: 'one' },
    { key: 'B', content: 'two' },
  ],
  answer: { key: 'A' },
  tags,
});

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
  const types = (await api('GET', '/admin/question-types?pageSize=50')).json().result.items as {
    id: string;
    answer_kind: string;
  }[];
  singleType = types.find((t) => t.answer_kind === 'single_choice')!.id;
  const category = await ok('POST', '/admin/categories', { name: 'Mini' });
  const exam = await ok('POST', `/admin/categories/${category.id}/exams`, {
    name: 'Mini test',
    duration_minutes: 20,
  });
  examId = exam.id;
  grammarPart = (
    await ok('POST', `/admin/exams/${examId}/formats`, {
      name: 'Grammar',
      position: 1,
      skill: 'reading',
      question_count: 3,
      score_section: 'reading',
    })
  ).id;
  readingPart = (
    await ok('POST', `/admin/exams/${examId}/formats`, {
      name: 'Reading',
      position: 2,
      skill: 'reading',
      question_count: 2,
      score_section: 'reading',
    })
  ).id;
});
afterAll(() => harness.close());

describe('tests', () => {
  it('creates a draft with one section per part, fills it by hand and by draw, and publishes a frozen version', async () => {
    const test = await ok('POST', '/admin/tests', {
      exam_id: examId,
      title: 'Đề luyện ngữ pháp số 1',
      duration_minutes: 20,
    });
    expect(test).toMatchObject({
      slug: 'de-luyen-ngu-phap-so-1',
      status: 'draft',
      question_count: 0,
      required_count: 5,
    });
    expect(test.sections.map((s: { format: { name: string } }) => s.format.name)).toEqual([
      'Grammar',
      'Reading',
    ]);
    const [grammar, reading] = test.sections;

    const early = await api('POST', `/admin/tests/${test.id}/publish`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({
      id: 'test.publish_incomplete',
      sections: 'test.section_incomplete',
      'sections.0': 'test.section_incomplete',
      'sections.1': 'test.section_incomplete',
    });

    const q1 = await ok('POST', '/admin/questions', question(grammarPart, 1));
    for (let n = 2; n <= 6; n++) await ok('POST', '/admin/questions', question(grammarPart, n, ['draw-me']));
    const group = await ok('POST', '/admin/question-groups', {
      format_id: readingPart,
      title: 'Thông báo nghỉ lễ',
      passage: '<p>The office will be closed on Monday.</p>',
      questions: [question(readingPart, 7), question(readingPart, 8)].map(({ format_id: _, ...q }) => q),
    });

    let detail = await ok('PUT', `/admin/tests/${test.id}/sections/${grammar.id}/items`, {
      items: [{ question_id: q1.id }],
    });
    detail = await ok('POST', `/admin/tests/${test.id}/sections/${grammar.id}/draw`, {
      count: 2,
      tag: 'draw-me',
    });
    expect(detail.sections[0]).toMatchObject({ question_count: 3, complete: true });
    expect(detail.sections[0].items[0].question.id).toBe(q1.id);
    const tooMany = await api('POST', `/admin/tests/${test.id}/sections/${grammar.id}/draw`, {
      count: 10,
      tag: 'draw-me',
    });
    expect(tooMany.json().errors).toEqual({
      id: 'test.not_enough_questions',
      count: 'test.not_enough_questions',
    });
    expect(tooMany.json().message).toContain('Only 3');

    detail = await ok('PUT', `/admin/tests/${test.id}/sections/${reading.id}/items`, {
      items: [{ group_id: group.id }],
    });
    expect(detail).toMatchObject({ question_count: 5, required_count: 5 });

    const published = await ok('POST', `/admin/tests/${test.id}/publish`);
    expect(published).toMatchObject({
      status: 'published',
      published_version: 1,
      versions: [{ version: 1, question_count: 5 }],
    });

    // Editing the bank after publishing leaves the published version as it was.
    await ok('PUT', `/admin/questions/${q1.id}`, {
      ...question(grammarPart, 1),
      stem: '<p>Đã sửa sau khi xuất bản</p>',
    });
    const [version] = await harness.database.db
      .select()
      .from(testVersions)
      .where(eq(testVersions.testId, test.id));
    const snapshot = version!.snapshot as {
      sections: {
        items: { kind: string; question?: { stem: string }; group?: { questions: unknown[] } }[];
      }[];
      scoring: unknown[];
    };
    expect(snapshot.sections[0]!.items[0]!.question!.stem).toBe('<p>Câu hỏi số 1</p>');
    expect(snapshot.sections[1]!.items[0]!.group!.questions).toHaveLength(2);
    expect(snapshot.scoring).toEqual([
      expect.objectContaining({ section: 'reading', method: 'per_question' }),
    ]);

    const republished = await ok('POST', `/admin/tests/${test.id}/publish`);
    expect(republished.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    // Unpublishing takes it back to draft: the public catalogue no longer shows it; publishing again
    // makes a new version and it is back.
    const publicDetail = () =>
      harness.app.inject({ method: 'GET', url: `/api/public/tests/${republished.slug}` });
    expect((await publicDetail()).statusCode).toBe(200);
    const unpublished = await ok('POST', `/admin/tests/${test.id}/unpublish`);
    expect(unpublished).toMatchObject({ status: 'draft' });
    expect((await api('GET', `/admin/tests/${test.id}`)).json().result.status).toBe('draft');
    expect((await publicDetail()).statusCode).toBe(404);
    expect(
      (await api('POST', '/admin/tests/00000000-0000-4000-8000-000000000000/unpublish')).statusCode,
    ).toBe(404);
    const viewer = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await api('POST', `/admin/tests/${test.id}/unpublish`, undefined, viewer)).statusCode).toBe(403);
    const again = await ok('POST', `/admin/tests/${test.id}/publish`);
    expect(again.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await publicDetail()).statusCode).toBe(200);

    // Published tests are archived, not deleted; questions they use cannot be deleted.
    const deleted = await api('DELETE', `/admin/tests/${test.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().errors).toEqual({ id: 'test.published_cannot_delete' });
    const usedQuestion = await api('DELETE', `/admin/questions/${q1.id}`);
    expect(usedQuestion.statusCode).toBe(409);
    expect(usedQuestion.json().message).toContain('Used in 1 test');
    expect(usedQuestion.json().errors).toEqual({ id: 'question.used_in_tests' });
    const usedGroup = await api('DELETE', `/admin/question-groups/${group.id}`);
    expect(usedGroup.statusCode).toBe(409);
    expect(usedGroup.json().errors).toEqual({ id: 'question.used_in_tests' });
    // The part the test and its questions use cannot be deleted either.
    const usedPart = await api('DELETE', `/admin/formats/${grammarPart}`);
    expect(usedPart.statusCode).toBe(409);
    expect(usedPart.json()).toMatchObject({ key: 'CONFLICT', errors: { id: 'structure.part_in_use' } });
    expect((await ok('POST', `/admin/tests/${test.id}/archive`)).status).toBe('archived');
  });

  it('refuses items from another part, repeated items and changing the exam once filled', async () => {
    const test = await ok('POST', '/admin/tests', {
      exam_id: examId,
      title: 'Đề kiểm tra lỗi',
      duration_minutes: 15,
    });
    const [grammar, reading] = test.sections;
    const grammarQuestion = await ok('POST', '/admin/questions', question(grammarPart, 20));
    const wrongPart = await api('PUT', `/admin/tests/${test.id}/sections/${reading.id}/items`, {
      items: [{ question_id: grammarQuestion.id }],
    });
    expect(wrongPart.json().errors).toEqual({ 'items.0': 'test.item_not_in_part' });
    const twice = await api('PUT', `/admin/tests/${test.id}/sections/${grammar.id}/items`, {
      items: [{ question_id: grammarQuestion.id }, { question_id: grammarQuestion.id }],
    });
    expect(twice.json().errors).toEqual({ 'items.1': 'test.item_repeated' });
    await ok('PUT', `/admin/tests/${test.id}/sections/${grammar.id}/items`, {
      items: [{ question_id: grammarQuestion.id }],
    });
    const toeic = (await api('GET', '/admin/categories?search=TOEIC')).json().result.items[0];
    const toeicExam = (await api('GET', `/admin/categories/${toeic.id}`)).json().result.exams[0];
    const moved = await api('PUT', `/admin/tests/${test.id}`, {
      exam_id: toeicExam.id,
      title: 'Đề kiểm tra lỗi',
      duration_minutes: 15,
    });
    expect(moved.json().errors).toEqual({ exam_id: 'test.exam_locked' });
    expect(
      (
        await api('PUT', `/admin/tests/${test.id}/sections/00000000-0000-4000-8000-000000000000/items`, {
          items: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/admin/tests/${test.id}`)).statusCode).toBe(200);
  });

  it('lists tests with filters and keeps slugs unique', async () => {
    await ok('POST', '/admin/tests', { exam_id: examId, title: 'Đề trùng tên', duration_minutes: 10 });
    const clash = await api('POST', '/admin/tests', {
      exam_id: examId,
      title: 'Đề trùng tên',
      duration_minutes: 10,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ slug: 'test.slug_taken' });
    const list = (await api('GET', `/admin/tests?exam_id=${examId}&status=draft&search=trùng`)).json().result;
    expect(list.items.map((t: { title: string }) => t.title)).toEqual(['Đề trùng tên']);
    const invalid = await api('POST', '/admin/tests', { exam_id: examId, title: '', duration_minutes: 0 });
    expect(invalid.json().errors).toEqual({
      title: 'common.required_field',
      duration_minutes: 'common.invalid_field',
    });
  });

  it('lets staff with view_test read tests but not change them', async () => {
    const staff = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_test', 'view_category'],
    });
    const asStaff = await authHeader(harness.app, staff, 'admin');
    expect((await api('GET', '/admin/tests', undefined, asStaff)).statusCode).toBe(200);
    expect(
      (await api('POST', '/admin/tests', { exam_id: examId, title: 'Không', duration_minutes: 5 }, asStaff))
        .statusCode,
    ).toBe(403);
  });

  it('packs (with their prices) need view/create/update/delete_pack', async () => {
    const pack = await ok('POST', '/admin/packs', {
      name: 'Gói chỉ xem',
      price_vnd: 99000,
      validity_days: 30,
    });
    const viewer = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_pack'] }),
      'admin',
    );
    const noPack = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] }),
      'admin',
    );
    expect((await api('GET', '/admin/packs', undefined, noPack)).statusCode).toBe(403);
    expect((await api('GET', `/admin/packs/${pack.id}`, undefined, viewer)).statusCode).toBe(200);
    const body = { name: 'Gói giảm giá', price_vnd: 1000, validity_days: 30 };
    expect((await api('POST', '/admin/packs', body, viewer)).statusCode).toBe(403);
    expect((await api('PUT', `/admin/packs/${pack.id}`, body, viewer)).statusCode).toBe(403);
    expect((await api('DELETE', `/admin/packs/${pack.id}`, undefined, viewer)).statusCode).toBe(403);
    const after = (await api('GET', `/admin/packs/${pack.id}`)).json().result;
    expect(after).toMatchObject({ name: 'Gói chỉ xem', price_vnd: 99000 });
  });
});

describe('packs', () => {
  it('bundles tests with a price and validity, and a test in a pack cannot be deleted', async () => {
    const level = await ok('POST', '/admin/levels', { code: 'PK-B2', name: 'Trung cao cấp (gói)' });
    const test = await ok('POST', '/admin/tests', {
      exam_id: examId,
      level_id: level.id,
      title: 'Đề trong gói',
      duration_minutes: 10,
      access: 'pack',
    });
    expect(test.level_id).toBe(level.id);
    // The test's level cannot be deleted while the test uses it.
    const levelRefused = await api('DELETE', `/admin/levels/${level.id}`);
    expect(levelRefused.statusCode).toBe(409);
    expect(levelRefused.json().errors).toEqual({ id: 'structure.level_in_use' });
    const pack = await ok('POST', '/admin/packs', {
      name: 'Gói luyện đề TOEIC 650+',
      price_vnd: 199000,
      validity_days: 90,
      test_ids: [test.id],
    });
    expect(pack).toMatchObject({
      slug: 'goi-luyen-de-toeic-650',
      price_vnd: 199000,
      tests: [{ id: test.id, title: 'Đề trong gói' }],
    });
    expect((await api('GET', `/admin/tests/${test.id}`)).json().result.packs).toEqual([
      { id: pack.id, name: 'Gói luyện đề TOEIC 650+' },
    ]);
    const inPack = (await api('DELETE', `/admin/tests/${test.id}`)).json();
    expect(inPack.message).toContain('1 pack');
    expect(inPack.errors).toEqual({ id: 'test.in_packs' });
    const invalid = await api('POST', '/admin/packs', {
      name: 'Lỗi',
      price_vnd: -1,
      validity_days: 0,
      test_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(invalid.json().errors).toEqual({
      price_vnd: 'common.invalid_field',
      validity_days: 'common.invalid_field',
    });
    const unknownTest = await api('POST', '/admin/packs', {
      name: 'Lỗi',
      price_vnd: 1,
      validity_days: 1,
      test_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownTest.json().errors).toEqual({ test_ids: 'common.invalid_field' });
    // A pack that still holds tests is not deleted: the tests come out first.
    const holding = await api('DELETE', `/admin/packs/${pack.id}`);
    expect(holding.statusCode).toBe(409);
    expect(holding.json()).toMatchObject({ key: 'CONFLICT', errors: { id: 'test.pack_has_tests' } });
    expect(holding.json().message).toContain('1 test');
    expect((await api('GET', `/admin/packs/${pack.id}`)).json().result.tests).toHaveLength(1);
    const updated = await ok('PUT', `/admin/packs/${pack.id}`, {
      name: 'Gói luyện đề TOEIC 650+',
      price_vnd: 149000,
      validity_days: 60,
      status: 'published',
      test_ids: [],
    });
    expect(updated).toMatchObject({ price_vnd: 149000, status: 'published', tests: [] });
    expect((await api('DELETE', `/admin/packs/${pack.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/packs/${pack.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/admin/packs/${pack.id}`)).statusCode).toBe(404);
  });
});
