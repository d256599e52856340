import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { blogCategories, categories, examFormats, exams, levels, questionTypes, tests } from '../db/schema';
import type { SeedStep } from './step';

/*
 * The English names of everything the seed creates that a learner sees by name: levels, question types,
 * exam categories, exams, parts and tests. English mode shows them (web `localName`); a row without one shows its
 * Vietnamese name. Kept in one place so the unit test can hold every seeded name to having an English form.
 */

/** Platform levels by code. */
export const LEVEL_NAMES_EN: Record<string, string> = {
  A1: 'A1 – Beginner',
  A2: 'A2 – Elementary',
  B1: 'B1 – Intermediate',
  B2: 'B2 – Upper intermediate',
  C1: 'C1 – Advanced',
  C2: 'C2 – Proficiency',
};

/** The platform's question types, by their Vietnamese name. */
export const QUESTION_TYPE_NAMES_EN: Record<string, string> = {
  'Trắc nghiệm một đáp án': 'Single choice',
  'Trắc nghiệm nhiều đáp án': 'Multiple answers',
  'True / False / Not Given': 'True / False / Not Given',
  'Điền vào chỗ trống': 'Gap fill',
  'Nối thông tin': 'Matching',
  'Sắp xếp thứ tự': 'Ordering',
  'Trả lời ngắn': 'Short answer',
  'Bài viết (chấm tay)': 'Essay (teacher-marked)',
};

/** Platform exam categories by slug. */
export const CATEGORY_NAMES_EN: Record<string, string> = {
  toeic: 'TOEIC',
  ielts: 'IELTS',
  'general-english': 'General English',
};

/** Platform exams by slug (their names are English already; the English form is set all the same). */
export const EXAM_NAMES_EN: Record<string, string> = {
  'listening-reading': 'TOEIC Listening & Reading',
  'academic-reading': 'IELTS Academic Reading',
  'grammar-writing': 'Grammar & Writing Check',
};

/** Parts of the platform's exams, by their Vietnamese name. */
export const PART_NAMES_EN: Record<string, string> = {
  'Part 1 – Mô tả tranh': 'Part 1 – Photographs',
  'Part 2 – Hỏi – đáp': 'Part 2 – Question–response',
  'Part 3 – Hội thoại ngắn': 'Part 3 – Conversations',
  'Part 4 – Bài nói ngắn': 'Part 4 – Talks',
  'Part 5 – Hoàn thành câu': 'Part 5 – Incomplete sentences',
  'Part 6 – Hoàn thành đoạn văn': 'Part 6 – Text completion',
  'Part 7 – Đọc hiểu': 'Part 7 – Reading comprehension',
  'Passage 1': 'Passage 1',
  'Passage 2': 'Passage 2',
  'Passage 3': 'Passage 3',
  'Part 1 – Grammar & sentence building': 'Part 1 – Grammar & sentence building',
  'Part 2 – Writing': 'Part 2 – Writing',
};

/** Seeded tests (the platform's and the demo centre's), by their Vietnamese title. */
export const TEST_TITLES_EN: Record<string, string> = {
  'TOEIC Listening & Reading – Đề luyện 1': 'TOEIC Listening & Reading – Practice test 1',
  'IELTS Academic Reading – Đề luyện 1': 'IELTS Academic Reading – Practice test 1',
  'IELTS Listening – Đề luyện 1': 'IELTS Listening – Practice test 1',
  'IELTS Academic Writing – Đề luyện 1': 'IELTS Academic Writing – Practice test 1',
  'IELTS Speaking – Đề luyện 1': 'IELTS Speaking – Practice test 1',
  'IELTS Academic — Đề thi đầy đủ 1': 'IELTS Academic — full test 1',
  'Grammar & Writing Check – Đề luyện 1': 'Grammar & Writing Check – Practice test 1',
  'Grammar & Writing Check – Đề ôn tập (Premium)': 'Grammar & Writing Check – Review test (Premium)',
  'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối': 'Grammar & writing check – B1 evening class',
  'Kiểm tra nhanh ngữ pháp – đề trộn cho từng học viên': 'Quick grammar check – a paper of your own',
};

/** The seeded tests' descriptions in English (written for Prepwise), by their Vietnamese title. */
export const TEST_DESCRIPTIONS_EN: Record<string, string> = {
  'TOEIC Listening & Reading – Đề luyện 1':
    '<p>A TOEIC Listening &amp; Reading practice test written by Prepwise: 7 parts, 200 questions, 120 minutes, set in offices, travel, hotels, shipping, retail and human resources. The recordings use synthesized voices; every question is explained in Vietnamese and English.</p>',
  'IELTS Academic Reading – Đề luyện 1':
    '<p>An IELTS Academic Reading practice test written by Prepwise: 3 passages (urban heat islands, rice terraces, sleep and memory), 40 questions, 60 minutes. Every question is explained in Vietnamese and English.</p>',
  'IELTS Listening – Đề luyện 1':
    '<p>An IELTS Listening practice test written by Prepwise: 4 recordings (booking a course, volunteering at a nature reserve, students discussing a research project, a lecture on bamboo), 40 questions, about 30 minutes. The recordings use synthesized voices; every question is explained in Vietnamese and English.</p>',
  'IELTS Academic Writing – Đề luyện 1':
    '<p>An IELTS Academic Writing practice test written by Prepwise: Task 1 describes a bar chart (at least 150 words, about 20 minutes) and Task 2 is an opinion essay (at least 250 words, about 40 minutes). A teacher marks it on the four IELTS criteria.</p>',
  'IELTS Speaking – Đề luyện 1':
    '<p>A full IELTS Speaking practice test written by Prepwise: Part 1 short answers about yourself, Part 2 a cue card (1 minute to prepare, up to 2 minutes to talk), Part 3 a discussion. Recorded in the browser and marked by a teacher on the four IELTS criteria.</p>',
  'IELTS Academic — Đề thi đầy đủ 1':
    '<p>The whole IELTS Academic test written by Prepwise, in the order of the real test: Listening (40 questions), Reading (40 questions), Writing (Task 1 and Task 2) and Speaking (Parts 1–3). Listening and Reading are banded as soon as you submit; Writing and Speaking when a teacher marks them, and then the overall band appears.</p>',
  'Grammar & Writing Check – Đề luyện 1':
    '<p>A short check written by Prepwise for B1 learners: 9 questions on the grammar points Vietnamese learners often mix up (present perfect, articles, indirect questions, conditionals) as multiple choice and sentence ordering, then an email of 80–120 words marked by a teacher. 35 minutes; every question is explained in Vietnamese and English.</p>',
  'Grammar & Writing Check – Đề ôn tập (Premium)':
    '<p>The Premium pack’s review test: the questions of Practice test 1 again in 25 minutes instead of 35, to build speed before exam day. Every question is explained in Vietnamese and English.</p>',
  'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối':
    '<p>The B1 evening class’s mid-course check: 9 grammar questions (one an email with gaps) and a short email marked by the teacher.</p>',
  'Kiểm tra nhanh ngữ pháp – đề trộn cho từng học viên':
    '<p>Each student gets a paper of their own, drawn from the centre’s bank with the same blueprint: 1 A2 question, 5 at B1, 3 at B2 and a short piece of writing.</p>',
};

/** The seeded blog categories' English names, by slug. */
export const BLOG_CATEGORY_NAMES_EN: Record<string, string> = {
  'luyen-thi-toeic': 'TOEIC preparation',
  'luyen-thi-ielts': 'IELTS preparation',
};

/** `set name_en = CASE key WHEN … END` for the rows whose key is in the map. */
const englishOf = (column: Parameters<typeof eq>[0], names: Record<string, string>) =>
  sql`case ${column} ${sql.join(
    Object.entries(names).map(([key, english]) => sql`when ${key} then ${english}`),
    sql` `,
  )} end`;

/**
 * Gives the seeded levels, categories, exams, parts and tests their English names, wherever an author has
 * not written one. It runs right after `exam-structure`: on a new database the tests do not exist yet (the
 * steps creating them pass `title_en` and `description_en` from TEST_TITLES_EN and TEST_DESCRIPTIONS_EN, and their published versions freeze the parts'
 * English names); on a database seeded before English names existed it names the tests already there, and
 * their versions read the parts' current English names (they froze none).
 */
export const englishNamesStep: SeedStep = {
  name: 'english-names',
  // 2: the tests' descriptions in English too; 3: the blog's categories; 4: the question types.
  version: '4',
  demo: false,
  async run(tx) {
    await tx
      .update(levels)
      .set({ nameEn: englishOf(levels.code, LEVEL_NAMES_EN) })
      .where(
        and(
          isNull(levels.organizationId),
          isNull(levels.nameEn),
          inArray(levels.code, Object.keys(LEVEL_NAMES_EN)),
        ),
      );
    await tx
      .update(questionTypes)
      .set({ nameEn: englishOf(questionTypes.name, QUESTION_TYPE_NAMES_EN) })
      .where(
        and(
          isNull(questionTypes.organizationId),
          isNull(questionTypes.nameEn),
          inArray(questionTypes.name, Object.keys(QUESTION_TYPE_NAMES_EN)),
        ),
      );
    await tx
      .update(categories)
      .set({ nameEn: englishOf(categories.slug, CATEGORY_NAMES_EN) })
      .where(
        and(
          isNull(categories.organizationId),
          isNull(categories.nameEn),
          inArray(categories.slug, Object.keys(CATEGORY_NAMES_EN)),
        ),
      );
    const platformExams = tx
      .select({ id: exams.id })
      .from(exams)
      .innerJoin(categories, eq(categories.id, exams.categoryId))
      .where(isNull(categories.organizationId));
    await tx
      .update(exams)
      .set({ nameEn: englishOf(exams.slug, EXAM_NAMES_EN) })
      .where(
        and(
          isNull(exams.nameEn),
          inArray(exams.slug, Object.keys(EXAM_NAMES_EN)),
          inArray(exams.id, platformExams),
        ),
      );
    await tx
      .update(examFormats)
      .set({ nameEn: englishOf(examFormats.name, PART_NAMES_EN) })
      .where(
        and(
          isNull(examFormats.nameEn),
          inArray(examFormats.name, Object.keys(PART_NAMES_EN)),
          inArray(examFormats.examId, platformExams),
        ),
      );
    await tx
      .update(tests)
      .set({ titleEn: englishOf(tests.title, TEST_TITLES_EN) })
      .where(and(isNull(tests.titleEn), inArray(tests.title, Object.keys(TEST_TITLES_EN))));
    await tx
      .update(tests)
      .set({ descriptionEn: englishOf(tests.title, TEST_DESCRIPTIONS_EN) })
      .where(and(isNull(tests.descriptionEn), inArray(tests.title, Object.keys(TEST_DESCRIPTIONS_EN))));
    // On a new database the blog's categories come later (the demo-blog step passes their English names).
    await tx
      .update(blogCategories)
      .set({ nameEn: englishOf(blogCategories.slug, BLOG_CATEGORY_NAMES_EN) })
      .where(
        and(isNull(blogCategories.nameEn), inArray(blogCategories.slug, Object.keys(BLOG_CATEGORY_NAMES_EN))),
      );
  },
};
