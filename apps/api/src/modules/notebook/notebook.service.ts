import {
  type FieldErrors,
  NOTEBOOK_KEYS,
  NOTEBOOK_PRACTICE_MAX,
  type NotebookFilter,
  type NotebookFilters,
  type NotebookItem,
  type NotebookMark,
  type NotebookPracticeBody,
  type NotebookUpdate,
  type Page,
  type PracticeStarted,
} from '@prepwise/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examFormats, notebookItems, questionTypes, testSections, tests } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import {
  getOwnAttemptModel,
  getTestModel,
  keysRelease,
  keysWithheldSql,
  type ModelGroup,
  type ModelQuestion,
  practiseMistakes,
  startQuestionPractice,
  type TestModel,
} from '../attempts';

type ItemRow = typeof notebookItems.$inferSelect;

/**
 * The notebook's conditions for one learner: every query starts from the owner, and leaves out the
 * questions of a test whose results are not released yet (issue 29: a row says the answer was wrong).
 */
function notebookWhere(userId: string, filter: Partial<NotebookFilter>, now: Date): SQL {
  const conditions: SQL[] = [
    eq(notebookItems.userId, userId),
    not(keysWithheldSql(notebookItems.userId, notebookItems.testId, now)),
  ];
  if (filter.status === 'to_review')
    conditions.push(sql`${notebookItems.wrongCount} > 0`, isNull(notebookItems.learnedAt));
  if (filter.status === 'learned')
    conditions.push(sql`${notebookItems.wrongCount} > 0`, isNotNull(notebookItems.learnedAt));
  if (filter.bookmarked !== undefined) conditions.push(eq(notebookItems.bookmarked, filter.bookmarked));
  if (filter.test_id) conditions.push(eq(notebookItems.testId, filter.test_id));
  if (filter.section_id) conditions.push(eq(notebookItems.sectionId, filter.section_id));
  if (filter.type_id) conditions.push(eq(notebookItems.typeId, filter.type_id));
  return and(...conditions)!;
}

/** Where a question sits in a compiled version: its group (passage, audio) when it has one. */
function locate(
  model: TestModel,
  questionId: string,
): { question: ModelQuestion; group: ModelGroup | null } | null {
  const question = model.questionById.get(questionId);
  if (!question) return null;
  const section = model.sectionById.get(question.sectionId);
  for (const item of section?.items ?? []) {
    if (item.kind === 'group' && item.group.questions.some((member) => member.id === questionId))
      return { question, group: item.group };
  }
  return { question, group: null };
}

async function toItems(db: Db, userId: string, rows: ItemRow[], now: Date): Promise<NotebookItem[]> {
  const testIds = [...new Set(rows.map((row) => row.testId))];
  const visibility = new Map(
    await Promise.all(
      testIds.map(async (testId) => [testId, (await keysRelease(db, userId, testId, now)).released] as const),
    ),
  );
  const typeIds = [...new Set(rows.map((row) => row.typeId))];
  const typeNamesEn = new Map(
    typeIds.length
      ? (
          await db
            .select({ id: questionTypes.id, nameEn: questionTypes.nameEn })
            .from(questionTypes)
            .where(inArray(sql`${questionTypes.id}::text`, typeIds))
        ).map((type) => [type.id, type.nameEn])
      : [],
  );
  const items: NotebookItem[] = [];
  for (const row of rows) {
    const model = await getTestModel(db, row.testId, row.testVersion);
    const found = locate(model, row.questionId);
    if (!found) continue;
    const visible = visibility.get(row.testId) ?? false;
    const { question, group } = found;
    items.push({
      question_id: row.questionId,
      test: {
        id: model.test.id,
        title: model.test.title,
        title_en: model.test.title_en ?? null,
        slug: model.test.slug,
        exam: {
          id: model.test.exam.id,
          name: model.test.exam.name,
          name_en: model.test.exam.name_en ?? null,
        },
      },
      test_version: row.testVersion,
      section_id: row.sectionId,
      part_name: row.partName,
      part_name_en: model.sectionById.get(row.sectionId)?.nameEn ?? null,
      type_id: row.typeId,
      type_name: row.typeName,
      type_name_en: typeNamesEn.get(row.typeId) ?? null,
      question: {
        ...question.paper,
        correct_answer: visible ? (question.answer ?? null) : null,
        max_points: 1,
        explanation_vi: visible ? question.explanationVi : null,
        explanation_en: visible ? question.explanationEn : null,
      },
      group: group
        ? {
            id: group.id,
            title: group.title,
            passage: group.passage,
            audio: group.audio,
            image: group.image,
            transcript: visible ? group.transcript : null,
          }
        : null,
      last_answer: (row.lastAnswer as Record<string, unknown> | null) ?? null,
      last_outcome: row.lastOutcome,
      wrong_count: row.wrongCount,
      last_wrong_at: row.lastWrongAt?.toISOString() ?? null,
      learned_at: row.learnedAt?.toISOString() ?? null,
      bookmarked: row.bookmarked,
      note: row.note,
      attempt_id: row.attemptId,
      updated_at: row.updatedAt.toISOString(),
    });
  }
  return items;
}

const newestFirst = [
  desc(sql`coalesce(${notebookItems.lastWrongAt}, ${notebookItems.createdAt})`),
  desc(notebookItems.questionId),
];

/** One page of the learner's notebook, newest mistakes first. */
export async function listNotebook(
  db: Db,
  userId: string,
  query: NotebookFilter & { page: number; pageSize: number },
  now: Date,
): Promise<Page<NotebookItem>> {
  const where = notebookWhere(userId, query, now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notebookItems)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(notebookItems).where(where),
  ]);
  return {
    items: await toItems(db, userId, rows, now),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.total ?? 0,
  };
}

/** What the notebook holds by test, part and question type, and how many to review, learned, bookmarked. */
export async function getNotebookFilters(db: Db, userId: string, now: Date): Promise<NotebookFilters> {
  const rows = await db
    .select({
      testId: notebookItems.testId,
      testTitle: tests.title,
      testTitleEn: tests.titleEn,
      testSlug: tests.slug,
      sectionId: notebookItems.sectionId,
      partName: notebookItems.partName,
      partNameEn: examFormats.nameEn,
      typeId: notebookItems.typeId,
      typeName: notebookItems.typeName,
      typeNameEn: questionTypes.nameEn,
      toReview: sql<number>`count(*) filter (where ${notebookItems.wrongCount} > 0 and ${notebookItems.learnedAt} is null)::int`,
      learned: sql<number>`count(*) filter (where ${notebookItems.wrongCount} > 0 and ${notebookItems.learnedAt} is not null)::int`,
      bookmarked: sql<number>`count(*) filter (where ${notebookItems.bookmarked})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(notebookItems)
    .innerJoin(tests, eq(tests.id, notebookItems.testId))
    // English names as they are now (the items keep the Vietnamese names of the version answered).
    // The ids are kept as text (a version's ids): compared as text.
    .leftJoin(testSections, sql`${testSections.id}::text = ${notebookItems.sectionId}`)
    .leftJoin(examFormats, eq(examFormats.id, testSections.formatId))
    .leftJoin(questionTypes, sql`${questionTypes.id}::text = ${notebookItems.typeId}`)
    .where(notebookWhere(userId, {}, now))
    .groupBy(
      notebookItems.testId,
      tests.title,
      tests.titleEn,
      tests.slug,
      notebookItems.sectionId,
      notebookItems.partName,
      examFormats.nameEn,
      notebookItems.typeId,
      notebookItems.typeName,
      questionTypes.nameEn,
    );
  const add = <T extends { id: string; count: number }>(
    map: Map<string, T>,
    key: string,
    entry: T,
    n: number,
  ) => {
    const held = map.get(key);
    if (held) held.count += n;
    else map.set(key, { ...entry, count: n });
  };
  const testsById = new Map<string, NotebookFilters['tests'][number]>();
  const parts = new Map<string, NotebookFilters['parts'][number]>();
  const types = new Map<string, NotebookFilters['types'][number]>();
  const counts = { to_review: 0, learned: 0, bookmarked: 0 };
  for (const row of rows) {
    add(
      testsById,
      row.testId,
      { id: row.testId, name: row.testTitle, name_en: row.testTitleEn, slug: row.testSlug, count: 0 },
      row.total,
    );
    add(
      parts,
      `${row.testId}/${row.sectionId}`,
      { id: row.sectionId, name: row.partName, name_en: row.partNameEn, test_id: row.testId, count: 0 },
      row.total,
    );
    add(
      types,
      row.typeId,
      { id: row.typeId, name: row.typeName, name_en: row.typeNameEn, count: 0 },
      row.total,
    );
    counts.to_review += row.toReview;
    counts.learned += row.learned;
    counts.bookmarked += row.bookmarked;
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    tests: [...testsById.values()].sort(byName),
    parts: [...parts.values()].sort(byName),
    types: [...types.values()].sort(byName),
    counts,
    awaiting_release: await awaitingRelease(db, userId, now),
  };
}

/** How many of the learner's questions wait for their test's results, and when the last are released. */
async function awaitingRelease(
  db: Db,
  userId: string,
  now: Date,
): Promise<NotebookFilters['awaiting_release']> {
  const held = await db
    .select({ testId: notebookItems.testId, total: count() })
    .from(notebookItems)
    .where(
      and(
        eq(notebookItems.userId, userId),
        sql`${notebookItems.wrongCount} > 0`,
        keysWithheldSql(notebookItems.userId, notebookItems.testId, now),
      ),
    )
    .groupBy(notebookItems.testId);
  if (held.length === 0) return null;
  const untils = await Promise.all(
    held.map(async (row) => (await keysRelease(db, userId, row.testId, now)).withheld?.until ?? null),
  );
  return {
    count: held.reduce((sum, row) => sum + row.total, 0),
    // The last release; unknown when a test is held back until its teacher releases it.
    until: untils.includes(null) ? null : untils.sort().at(-1)!,
  };
}

/** The bookmarks and notes on the questions of one of the learner's attempts (for its review). */
export async function getAttemptMarks(
  db: Db,
  userId: string,
  attemptId: string,
  now: Date,
): Promise<NotebookMark[]> {
  const { model } = await getOwnAttemptModel(db, userId, attemptId, now);
  const questionIds = [...model.questionById.keys()];
  if (questionIds.length === 0) return [];
  const rows = await db
    .select({
      questionId: notebookItems.questionId,
      bookmarked: notebookItems.bookmarked,
      note: notebookItems.note,
    })
    .from(notebookItems)
    .where(
      and(
        eq(notebookItems.userId, userId),
        inArray(notebookItems.questionId, questionIds),
        sql`(${notebookItems.bookmarked} or ${notebookItems.note} is not null)`,
      ),
    );
  return rows.map((row) => ({ question_id: row.questionId, bookmarked: row.bookmarked, note: row.note }));
}

/**
 * Bookmarks, notes or marks learned one question of the notebook. A question not in the notebook yet is
 * added from a submitted attempt of the learner holding it (a bookmark from the review). A row left with
 * no mistake, bookmark or note leaves the notebook.
 */
export async function updateNotebookItem(
  db: Db,
  userId: string,
  questionId: string,
  update: NotebookUpdate,
  now: Date,
): Promise<NotebookMark & { learned_at: string | null }> {
  let source: { attemptId: string; model: TestModel; testId: string; testVersion: number } | null = null;
  if (update.attempt_id) {
    const { row, model } = await getOwnAttemptModel(db, userId, update.attempt_id, now);
    if (row.status !== 'submitted') throw validationFailed({ attempt_id: NOTEBOOK_KEYS.attemptRequired });
    if (!model.questionById.has(questionId)) throw notFound('Question not found');
    source = { attemptId: row.id, model, testId: row.testId, testVersion: row.testVersion };
  }
  const note = update.note === undefined ? undefined : update.note?.trim() || null;
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(notebookItems)
      .where(and(eq(notebookItems.userId, userId), eq(notebookItems.questionId, questionId)))
      .for('update');
    const learnedAt = update.learned === undefined ? undefined : update.learned ? now : null;
    let row: ItemRow | undefined;
    if (held) {
      [row] = await tx
        .update(notebookItems)
        .set({
          ...(update.bookmarked === undefined ? {} : { bookmarked: update.bookmarked }),
          ...(note === undefined ? {} : { note }),
          ...(learnedAt === undefined || held.wrongCount === 0 ? {} : { learnedAt }),
          updatedAt: now,
        })
        .where(and(eq(notebookItems.userId, userId), eq(notebookItems.questionId, questionId)))
        .returning();
    } else {
      if (!source) {
        // Another learner's question and an unknown one look the same: neither is in this notebook.
        if (update.attempt_id === undefined) throw notFound('Question not in the notebook');
        throw notFound('Question not found');
      }
      const question = source.model.questionById.get(questionId)!;
      const section = source.model.sectionById.get(question.sectionId)!;
      [row] = await tx
        .insert(notebookItems)
        .values({
          userId,
          questionId,
          testId: source.testId,
          testVersion: source.testVersion,
          sectionId: section.id,
          partName: section.name,
          typeId: question.type.id,
          typeName: question.type.name,
          attemptId: source.attemptId,
          bookmarked: update.bookmarked ?? false,
          note: note ?? null,
        })
        .returning();
    }
    if (row && row.wrongCount === 0 && !row.bookmarked && row.note === null) {
      await tx
        .delete(notebookItems)
        .where(and(eq(notebookItems.userId, userId), eq(notebookItems.questionId, questionId)));
    }
    return {
      question_id: questionId,
      bookmarked: row?.bookmarked ?? false,
      note: row?.note ?? null,
      learned_at: row?.learnedAt?.toISOString() ?? null,
    };
  });
}

/**
 * A practice of notebook questions of one test: the chosen ones, or the filter's newest (at most 50), on
 * the newest version the learner met them in (a question that version no longer holds is left out).
 */
export async function practiseNotebook(
  db: Db,
  userId: string,
  body: NotebookPracticeBody,
  now: Date,
): Promise<PracticeStarted> {
  const where = and(
    notebookWhere(userId, body, now),
    body.question_ids ? inArray(notebookItems.questionId, body.question_ids) : undefined,
  );
  const rows = await db
    .select({ questionId: notebookItems.questionId, testVersion: notebookItems.testVersion })
    .from(notebookItems)
    .where(where)
    .orderBy(...newestFirst)
    .limit(NOTEBOOK_PRACTICE_MAX);
  if (body.question_ids) {
    const found = new Set(rows.map((row) => row.questionId));
    const errors: FieldErrors = {};
    body.question_ids.forEach((id, index) => {
      if (!found.has(id)) errors[`question_ids.${index}`] = NOTEBOOK_KEYS.unknownQuestion;
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }
  if (rows.length === 0) {
    throw new AppError(409, 'CONFLICT', 'Nothing to practise', { test_id: NOTEBOOK_KEYS.nothingToPractise });
  }
  const version = Math.max(...rows.map((row) => row.testVersion));
  return startQuestionPractice(
    db,
    userId,
    {
      testId: body.test_id,
      testVersion: version,
      questionIds: rows.map((row) => row.questionId),
      sourceAttemptId: null,
    },
    now,
  );
}

export { practiseMistakes };
