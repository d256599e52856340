/**
 * Test data for the catalogue and history tests: small published tests built through the real services,
 * and attempts written straight into the table (as the attempts module stores them at submission).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  categories,
  examFormats,
  exams,
  levels,
  organizations,
  packs,
  packTests,
  questionTypes,
} from '../../db/schema';
import { wallClock } from '../../lib/clock';
import type { Tenant } from '../../tenancy/tenant';
import { createTest, publishTest, setSectionItems } from '../practice-tests/practice-tests.service';
import { createQuestion } from '../question-bank/question-bank.service';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${sequence++}`;

export interface ExamFixture {
  categoryId: string;
  categorySlug: string;
  examId: string;
  formats: { id: string; name: string; questionCount: number }[];
}

/** A platform category with one exam of two reading parts (2 and 1 questions). */
export async function createExam(
  db: Db,
  names: { category?: string; exam?: string } = {},
): Promise<ExamFixture> {
  const categorySlug = unique('cat');
  const [category] = await db
    .insert(categories)
    .values({ name: names.category ?? 'Luyện thi thử', slug: categorySlug })
    .returning();
  const [exam] = await db
    .insert(exams)
    .values({
      categoryId: category!.id,
      name: names.exam ?? 'Mini Reading',
      slug: unique('exam'),
      durationMinutes: 15,
    })
    .returning();
  const parts = [
    { name: 'Part A – Ngữ pháp', questionCount: 2, position: 1, timeLimitMinutes: 5 },
    { name: 'Part B – Đọc hiểu', questionCount: 1, position: 2, timeLimitMinutes: null },
  ];
  const formats = [];
  for (const part of parts) {
    const [format] = await db
      .insert(examFormats)
      .values({
        examId: exam!.id,
        name: part.name,
        position: part.position,
        skill: 'reading',
        questionCount: part.questionCount,
        timeLimitMinutes: part.timeLimitMinutes,
        scoreSection: 'reading',
      })
      .returning();
    formats.push({ id: format!.id, name: part.name, questionCount: part.questionCount });
  }
  return { categoryId: category!.id, categorySlug, examId: exam!.id, formats };
}

export async function platformLevel(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(levels)
    .where(and(isNull(levels.organizationId), eq(levels.code, code)));
  if (!row) throw new Error(`level ${code} is not seeded`);
  return row;
}

export async function createOrganization(db: Db) {
  const [row] = await db
    .insert(organizations)
    .values({
      name: 'Trung tâm Anh ngữ Sao Mai',
      slug: unique('org'),
      email: `${unique('org')}@example.vn`,
      status: 'approved',
    })
    .returning();
  return row!;
}

export interface PublishedTest {
  id: string;
  slug: string;
  title: string;
  version: number;
  sectionIds: string[];
  organizationId: string | null;
}

/** Builds and publishes a test on the exam through the tests service (questions created for it). */
export async function createPublishedTest(
  db: Db,
  exam: ExamFixture,
  options: {
    title: string;
    titleEn?: string | null;
    authorId: string;
    tenant?: Tenant;
    access?: 'free' | 'pack';
    levelId?: string | null;
    attemptsAllowed?: number | null;
    description?: string | null;
    publish?: boolean;
    /** When the test is written and published: the caller's clock (an app's `app.now()`), else real time. */
    now?: Date;
  },
): Promise<PublishedTest> {
  const tenant = options.tenant ?? { organizationId: null };
  const now = options.now ?? wallClock();
  const [type] = await db
    .select()
    .from(questionTypes)
    .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, 'single_choice')));
  const test = await createTest(
    db,
    tenant,
    options.authorId,
    {
      exam_id: exam.examId,
      title: options.title,
      title_en: options.titleEn ?? null,
      slug: null,
      description: options.description ?? null,
      cover_id: null,
      level_id: options.levelId ?? null,
      duration_minutes: 15,
      access: options.access ?? 'free',
      attempts_allowed: options.attemptsAllowed ?? null,
      answer_visibility: 'after_submit',
    },
    now,
  );
  for (const [index, section] of test.sections.entries()) {
    const items = [];
    for (let n = 0; n < exam.formats[index]!.questionCount; n++) {
      const question = await createQuestion(db, tenant, options.authorId, {
        format_id: section.format.id,
        level_id: null,
        question_type_id: type!.id,
        stem: `<p>${options.title}: câu ${index + 1}.${n + 1}</p>`,
        options: [
          { key: 'A', content: 'đúng' },
          { key: 'B', content: 'sai' },
        ],
        items: [],
        answer: { key: 'A' },
        explanation_vi: null,
        explanation_en: null,
        tags: [],
        source_note: null,
        audio_id: null,
        image_id: null,
      });
      items.push({ question_id: question.id });
    }
    await setSectionItems(db, tenant, test.id, section.id, items, now);
  }
  const published =
    options.publish === false ? test : await publishTest(db, tenant, options.authorId, test.id, now);
  return {
    id: test.id,
    slug: test.slug,
    title: test.title,
    version: published.published_version ?? 0,
    sectionIds: test.sections.map((section) => section.id),
    organizationId: tenant.organizationId,
  };
}

export async function createPack(
  db: Db,
  testIds: string[],
  values: { name: string; status?: 'draft' | 'published' },
) {
  const [pack] = await db
    .insert(packs)
    .values({
      name: values.name,
      slug: unique('pack'),
      description: '<p>Trọn bộ đề luyện</p>',
      priceVnd: 199_000,
      validityDays: 90,
      status: values.status ?? 'published',
    })
    .returning();
  await db
    .insert(packTests)
    .values(testIds.map((testId, position) => ({ packId: pack!.id, testId, position })));
  return pack!;
}

/** Part result as the attempts module stores it in attempts.result.parts. */
export const partResult = (sectionId: string, name: string, correct: number, total: number) => ({
  section_id: sectionId,
  name,
  skill: 'reading' as const,
  correct,
  partial: 0,
  wrong: total - correct,
  skipped: 0,
  pending: 0,
  total,
});

/** An attempt row: submitted (graded) when `score` is given, else in progress. */
export async function insertAttempt(
  db: Db,
  test: PublishedTest,
  userId: string,
  options: {
    startedAt: Date;
    score?: number;
    maxScore?: number;
    mode?: 'full' | 'practice';
    sectionIds?: string[];
    parts?: ReturnType<typeof partResult>[];
    timeSpentSeconds?: number;
  },
) {
  const submitted = options.score !== undefined;
  const parts = options.parts ?? [];
  const correct = parts.reduce((sum, part) => sum + part.correct, 0);
  const total = parts.reduce((sum, part) => sum + part.total, 0);
  const [row] = await db
    .insert(attempts)
    .values({
      userId,
      testId: test.id,
      testVersion: test.version,
      organizationId: test.organizationId,
      mode: options.mode ?? 'full',
      sectionIds: options.sectionIds ?? test.sectionIds,
      status: submitted ? 'submitted' : 'in_progress',
      startedAt: options.startedAt,
      deadlineAt: new Date(options.startedAt.getTime() + 15 * 60_000),
      submittedAt: submitted
        ? new Date(options.startedAt.getTime() + (options.timeSpentSeconds ?? 600) * 1000)
        : null,
      submitReason: submitted ? 'learner' : null,
      timeSpentSeconds: submitted ? (options.timeSpentSeconds ?? 600) : 0,
      grading: submitted ? 'complete' : null,
      scoreTotal: submitted && (options.mode ?? 'full') === 'full' ? options.score : null,
      maxScore: submitted && (options.mode ?? 'full') === 'full' ? (options.maxScore ?? 3) : null,
      correctCount: correct,
      questionCount: total,
      result: submitted
        ? {
            sections: [],
            counts: { correct, partial: 0, wrong: total - correct, skipped: 0, pending: 0, total },
            parts,
          }
        : null,
    })
    .returning();
  return row!;
}
