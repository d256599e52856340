import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { categories, examFormats, exams, levels, questionTypes, tests } from '../db/schema';
import { seedDatabase } from '.';
import { grammarWritingTest1 } from './content/grammar-writing';
import { ieltsReadingTest1 } from './content/ielts';
import { toeicTest1 } from './content/toeic';
import { demoAccountsStep } from './demo-accounts';
import { PREMIUM_TEST_TITLE } from './demo-payments';
import { englishNamesStep, TEST_DESCRIPTIONS_EN, TEST_TITLES_EN } from './english-names';
import { examStructureStep } from './exam-structure';
import { CENTRE_TEST_TITLE } from './organization-bank';
import { practiceTestsStep } from './practice-tests';

/** Every seeded name a learner reads has an English form (issue 14, "the site itself"). */

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, englishNamesStep, demoAccountsStep, practiceTestsStep],
    context: { storage: harness.app.storage },
  });
}, 180_000);
afterAll(() => harness?.close());

describe('the english-names seed step', () => {
  it('gives every seeded level, question type, category, exam and part an English name', async () => {
    const db = harness.database.db;
    const rows = [
      ...(await db
        .select({ name: levels.name, en: levels.nameEn })
        .from(levels)
        .where(isNull(levels.organizationId))),
      ...(await db
        .select({ name: categories.name, en: categories.nameEn })
        .from(categories)
        .where(isNull(categories.organizationId))),
      ...(await db
        .select({ name: questionTypes.name, en: questionTypes.nameEn })
        .from(questionTypes)
        .where(isNull(questionTypes.organizationId))),
      ...(await db.select({ name: exams.name, en: exams.nameEn }).from(exams)),
      ...(await db.select({ name: examFormats.name, en: examFormats.nameEn }).from(examFormats)),
    ];
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((row) => !row.en)).toEqual([]);
    // The Vietnamese names are translated, not copied: e.g. the levels and TOEIC's parts.
    const english = new Map(rows.map((row) => [row.name, row.en]));
    expect(english.get('B1 – Trung cấp')).toBe('B1 – Intermediate');
    expect(english.get('Tiếng Anh tổng quát')).toBe('General English');
    expect(english.get('Part 1 – Mô tả tranh')).toBe('Part 1 – Photographs');
    expect(english.get('Trắc nghiệm một đáp án')).toBe('Single choice');
  });

  it('gives every seeded test an English title, the demo centre’s and the premium one included', async () => {
    for (const title of [
      toeicTest1.title,
      ieltsReadingTest1.title,
      grammarWritingTest1.title,
      PREMIUM_TEST_TITLE,
      CENTRE_TEST_TITLE,
    ]) {
      expect(TEST_TITLES_EN[title], title).toBeTruthy();
      expect(TEST_TITLES_EN[title]).not.toBe(title);
    }
    const seeded = await harness.database.db
      .select({ title: tests.title, en: tests.titleEn, descriptionEn: tests.descriptionEn })
      .from(tests);
    expect(seeded).toHaveLength(3);
    for (const test of seeded) {
      expect(test.en).toBe(TEST_TITLES_EN[test.title]);
      // Their descriptions in English too, as sanitized rich text.
      expect(test.descriptionEn).toBe(TEST_DESCRIPTIONS_EN[test.title]);
      expect(test.descriptionEn).toMatch(/^<p>[A-Z].+<\/p>$/);
    }
  });

  it('freezes the English part names into the published seeded tests', async () => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/public/tests/${toeicTest1.slug}` });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().result;
    expect(detail.title_en).toBe('TOEIC Listening & Reading – Practice test 1');
    expect(detail.description_en).toContain('7 parts, 200 questions, 120 minutes');
    expect(detail.category.name_en).toBe('TOEIC');
    expect(detail.sections.map((section: { name_en: string }) => section.name_en)).toEqual([
      'Part 1 – Photographs',
      'Part 2 – Question–response',
      'Part 3 – Conversations',
      'Part 4 – Talks',
      'Part 5 – Incomplete sentences',
      'Part 6 – Text completion',
      'Part 7 – Reading comprehension',
    ]);
  });

  it('leaves an English name an author wrote alone when it runs again', async () => {
    const db = harness.database.db;
    await db.update(levels).set({ nameEn: 'Threshold' }).where(isNull(levels.organizationId));
    await englishNamesStep.run(db, { storage: harness.app.storage });
    const names = await db.select({ en: levels.nameEn }).from(levels).where(isNull(levels.organizationId));
    expect(new Set(names.map((row) => row.en))).toEqual(new Set(['Threshold']));
  });
});
