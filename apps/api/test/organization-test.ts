import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  categories,
  classes,
  classStudents,
  examFormats,
  exams,
  organizationStudents,
  questionTypes,
} from '../src/db/schema';
import { seedDatabase } from '../src/seed';
import { examStructureStep } from '../src/seed/exam-structure';
import { authHeader, createAccount, type TestAccount } from './factories';

/**
 * The platform's Grammar & Writing Check: its exam, its two parts (grammar, writing) and the platform's
 * single-choice and essay question types. Seeds the exam structure on first use.
 */
export async function grammarWritingStructure(app: FastifyInstance) {
  const db = app.db;
  const structure = async () =>
    db
      .select({ id: examFormats.id, examId: exams.id })
      .from(examFormats)
      .innerJoin(exams, eq(exams.id, examFormats.examId))
      .innerJoin(categories, eq(categories.id, exams.categoryId))
      .where(and(isNull(categories.organizationId), eq(exams.slug, 'grammar-writing')))
      .orderBy(asc(examFormats.position));
  let parts = await structure();
  if (parts.length === 0) {
    await seedDatabase(db, { demo: false, steps: [examStructureStep], context: { storage: app.storage } });
    parts = await structure();
  }
  const typeOf = async (kind: 'single_choice' | 'essay') =>
    (
      await db
        .select({ id: questionTypes.id })
        .from(questionTypes)
        .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, kind)))
    )[0]!.id;
  return {
    examId: parts[0]!.examId,
    grammarPart: parts[0]!.id,
    writingPart: parts[1]!.id,
    singleType: await typeOf('single_choice'),
    essayType: await typeOf('essay'),
  };
}

/**
 * An organization's published manual test on the platform's Grammar & Writing Check (9 single-choice
 * questions of its own bank, one essay), made through the educator API as a teacher would; the key of
 * every single-choice question is B. Seeds the exam structure on first use.
 */
export async function publishedOrganizationTest(
  app: FastifyInstance,
  asOwner: Record<string, string>,
  title = `Kiểm tra ${Date.now().toString(36)}`,
  options: {
    essayRubric?: 'ielts_writing' | 'ielts_speaking' | 'generic';
    /** `admin`: the platform's own test, made in /admin by platform staff (`asOwner` is theirs). */
    realm?: 'educator' | 'admin';
  } = {},
): Promise<{ id: string; slug: string; questionIds: string[]; essayId: string }> {
  const _db = app.db;
  const structure = await grammarWritingStructure(app);
  const parts = [
    { id: structure.grammarPart, examId: structure.examId },
    { id: structure.writingPart, examId: structure.examId },
  ];
  const typeOf = async (kind: 'single_choice' | 'essay') =>
    kind === 'essay' ? structure.essayType : structure.singleType;
  const post = async <T>(url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
    const response = await app.inject({
      method,
      url: `/api/${options.realm ?? 'educator'}${url}`,
      headers: asOwner,
      payload,
    });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
    return response.json().result as T;
  };
  const single = await typeOf('single_choice');
  const questionIds: string[] = [];
  for (let i = 0; i < 9; i++) {
    const question = await post<{ id: string }>('/questions', {
      format_id: parts[0]!.id,
      question_type_id: single,
      stem: `<p>${title}: she ___ English every evening (${i}).</p>`,
      options: [
        { key: 'A', content: 'study' },
        { key: 'B', content: 'studies' },
      ],
      answer: { key: 'B' },
    });
    questionIds.push(question.id);
  }
  const essay = await post<{ id: string }>('/questions', {
    format_id: parts[1]!.id,
    question_type_id: await typeOf('essay'),
    stem: `<p>${title}: write about your favourite place.</p>`,
    answer: {
      guidance: 'Name it and say why.',
      ...(options.essayRubric ? { rubric: options.essayRubric } : {}),
    },
  });
  const test = await post<{ id: string; slug: string; sections: { id: string }[] }>('/tests', {
    exam_id: parts[0]!.examId,
    title,
    duration_minutes: 30,
  });
  await post(
    `/tests/${test.id}/sections/${test.sections[0]!.id}/items`,
    {
      items: questionIds.map((id) => ({ question_id: id })),
    },
    'PUT',
  );
  await post(
    `/tests/${test.id}/sections/${test.sections[1]!.id}/items`,
    { items: [{ question_id: essay.id }] },
    'PUT',
  );
  await post(`/tests/${test.id}/publish`, {});
  return { id: test.id, slug: test.slug, questionIds, essayId: essay.id };
}

/** A learner who is an active student of the organization, optionally in a class; with their header. */
export async function studentOf(
  app: FastifyInstance,
  organizationId: string,
  options: { classId?: string; fullName?: string } = {},
): Promise<TestAccount & { headers: Record<string, string> }> {
  const account = await createAccount(app.db, { fullName: options.fullName ?? 'Học viên' });
  await app.db.insert(organizationStudents).values({ organizationId, userId: account.id, joinedVia: 'code' });
  if (options.classId)
    await app.db.insert(classStudents).values({ classId: options.classId, userId: account.id });
  return { ...account, headers: await authHeader(app, account) };
}

export async function classOf(
  app: FastifyInstance,
  organizationId: string,
  name = `Lớp ${Date.now().toString(36)}`,
) {
  const [row] = await app.db.insert(classes).values({ organizationId, name }).returning({ id: classes.id });
  return row!.id;
}
