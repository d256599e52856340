import type {
  AttemptResult,
  CatalogueFilters,
  CatalogueItem,
  HistoryItem,
  Page,
  Paper,
} from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { categories, examFormats, exams } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { englishNamesStep } from '../../seed/english-names';
import { examStructureStep } from '../../seed/exam-structure';
import { createExam, createPublishedTest, platformLevel } from '../catalogue/catalogue.fixtures';

/**
 * English names (issue 14): levels, categories, exams, parts (`name_en`) and tests (`title_en`) are written in
 * both back offices and reach every learner-facing answer, falling back to null (the Vietnamese name).
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let adminId: string;
let centre: TestOrganization;
let other: TestOrganization;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const { call, ok } = apiClient(() => harness.app);
async function refused(method: Method, url: string, headers: Record<string, string>, payload: object) {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as Record<string, string>;
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.database.db;
  await seedDatabase(db, {
    demo: false,
    steps: [examStructureStep, englishNamesStep],
    context: { storage: harness.app.storage },
  });
  const admin = await createAccount(db, { scope: 'admin', isAdmin: true });
  adminId = admin.id;
  asAdmin = await authHeader(harness.app, admin, 'admin');
  centre = await createOrganization(harness.app, { name: 'Trung tâm Ánh Dương' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Sao Mai' });
}, 60_000);
afterAll(() => harness?.close());

describe('authoring English names', () => {
  it('the admin writes, changes and clears the English names of a level, category, exam and part', async () => {
    const level = await ok('POST', '/admin/levels', asAdmin, {
      code: 'EN-B1',
      name: 'Trung cấp (thử)',
      name_en: '  Intermediate (trial) ',
    });
    expect(level.name_en).toBe('Intermediate (trial)');
    const cleared = await ok('PUT', `/admin/levels/${level.id}`, asAdmin, {
      code: 'EN-B1',
      name: 'Trung cấp (thử)',
      name_en: '',
    });
    expect(cleared.name_en).toBeNull();

    const category = await ok('POST', '/admin/categories', asAdmin, {
      name: 'Kỳ thi thử',
      name_en: 'Trial exams',
    });
    expect(category.name_en).toBe('Trial exams');
    const exam = await ok('POST', `/admin/categories/${category.id}/exams`, asAdmin, {
      name: 'Đọc hiểu thử',
      name_en: 'Trial reading',
    });
    expect(exam.name_en).toBe('Trial reading');
    const part = await ok('POST', `/admin/exams/${exam.id}/formats`, asAdmin, {
      name: 'Phần 1 – Đọc đoạn văn',
      name_en: 'Part 1 – Reading a text',
      skill: 'reading',
      question_count: 2,
      score_section: 'reading',
    });
    expect(part.name_en).toBe('Part 1 – Reading a text');
    const renamed = await ok('PUT', `/admin/formats/${part.id}`, asAdmin, {
      name: 'Phần 1 – Đọc đoạn văn',
      name_en: 'Part 1 – Short texts',
      skill: 'reading',
      question_count: 2,
      score_section: 'reading',
    });
    expect(renamed.name_en).toBe('Part 1 – Short texts');
    const detail = await ok<{
      name_en: string;
      exams: { name_en: string; formats: { name_en: string }[] }[];
    }>('GET', `/admin/categories/${category.id}`, asAdmin);
    expect(detail.name_en).toBe('Trial exams');
    expect(detail.exams[0]?.name_en).toBe('Trial reading');
    expect(detail.exams[0]?.formats[0]?.name_en).toBe('Part 1 – Short texts');
  });

  it('the admin and an organization write, change and clear the English name of a question type', async () => {
    const type = await ok('POST', '/admin/question-types', asAdmin, {
      name: 'Chọn tiêu đề đoạn',
      name_en: '  Matching headings ',
      answer_kind: 'matching',
      scoring_rule: 'partial',
    });
    expect(type.name_en).toBe('Matching headings');
    expect((await ok('GET', `/admin/question-types/${type.id}`, asAdmin)).name_en).toBe('Matching headings');
    const listed = await ok<{ items: { id: string; name_en: string | null }[] }>(
      'GET',
      '/admin/question-types?search=headings',
      asAdmin,
    );
    expect(listed.items.map((item) => item.id)).toEqual([type.id]);
    const cleared = await ok('PUT', `/admin/question-types/${type.id}`, asAdmin, {
      name: 'Chọn tiêu đề đoạn',
      name_en: '',
      answer_kind: 'matching',
      scoring_rule: 'partial',
    });
    expect(cleared.name_en).toBeNull();
    // The platform's seeded types are named in English (the english-names seed step).
    const platform = await ok<{ items: { name: string; name_en: string | null }[] }>(
      'GET',
      '/admin/question-types?pageSize=100',
      asAdmin,
    );
    expect(platform.items.find((item) => item.name === 'Trắc nghiệm một đáp án')?.name_en).toBe(
      'Single choice',
    );

    const own = await ok('POST', '/educator/question-types', centre.asOwner, {
      name: 'Viết lại câu',
      name_en: 'Sentence transformation',
      answer_kind: 'short_answer',
      scoring_rule: 'all_or_nothing',
    });
    expect(own.name_en).toBe('Sentence transformation');
    const renamed = await ok('PUT', `/educator/question-types/${own.id}`, centre.asOwner, {
      name: 'Viết lại câu',
      name_en: 'Rewriting sentences',
      answer_kind: 'short_answer',
      scoring_rule: 'all_or_nothing',
    });
    expect(renamed.name_en).toBe('Rewriting sentences');
    expect((await call('GET', `/educator/question-types/${own.id}`, other.asOwner)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/educator/question-types/${own.id}`, other.asOwner, {
          name: 'Viết lại câu',
          name_en: 'Taken over',
          answer_kind: 'short_answer',
          scoring_rule: 'all_or_nothing',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an English name that is too long or not text, naming the field, in both scopes', async () => {
    const long = 'x'.repeat(121);
    expect(
      await refused('POST', '/admin/levels', asAdmin, { code: 'EN-X', name: 'X', name_en: long }),
    ).toEqual({
      name_en: 'common.max_length',
    });
    expect(
      await refused('POST', '/educator/levels', centre.asOwner, { code: 'EN-X', name: 'X', name_en: long }),
    ).toEqual({ name_en: 'common.max_length' });
    expect(await refused('POST', '/admin/categories', asAdmin, { name: 'X', name_en: long })).toEqual({
      name_en: 'common.max_length',
    });
    expect(
      Object.keys(await refused('POST', '/educator/categories', centre.asOwner, { name: 'X', name_en: 7 })),
    ).toEqual(['name_en']);
    const typeBody = { name: 'X', answer_kind: 'single_choice', scoring_rule: 'all_or_nothing' };
    expect(
      await refused('POST', '/admin/question-types', asAdmin, { ...typeBody, name_en: 'z'.repeat(81) }),
    ).toEqual({ name_en: 'common.max_length' });
    expect(
      Object.keys(
        await refused('POST', '/educator/question-types', centre.asOwner, { ...typeBody, name_en: ['x'] }),
      ),
    ).toEqual(['name_en']);
    const [grammar] = await harness.database.db.select().from(exams).where(eq(exams.slug, 'grammar-writing'));
    const testBody = { exam_id: grammar!.id, title: 'Đề thử', duration_minutes: 30 };
    expect(
      await refused('POST', '/admin/tests', asAdmin, { ...testBody, title_en: 'y'.repeat(201) }),
    ).toEqual({
      title_en: 'common.max_length',
    });
    expect(
      await refused('POST', '/educator/tests', centre.asOwner, { ...testBody, title_en: 'y'.repeat(201) }),
    ).toEqual({ title_en: 'common.max_length' });
  });

  it('an organization names its own level, category and test in English; another organization cannot see them', async () => {
    const level = await ok('POST', '/educator/levels', centre.asOwner, {
      code: 'LOP-1',
      name: 'Lớp nền tảng',
      name_en: 'Foundation class',
    });
    expect((await ok('GET', `/educator/levels/${level.id}`, centre.asOwner)).name_en).toBe(
      'Foundation class',
    );
    expect((await call('GET', `/educator/levels/${level.id}`, other.asOwner)).statusCode).toBe(404);

    const category = await ok('POST', '/educator/categories', centre.asOwner, {
      name: 'Kiểm tra nội bộ',
      name_en: 'In-house checks',
    });
    expect(category.name_en).toBe('In-house checks');

    const [grammar] = await harness.database.db.select().from(exams).where(eq(exams.slug, 'grammar-writing'));
    const test = await ok('POST', '/educator/tests', centre.asOwner, {
      exam_id: grammar!.id,
      title: 'Kiểm tra giữa kỳ',
      title_en: 'Mid-term check',
      duration_minutes: 30,
    });
    expect(test.title_en).toBe('Mid-term check');
    const updated = await ok('PUT', `/educator/tests/${test.id}`, centre.asOwner, {
      exam_id: grammar!.id,
      title: 'Kiểm tra giữa kỳ',
      title_en: 'Mid-term test',
      duration_minutes: 30,
    });
    expect(updated.title_en).toBe('Mid-term test');
    const list = await ok<{ items: { id: string; title_en: string | null }[] }>(
      'GET',
      '/educator/tests',
      centre.asOwner,
    );
    expect(list.items.find((item) => item.id === test.id)?.title_en).toBe('Mid-term test');
    expect((await call('GET', `/educator/tests/${test.id}`, other.asOwner)).statusCode).toBe(404);
  });
});

describe('what learners read', () => {
  it('the catalogue, its filters, a test, the paper, the result and the history carry the English names', async () => {
    const db = harness.database.db;
    const exam = await createExam(db);
    await db.update(categories).set({ nameEn: 'Mock exams' }).where(eq(categories.id, exam.categoryId));
    await db.update(exams).set({ nameEn: 'Mini Reading (EN)' }).where(eq(exams.id, exam.examId));
    await db
      .update(examFormats)
      .set({ nameEn: 'Part A – Grammar' })
      .where(eq(examFormats.id, exam.formats[0]!.id));
    // Part B has no English name: learners read its Vietnamese one.
    const b1 = await platformLevel(db, 'B1');
    const test = await createPublishedTest(db, exam, {
      title: 'Đề đọc hiểu số 1',
      titleEn: 'Reading test 1',
      authorId: adminId,
      levelId: b1.id,
    });

    const visitor = {};
    const page = await ok<Page<CatalogueItem>>('GET', `/public/tests?category=${exam.categorySlug}`, visitor);
    expect(page.items[0]).toMatchObject({
      title: 'Đề đọc hiểu số 1',
      title_en: 'Reading test 1',
      category: { name_en: 'Mock exams' },
      exam: { name: 'Mini Reading', name_en: 'Mini Reading (EN)' },
      level: { code: 'B1', name: 'B1 – Trung cấp', name_en: 'B1 – Intermediate' },
    });
    const filters = await ok<CatalogueFilters>('GET', '/public/test-filters', visitor);
    expect(filters.categories.find((category) => category.slug === exam.categorySlug)).toMatchObject({
      name_en: 'Mock exams',
      exams: [{ id: exam.examId, name_en: 'Mini Reading (EN)' }],
    });
    expect(filters.levels.find((level) => level.code === 'B1')?.name_en).toBe('B1 – Intermediate');
    const detail = await ok<{ sections: { name: string; name_en: string | null }[] }>(
      'GET',
      `/public/tests/${test.slug}`,
      visitor,
    );
    expect(detail.sections.map((section) => section.name_en)).toEqual(['Part A – Grammar', null]);

    const learner = await authHeader(harness.app, await createAccount(db, { fullName: 'Lê Thu Hà' }));
    const started = await call('POST', `/user/tests/${test.slug}/attempts`, learner, { mode: 'full' });
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = started.json().result.id as string;
    const paper = await ok<Paper>('GET', `/user/attempts/${attemptId}`, learner);
    expect(paper.test).toMatchObject({ title_en: 'Reading test 1', exam: { name_en: 'Mini Reading (EN)' } });
    expect(paper.sections.map((section) => section.name_en)).toEqual(['Part A – Grammar', null]);
    const result = await ok<AttemptResult>('POST', `/user/attempts/${attemptId}/submit`, learner, {
      answers: [],
    });
    expect(result.parts.map((part) => part.name_en)).toEqual(['Part A – Grammar', null]);
    expect(result.review.map((part) => part.name_en)).toEqual(['Part A – Grammar', null]);
    // The breakdown names the platform's question type in English too.
    expect(
      result.breakdown
        .filter((row) => row.dimension === 'question_type')
        .map((row) => [row.name, row.name_en]),
    ).toEqual([['Trắc nghiệm một đáp án', 'Single choice']]);
    const history = await ok<Page<HistoryItem>>('GET', '/user/test-history', learner);
    expect(history.items[0]).toMatchObject({
      test: { title_en: 'Reading test 1', exam: { name_en: 'Mini Reading (EN)' } },
      latest_attempt: {
        parts: ['Part A – Ngữ pháp', 'Part B – Đọc hiểu'],
        parts_en: ['Part A – Grammar', null],
      },
    });
  });

  it('a version published before its names were written in English shows the current English names', async () => {
    const db = harness.database.db;
    const exam = await createExam(db);
    const test = await createPublishedTest(db, exam, { title: 'Đề cũ', authorId: adminId });
    // Written after publishing: the version froze no English names.
    await db
      .update(examFormats)
      .set({ nameEn: 'Part B – Reading' })
      .where(eq(examFormats.id, exam.formats[1]!.id));
    await db.update(exams).set({ nameEn: 'Older reading' }).where(eq(exams.id, exam.examId));
    const detail = await ok<{ title_en: string | null; sections: { name_en: string | null }[] }>(
      'GET',
      `/public/tests/${test.slug}`,
      {},
    );
    expect(detail.title_en).toBeNull();
    expect(detail.sections.map((section) => section.name_en)).toEqual([null, 'Part B – Reading']);
    const learner = await authHeader(harness.app, await createAccount(db, { fullName: 'Võ Minh Tâm' }));
    const started = await call('POST', `/user/tests/${test.slug}/attempts`, learner, { mode: 'full' });
    const paper = await ok<Paper>('GET', `/user/attempts/${started.json().result.id}`, learner);
    expect(paper.test).toMatchObject({ title_en: null, exam: { name_en: 'Older reading' } });
    expect(paper.sections.map((section) => section.name_en)).toEqual([null, 'Part B – Reading']);
  });
});
