import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { tests } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';
import { setTestStatus } from '../practice-tests/practice-tests.service';
import {
  createExam,
  createOrganization,
  createPack,
  createPublishedTest,
  type ExamFixture,
  insertAttempt,
  type PublishedTest,
  platformLevel,
} from './catalogue.fixtures';
import { excerptOf } from './catalogue.service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let grammarExam: ExamFixture;
let readingExam: ExamFixture;
let b1: string;
let b2: string;
let first: PublishedTest;
let second: PublishedTest;
let packed: PublishedTest;
let draft: PublishedTest;
let archived: PublishedTest;
let organizationTest: PublishedTest;

async function get(url: string) {
  return harness.app.inject({ method: 'GET', url: `/api${url}` });
}
async function list(query = '') {
  const response = await get(`/public/tests${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as {
    items: { title: string; slug: string; [key: string]: unknown }[];
    page: number;
    pageSize: number;
    total: number;
  };
}
const titles = (result: { items: { title: string }[] }) => result.items.map((item) => item.title);

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const db = harness.database.db;
  await seedDatabase(db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  const author = await createAccount(db, { scope: 'admin', isAdmin: true });
  const learners = await Promise.all([createAccount(db), createAccount(db), createAccount(db)]);
  b1 = (await platformLevel(db, 'B1')).id;
  b2 = (await platformLevel(db, 'B2')).id;
  grammarExam = await createExam(db, { category: 'Ngữ pháp tổng hợp', exam: 'Grammar Check' });
  readingExam = await createExam(db, { category: 'Đọc hiểu', exam: 'Reading Check' });

  first = await createPublishedTest(db, grammarExam, {
    title: 'Bài kiểm tra ngữ pháp đầu vào',
    authorId: author.id,
    levelId: b1,
    description: `<p>Đề <strong>kiểm tra</strong> nhanh.</p><script>alert(1)</script><p>${'Luyện đều mỗi ngày. '.repeat(20)}</p>`,
  });
  second = await createPublishedTest(db, readingExam, {
    title: 'Advanced reading sprint',
    authorId: author.id,
    levelId: b2,
  });
  packed = await createPublishedTest(db, readingExam, {
    title: 'Collocations challenge',
    authorId: author.id,
    access: 'pack',
    levelId: b2,
    attemptsAllowed: 2,
  });
  draft = await createPublishedTest(db, grammarExam, {
    title: 'Draft never shown',
    authorId: author.id,
    publish: false,
  });
  archived = await createPublishedTest(db, grammarExam, { title: 'Archived grammar', authorId: author.id });
  await setTestStatus(db, { organizationId: null }, archived.id, 'archived', new Date());
  const organization = await createOrganization(db);
  organizationTest = await createPublishedTest(db, grammarExam, {
    title: 'Organization private grammar',
    authorId: author.id,
    tenant: { organizationId: organization.id },
  });
  await createPack(db, [packed.id, second.id], { name: 'Gói đọc hiểu nâng cao' });
  await createPack(db, [packed.id], { name: 'Gói nháp', status: 'draft' });

  // Publication order: first, second, packed (newest). Popularity: second 3 attempts, first 1, packed 0.
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 8, minutes));
  await db
    .update(tests)
    .set({ publishedAt: at(0) })
    .where(eq(tests.id, first.id));
  await db
    .update(tests)
    .set({ publishedAt: at(10) })
    .where(eq(tests.id, second.id));
  await db
    .update(tests)
    .set({ publishedAt: at(20) })
    .where(eq(tests.id, packed.id));
  for (const learner of learners)
    await insertAttempt(db, second, learner.id, { startedAt: at(30), score: 2 });
  await insertAttempt(db, first, learners[0]!.id, { startedAt: at(40) });
  await insertAttempt(db, organizationTest, learners[1]!.id, { startedAt: at(40), score: 1 });
}, 120_000);
afterAll(() => harness.close());

describe('GET /api/public/tests', () => {
  it('lists published platform tests only, newest first, with their structure and attempt counts', async () => {
    const result = await list();
    expect(titles(result)).toEqual([
      'Collocations challenge',
      'Advanced reading sprint',
      'Bài kiểm tra ngữ pháp đầu vào',
    ]);
    expect(result).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    const item = result.items.find((i) => i.slug === first.slug)!;
    expect(item).toMatchObject({
      id: first.id,
      category: { id: grammarExam.categoryId, name: 'Ngữ pháp tổng hợp', slug: grammarExam.categorySlug },
      exam: { id: grammarExam.examId, name: 'Grammar Check' },
      level: { id: b1, code: 'B1' },
      access: 'free',
      duration_minutes: 15,
      part_count: 2,
      question_count: 3,
      attempt_count: 1,
      cover: null,
      published_at: '2026-01-05T08:00:00.000Z',
    });
    expect(item.excerpt).toMatch(/^Đề kiểm tra nhanh\. Luyện đều mỗi ngày\./);
    expect(item.excerpt).not.toContain('<');
    expect(item.excerpt).not.toContain('alert');
    expect((item.excerpt as string).length).toBeLessThanOrEqual(161);
    expect(item.excerpt).toMatch(/…$/);
    // Text, not HTML: entities of the stored description come out as characters.
    expect(excerptOf('<p>Listening &amp; Reading &lt;B1&gt;</p><p>"Đề" mới</p>')).toBe(
      'Listening & Reading <B1> "Đề" mới',
    );
    expect(result.items.find((i) => i.slug === second.slug)).toMatchObject({
      attempt_count: 3,
      excerpt: null,
    });
  });

  it('never lists drafts, archived tests or an organization’s tests', async () => {
    const all = titles(await list('?pageSize=100'));
    expect(all).not.toContain(draft.title);
    expect(all).not.toContain(archived.title);
    expect(all).not.toContain(organizationTest.title);
  });

  it('sorts by popularity and by title', async () => {
    expect(titles(await list('?sort=popular'))).toEqual([
      'Advanced reading sprint',
      'Bài kiểm tra ngữ pháp đầu vào',
      'Collocations challenge',
    ]);
    expect(titles(await list('?sort=title'))).toEqual([
      'Advanced reading sprint',
      'Bài kiểm tra ngữ pháp đầu vào',
      'Collocations challenge',
    ]);
  });

  it('filters by category slug, exam, level and access', async () => {
    expect(titles(await list(`?category=${grammarExam.categorySlug}`))).toEqual([first.title]);
    expect(titles(await list(`?exam_id=${readingExam.examId}&sort=title`))).toEqual([
      second.title,
      packed.title,
    ]);
    expect(titles(await list(`?level_id=${b2}&sort=title`))).toEqual([second.title, packed.title]);
    expect(titles(await list('?access=pack'))).toEqual([packed.title]);
    const both = await list(`?access=free&level_id=${b2}`);
    expect(titles(both)).toEqual([second.title]);
    expect(both.total).toBe(1);
    expect((await list('?category=no-such-category')).total).toBe(0);
  });

  it('searches titles without regard to accents or case, and treats % and _ literally', async () => {
    expect(titles(await list('?search=ngu%20phap'))).toEqual([first.title]);
    expect(titles(await list(`?search=${encodeURIComponent('NGỮ PHÁP')}`))).toEqual([first.title]);
    expect(titles(await list(`?search=${encodeURIComponent('Kiểm tra ngữ')}`))).toEqual([first.title]);
    expect(titles(await list('?search=reading%20sprint'))).toEqual([second.title]);
    // A learner reading in English searches the English title too.
    await harness.database.db
      .update(tests)
      .set({ titleEn: 'Placement grammar check' })
      .where(eq(tests.id, first.id));
    expect(titles(await list('?search=PLACEMENT%20grammar'))).toEqual([first.title]);
    expect(titles(await list('?search=ngu%20phap'))).toEqual([first.title]);
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
    // A word only in another tenant's test finds nothing here.
    expect((await list('?search=private')).total).toBe(0);
  });

  it('pages through the results', async () => {
    const page1 = await list('?sort=title&pageSize=2');
    const page2 = await list('?sort=title&pageSize=2&page=2');
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(titles(page1)).toEqual([second.title, first.title]);
    expect(titles(page2)).toEqual([packed.title]);
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('rejects bad filters with 422 naming the field', async () => {
    for (const [query, field] of [
      ['?exam_id=nope', 'exam_id'],
      ['?level_id=123', 'level_id'],
      ['?sort=cheapest', 'sort'],
      ['?access=paid', 'access'],
      ['?pageSize=1000', 'pageSize'],
      ['?page=0', 'page'],
    ] as const) {
      const response = await get(`/public/tests${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ key: 'VALIDATION_FAILED' });
      expect(response.json().errors[field], query).toBe('common.invalid_field');
    }
  });
});

describe('GET /api/public/test-filters', () => {
  it('offers the categories, exams and levels that have published tests', async () => {
    const response = await get('/public/test-filters');
    expect(response.statusCode).toBe(200);
    const { categories, levels } = response.json().result;
    const ours = categories.filter((c: { id: string }) =>
      [grammarExam.categoryId, readingExam.categoryId].includes(c.id),
    );
    expect(ours).toEqual(
      expect.arrayContaining([
        {
          id: grammarExam.categoryId,
          name: 'Ngữ pháp tổng hợp',
          name_en: null,
          slug: grammarExam.categorySlug,
          exams: [{ id: grammarExam.examId, name: 'Grammar Check', name_en: null }],
        },
        {
          id: readingExam.categoryId,
          name: 'Đọc hiểu',
          name_en: null,
          slug: readingExam.categorySlug,
          exams: [{ id: readingExam.examId, name: 'Reading Check', name_en: null }],
        },
      ]),
    );
    // The seeded TOEIC and IELTS categories have no published test in this database.
    expect(categories).toHaveLength(2);
    expect(levels.map((level: { code: string }) => level.code)).toEqual(['B1', 'B2']);
  });
});

describe('GET /api/public/tests/:slug', () => {
  it('shows a published test with its sections and the published packs that contain it', async () => {
    const response = await get(`/public/tests/${packed.slug}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().result;
    expect(detail).toMatchObject({
      id: packed.id,
      title: 'Collocations challenge',
      access: 'pack',
      attempts_allowed: 2,
      answer_visibility: 'after_submit',
      question_count: 3,
      part_count: 2,
      level: { code: 'B2' },
      sections: [
        {
          id: packed.sectionIds[0],
          name: 'Part A – Ngữ pháp',
          skill: 'reading',
          question_count: 2,
          time_limit_minutes: 5,
        },
        {
          id: packed.sectionIds[1],
          name: 'Part B – Đọc hiểu',
          skill: 'reading',
          question_count: 1,
          time_limit_minutes: null,
        },
      ],
    });
    expect(detail.packs).toEqual([
      {
        id: expect.any(String),
        name: 'Gói đọc hiểu nâng cao',
        slug: expect.any(String),
        description: '<p>Trọn bộ đề luyện</p>',
        price_vnd: 199_000,
        validity_days: 90,
        test_count: 2,
      },
    ]);
  });

  it('returns the sanitized description', async () => {
    const detail = (await get(`/public/tests/${first.slug}`)).json().result;
    expect(detail.description).toContain('<strong>kiểm tra</strong>');
    expect(detail.description).not.toContain('<script>');
    expect(detail.packs).toEqual([]);
  });

  it('answers 404 for unknown, draft, archived and organization tests', async () => {
    for (const slug of ['no-such-test', draft.slug, archived.slug, organizationTest.slug]) {
      const response = await get(`/public/tests/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().key).toBe('NOT_FOUND');
    }
  });
});

describe('a test whose slug is a word the catalogue also uses', () => {
  it('is shown by its detail route, and the filter bar still answers at its own address', async () => {
    const db = harness.database.db;
    const author = await createAccount(db, { scope: 'admin', isAdmin: true });
    const filters = await createPublishedTest(db, grammarExam, { title: 'Filters', authorId: author.id });
    expect(filters.slug).toBe('filters');

    const detail = await get('/public/tests/filters');
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result).toMatchObject({ id: filters.id, slug: 'filters', title: 'Filters' });

    const bar = await get('/public/test-filters');
    expect(bar.statusCode).toBe(200);
    expect(bar.json().result.categories.map((c: { id: string }) => c.id)).toContain(grammarExam.categoryId);
  });
});
