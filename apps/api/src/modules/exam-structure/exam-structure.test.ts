import { convertRawScore } from '@prepwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
});
afterAll(() => harness.close());

const api = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = asAdmin,
) => harness.app.inject({ method, url: `/api${url}`, headers, payload });
const created = async (url: string, payload: object) => {
  const response = await api('POST', url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
};

describe('levels', () => {
  it('creates, lists in order, updates and deletes levels; codes are unique', async () => {
    const b1 = await created('/admin/levels', { code: 'T-B1', name: 'Trung cấp', position: 3 });
    await created('/admin/levels', { code: 'T-A2', name: 'Cơ bản', position: 2 });
    const list = (await api('GET', '/admin/levels?search=T-')).json().result;
    expect(list.items.map((l: { code: string }) => l.code)).toEqual(['T-A2', 'T-B1']);
    const duplicate = await api('POST', '/admin/levels', { code: 'T-B1', name: 'Lặp' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ code: 'structure.code_taken' });
    const updated = (
      await api('PUT', `/admin/levels/${b1.id}`, {
        code: 'T-B1',
        name: 'B1 – Trung cấp',
        description: 'Mô tả',
      })
    ).json();
    expect(updated.result).toMatchObject({ name: 'B1 – Trung cấp', description: 'Mô tả', position: 0 });
    expect((await api('DELETE', `/admin/levels/${b1.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/levels/${b1.id}`)).statusCode).toBe(404);
  });
});

describe('question types', () => {
  it('keeps essays manually graded and refuses deleting a type a part allows', async () => {
    const mismatch = await api('POST', '/admin/question-types', {
      name: 'Viết luận',
      answer_kind: 'essay',
      scoring_rule: 'partial',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ scoring_rule: 'structure.essay_is_manual' });
    const type = await created('/admin/question-types', {
      name: 'Chọn một (thử)',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    const category = await created('/admin/categories', { name: 'VSTEP thử' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'VSTEP Reading' });
    await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Bài 1',
      skill: 'reading',
      question_count: 10,
      score_section: 'reading',
      allowed_question_type_ids: [type.id],
    });
    const refused = await api('DELETE', `/admin/question-types/${type.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('1 exam part');
    expect(refused.json().errors).toEqual({ id: 'structure.question_type_in_use' });
    expect((await api('GET', `/admin/question-types/${type.id}`)).json().result.format_count).toBe(1);
  });

  it('keeps the answer kind of a type questions use, naming how many (issue 26)', async () => {
    const essay = { name: 'Bài luận (thử)', answer_kind: 'essay', scoring_rule: 'manual' };
    const type = await created('/admin/question-types', essay);
    const category = await created('/admin/categories', { name: 'Viết thử' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'Writing thử' });
    const part = await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Task 2',
      skill: 'writing',
      question_count: 2,
      score_section: 'writing',
      allowed_question_type_ids: [type.id],
    });
    // Unused, its kind may still change (and back).
    const choice = { ...essay, answer_kind: 'single_choice', scoring_rule: 'all_or_nothing' };
    expect((await api('PUT', `/admin/question-types/${type.id}`, choice)).statusCode).toBe(200);
    expect((await api('PUT', `/admin/question-types/${type.id}`, essay)).statusCode).toBe(200);
    for (const topic of ['your town', 'your school'])
      await created('/admin/questions', {
        format_id: part.id,
        question_type_id: type.id,
        stem: `<p>Write about ${topic}.</p>`,
        answer: { guidance: 'Two paragraphs.' },
      });
    const refused = await api('PUT', `/admin/question-types/${type.id}`, choice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'CONFLICT',
      errors: { id: 'structure.answer_kind_in_use' },
      params: { count: 2 },
    });
    expect((await api('GET', `/admin/question-types/${type.id}`)).json().result.answer_kind).toBe('essay');
    // Its name and description still change.
    const renamed = await api('PUT', `/admin/question-types/${type.id}`, { ...essay, name: 'Bài luận' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('categories, exams and parts', () => {
  it('builds a category with an exam and its parts, and reads them back in order', async () => {
    const category = await created('/admin/categories', {
      name: 'Tiếng Anh Học Thuật',
      description: 'Thử nghiệm',
    });
    expect(category).toMatchObject({ slug: 'tieng-anh-hoc-thuat', exam_count: 0 });
    const exam = await created(`/admin/categories/${category.id}/exams`, {
      name: 'Listening Test',
      duration_minutes: 30,
    });
    expect(exam).toMatchObject({
      slug: 'listening-test',
      duration_minutes: 30,
      formats: [],
      question_count: 0,
    });
    const second = await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Section 2',
      position: 2,
      skill: 'listening',
      question_count: 10,
      score_section: 'listening',
      audio_policy: 'play_once',
    });
    await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Section 1',
      position: 1,
      skill: 'listening',
      question_count: 10,
      score_section: 'listening',
      instructions_vi: '<p>Nghe và trả lời.</p>',
    });
    const detail = (await api('GET', `/admin/categories/${category.id}`)).json().result;
    expect(detail.exam_count).toBe(1);
    expect(detail.exams[0].formats.map((f: { name: string }) => f.name)).toEqual(['Section 1', 'Section 2']);
    expect(detail.exams[0]).toMatchObject({ question_count: 20, sections: ['listening'] });
    const updated = await api('PUT', `/admin/formats/${second.id}`, {
      name: 'Section 2 (sửa)',
      skill: 'listening',
      question_count: 12,
      score_section: 'listening',
    });
    expect(updated.json().result).toMatchObject({
      name: 'Section 2 (sửa)',
      question_count: 12,
      audio_policy: 'none',
    });
  });

  it('refuses deleting a category with exams and an exam with parts, and says why', async () => {
    const category = await created('/admin/categories', { name: 'Cambridge thử' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'B2 First Reading' });
    const part = await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Part 1',
      skill: 'reading',
      question_count: 8,
      score_section: 'reading',
    });
    const categoryRefused = await api('DELETE', `/admin/categories/${category.id}`);
    expect(categoryRefused.statusCode).toBe(409);
    expect(categoryRefused.json().message).toContain('1 exam');
    expect(categoryRefused.json().errors).toEqual({ id: 'structure.category_has_exams' });
    const examRefused = (await api('DELETE', `/admin/exams/${exam.id}`)).json();
    expect(examRefused.message).toContain('1 part');
    expect(examRefused.errors).toEqual({ id: 'structure.exam_has_parts' });
    expect((await api('DELETE', `/admin/formats/${part.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/admin/exams/${exam.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/admin/categories/${category.id}`)).statusCode).toBe(200);
  });

  it('names invalid fields, taken slugs and unknown question types', async () => {
    const invalid = await api('POST', '/admin/categories', { name: '', slug: 'Có Dấu' });
    expect(invalid.json().errors).toEqual({ name: 'common.required_field', slug: 'common.invalid_slug' });
    await created('/admin/categories', { name: 'Trùng slug', slug: 'trung-slug' });
    expect(
      (await api('POST', '/admin/categories', { name: 'Khác', slug: 'trung-slug' })).json().errors,
    ).toEqual({
      slug: 'structure.slug_taken',
    });
    const category = await created('/admin/categories', { name: 'Loại khác' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'Kỳ thi' });
    const part = await api('POST', `/admin/exams/${exam.id}/formats`, {
      name: 'P',
      skill: 'reading',
      question_count: 0,
      score_section: 'Reading Section',
      allowed_question_type_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(part.json().errors).toMatchObject({
      question_count: 'common.invalid_field',
      score_section: 'common.invalid_field',
    });
    const unknownType = await api('POST', `/admin/exams/${exam.id}/formats`, {
      name: 'P',
      skill: 'reading',
      question_count: 5,
      score_section: 'reading',
      allowed_question_type_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownType.json().errors).toEqual({
      allowed_question_type_ids: 'structure.unknown_question_type',
    });
    expect(
      (await api('POST', '/admin/categories/00000000-0000-4000-8000-000000000000/exams', { name: 'X' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('point configs', () => {
  it('stores a conversion table sorted, and checks it rises', async () => {
    const category = await created('/admin/categories', { name: 'Điểm thử' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'Kỳ thi điểm' });
    const config = await created('/admin/point-configs', {
      exam_id: exam.id,
      name: 'Quy đổi đọc',
      section: 'reading',
      method: 'table',
      table: [
        { raw: 10, score: 50 },
        { raw: 0, score: 0 },
        { raw: 20, score: 100 },
      ],
      is_estimate: true,
    });
    expect(config.table.map((row: { raw: number }) => row.raw)).toEqual([0, 10, 20]);
    expect(config.exam_name).toBe('Kỳ thi điểm');
    const falling = await api('POST', '/admin/point-configs', {
      exam_id: exam.id,
      name: 'Sai',
      section: 'reading',
      method: 'table',
      table: [
        { raw: 0, score: 10 },
        { raw: 5, score: 5 },
      ],
    });
    expect(falling.json().errors).toEqual({ table: 'structure.table_not_increasing' });
    const perQuestion = await api('POST', '/admin/point-configs', {
      exam_id: exam.id,
      name: 'Mỗi câu',
      section: 'reading',
      method: 'per_question',
    });
    expect(perQuestion.json().errors).toEqual({ points_per_question: 'structure.points_required' });
    const unknownExam = await api('POST', '/admin/point-configs', {
      exam_id: '00000000-0000-4000-8000-000000000000',
      name: 'X',
      section: 'reading',
      method: 'per_question',
      points_per_question: 1,
    });
    expect(unknownExam.json().errors).toEqual({ exam_id: 'common.invalid_field' });
    const filtered = (await api('GET', `/admin/point-configs?exam_id=${exam.id}`)).json().result;
    expect(filtered.total).toBe(1);
  });

  it('refuses a conversion table that does not cover every count of correct answers of the section', async () => {
    const category = await created('/admin/categories', { name: 'Điểm phủ' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'Kỳ thi phủ' });
    await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Đọc ngắn',
      skill: 'reading',
      question_count: 3,
      score_section: 'reading',
    });
    const body = (table: { raw: number; score: number }[]) => ({
      exam_id: exam.id,
      name: 'Đọc 3 câu',
      section: 'reading',
      method: 'table',
      table,
    });
    const onlyZero = await api('POST', '/admin/point-configs', body([{ raw: 0, score: 0 }]));
    expect(onlyZero.statusCode).toBe(422);
    expect(onlyZero.json().errors).toEqual({ table: 'structure.table_incomplete' });
    const beyond = await api(
      'POST',
      '/admin/point-configs',
      body([
        { raw: 0, score: 0 },
        { raw: 3, score: 9 },
        { raw: 4, score: 10 },
      ]),
    );
    expect(beyond.json().errors).toEqual({ table: 'structure.table_incomplete' });
    const covered = await created(
      '/admin/point-configs',
      body([
        { raw: 0, score: 0 },
        { raw: 2, score: 5 },
        { raw: 3, score: 9 },
      ]),
    );
    expect(covered.table).toHaveLength(3);
    // An edit is checked the same way.
    const shrunk = await api('PUT', `/admin/point-configs/${covered.id}`, body([{ raw: 0, score: 0 }]));
    expect(shrunk.statusCode).toBe(422);
    expect(shrunk.json().errors).toEqual({ table: 'structure.table_incomplete' });
  });

  it('refuses deleting the configuration a test is scored by, and lets the others go', async () => {
    const category = await created('/admin/categories', { name: 'Điểm đang dùng' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'Kỳ thi chấm điểm' });
    await created(`/admin/exams/${exam.id}/formats`, {
      name: 'Đọc',
      skill: 'reading',
      question_count: 5,
      score_section: 'reading',
    });
    const config = (name: string, section: string) =>
      created('/admin/point-configs', {
        exam_id: exam.id,
        name,
        section,
        method: 'per_question',
        points_per_question: 2,
      });
    const reading = await config('Đọc: 2 điểm mỗi câu', 'reading');
    const laterReading = await config('Đọc: bản sau', 'reading');
    const speaking = await config('Nói', 'speaking');
    const test = await created('/admin/tests', {
      exam_id: exam.id,
      title: 'Đề chấm theo cấu hình',
      duration_minutes: 20,
    });

    // The test's reading part is scored by the oldest reading configuration of the exam.
    const refused = await api('DELETE', `/admin/point-configs/${reading.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'CONFLICT',
      errors: { id: 'structure.point_config_in_use' },
    });
    expect(refused.json().message).toContain('1 test');
    expect((await api('GET', `/admin/point-configs/${reading.id}`)).statusCode).toBe(200);
    // A configuration no test is scored by goes: a later duplicate of the section, or a section no part has.
    expect((await api('DELETE', `/admin/point-configs/${laterReading.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/admin/point-configs/${speaking.id}`)).statusCode).toBe(200);
    // Once the test is gone, so may the configuration be.
    expect((await api('DELETE', `/admin/tests/${test.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/admin/point-configs/${reading.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/point-configs/${reading.id}`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets staff with view_test and view_category read categories but not change them, nor see levels', async () => {
    const staff = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_test', 'view_category'],
    });
    const asStaff = await authHeader(harness.app, staff, 'admin');
    expect((await api('GET', '/admin/categories', undefined, asStaff)).statusCode).toBe(200);
    const create = await api('POST', '/admin/categories', { name: 'Không được' }, asStaff);
    expect(create.statusCode).toBe(403);
    expect((await api('GET', '/admin/levels', undefined, asStaff)).statusCode).toBe(403);
    expect((await api('GET', '/admin/point-configs', undefined, asStaff)).statusCode).toBe(403);
    expect((await api('GET', '/admin/categories', undefined, {})).statusCode).toBe(401);
  });
});

describe('seeded structure', () => {
  it('holds CEFR levels, every answer kind, TOEIC L&R with 200 questions and IELTS Reading with 40', async () => {
    await seedDatabase(harness.database.db, {
      demo: false,
      steps: [examStructureStep],
      context: { storage: harness.app.storage },
    });
    const levels = (await api('GET', '/admin/levels?pageSize=100'))
      .json()
      .result.items.map((l: { code: string }) => l.code);
    expect(levels).toEqual(expect.arrayContaining(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']));
    const types = (await api('GET', '/admin/question-types?pageSize=100')).json().result.items;
    expect(new Set(types.map((t: { answer_kind: string }) => t.answer_kind)).size).toBe(8);
    const categories = (await api('GET', '/admin/categories?pageSize=100')).json().result.items;
    const toeic = (
      await api('GET', `/admin/categories/${categories.find((c: { slug: string }) => c.slug === 'toeic').id}`)
    ).json().result;
    expect(toeic.exams[0]).toMatchObject({
      name: 'TOEIC Listening & Reading',
      question_count: 200,
      sections: ['listening', 'reading'],
    });
    expect(toeic.exams[0].formats).toHaveLength(7);
    const ielts = (
      await api('GET', `/admin/categories/${categories.find((c: { slug: string }) => c.slug === 'ielts').id}`)
    ).json().result;
    expect(ielts.exams[0]).toMatchObject({ question_count: 40 });

    const configs = (await api('GET', '/admin/point-configs?pageSize=100')).json().result.items;
    const listening = configs.find((c: { name: string }) => c.name.startsWith('TOEIC Listening'));
    expect(listening.is_estimate).toBe(true);
    expect(convertRawScore(listening.table, 0)).toBe(5);
    expect(convertRawScore(listening.table, 100)).toBe(495);
    const band = configs.find((c: { name: string }) => c.name.startsWith('IELTS'));
    expect(convertRawScore(band.table, 30)).toBe(7);
    expect(convertRawScore(band.table, 40)).toBe(9);
    // Seeding again changes nothing.
    await seedDatabase(harness.database.db, {
      demo: false,
      steps: [{ ...examStructureStep, version: '1-again' }],
      context: { storage: harness.app.storage },
    });
    expect((await api('GET', '/admin/point-configs?pageSize=100')).json().result.total).toBe(configs.length);
  });
});

describe('updates and deletes (issue 13: every admin update and delete has a test)', () => {
  it('updates a category, an exam and a question type, refuses an invalid update, then deletes them', async () => {
    const category = await created('/admin/categories', { name: 'Cập nhật thử' });
    const exam = await created(`/admin/categories/${category.id}/exams`, { name: 'Bài thi cập nhật' });
    const type = await created('/admin/question-types', {
      name: 'Kiểu cập nhật',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });

    const category2 = await api('PUT', `/admin/categories/${category.id}`, {
      name: 'Danh mục đã đổi',
      slug: 'danh-muc-da-doi',
      description: 'Mô tả mới',
    });
    expect(category2.statusCode, category2.body).toBe(200);
    expect(category2.json().result).toMatchObject({ name: 'Danh mục đã đổi', slug: 'danh-muc-da-doi' });
    expect((await api('GET', `/admin/categories/${category.id}`)).json().result.description).toBe(
      'Mô tả mới',
    );
    const badCategory = await api('PUT', `/admin/categories/${category.id}`, { name: '', slug: 'Có Dấu' });
    expect(badCategory.statusCode).toBe(422);
    expect(Object.keys(badCategory.json().errors)).toEqual(expect.arrayContaining(['name', 'slug']));

    const exam2 = await api('PUT', `/admin/exams/${exam.id}`, {
      name: 'Bài thi đã đổi',
      duration_minutes: 45,
    });
    expect(exam2.statusCode, exam2.body).toBe(200);
    expect(exam2.json().result).toMatchObject({ name: 'Bài thi đã đổi', duration_minutes: 45 });
    expect((await api('GET', `/admin/exams/${exam.id}`)).json().result.name).toBe('Bài thi đã đổi');
    expect(
      (await api('PUT', `/admin/exams/${exam.id}`, { name: 'x', duration_minutes: -1 })).statusCode,
    ).toBe(422);

    const type2 = await api('PUT', `/admin/question-types/${type.id}`, {
      name: 'Kiểu đã đổi',
      answer_kind: 'multiple_choice',
      scoring_rule: 'partial',
    });
    expect(type2.statusCode, type2.body).toBe(200);
    expect(type2.json().result).toMatchObject({ name: 'Kiểu đã đổi', answer_kind: 'multiple_choice' });
    const essay = await api('PUT', `/admin/question-types/${type.id}`, {
      name: 'Kiểu đã đổi',
      answer_kind: 'essay',
      scoring_rule: 'partial',
    });
    expect(essay.json().errors).toEqual({ scoring_rule: 'structure.essay_is_manual' });

    // Another row's id answers 404 for updates and deletes alike.
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['categories', 'exams', 'question-types']) {
      expect(
        (
          await api('PUT', `/admin/${path}/${unknown}`, {
            name: 'x',
            answer_kind: 'single_choice',
            scoring_rule: 'all_or_nothing',
          })
        ).statusCode,
      ).toBe(404);
      expect((await api('DELETE', `/admin/${path}/${unknown}`)).statusCode).toBe(404);
    }

    expect((await api('DELETE', `/admin/question-types/${type.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/question-types/${type.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/admin/exams/${exam.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/exams/${exam.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/admin/categories/${category.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/categories/${category.id}`)).statusCode).toBe(404);
  });
});
