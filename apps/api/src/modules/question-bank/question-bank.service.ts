import {
  type AnswerKind,
  type FieldErrors,
  QUESTION_KEYS,
  type Question,
  type QuestionGroup,
} from '@prepwise/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  examFormats,
  exams,
  levels,
  media,
  type QuestionOption,
  questionGroups,
  questions,
  questionTypes,
  testItems,
} from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { plainText, sanitizeOptionalRichText, sanitizeRichText } from '../../lib/html';
import { paginate } from '../../lib/pagination';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { mediaOfTenant, toMedia } from '../media/media.service';
import { checkQuestionShape, normalizeAnswer } from './question-rules';

type MediaRow = typeof media.$inferSelect;

export interface QuestionInput {
  id?: string;
  level_id: string | null;
  question_type_id: string;
  stem: string;
  options: QuestionOption[];
  items: QuestionOption[];
  answer: unknown;
  explanation_vi: string | null;
  explanation_en: string | null;
  tags: string[];
  source_note: string | null;
  audio_id: string | null;
  image_id: string | null;
}

export interface GroupInput {
  format_id: string;
  level_id: string | null;
  title: string;
  passage: string | null;
  transcript: string | null;
  audio_id: string | null;
  image_id: string | null;
  tags: string[];
  source_note: string | null;
  questions: QuestionInput[];
}

// ---------------------------------------------------------------- checks

/** Everything a question refers to must belong to the tenant (the platform's structure for organizations too). */
interface ReferenceIds {
  level_id: string | null;
  question_type_id?: string;
  audio_id: string | null;
  image_id: string | null;
}

async function loadReferences(db: Db, tenant: Tenant, formatId: string, inputs: ReferenceIds[]) {
  const owners = tenant.organizationId ? [tenant.organizationId] : [];
  const visible = (column: Parameters<typeof ownedBy>[0]) =>
    owners.length ? sql`(${column} is null or ${column} = ${owners[0]})` : isNull(column);
  const [format] = await db
    .select({ format: examFormats })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(eq(examFormats.id, formatId), visible(categories.organizationId)));
  if (!format) throw validationFailed({ format_id: 'common.invalid_field' });
  const typeIds = [
    ...new Set(inputs.map((input) => input.question_type_id).filter((id): id is string => !!id)),
  ];
  const levelIds = [...new Set(inputs.map((input) => input.level_id).filter((id): id is string => !!id))];
  const mediaIds = [
    ...new Set(
      inputs.flatMap((input) => [input.audio_id, input.image_id]).filter((id): id is string => !!id),
    ),
  ];
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const types = await db
    .select()
    .from(questionTypes)
    .where(and(inArray(questionTypes.id, typeIds), visible(questionTypes.organizationId)));
  const levelRows = levelIds.length
    ? await db
        .select({ id: levels.id })
        .from(levels)
        .where(and(inArray(levels.id, levelIds), visible(levels.organizationId)))
    : [];
  const mediaRows = await mediaOfTenant(db, tenant, mediaIds);
  return {
    format: format.format,
    types: new Map(types.map((type) => [type.id, type])),
    levels: new Set(levelRows.map((row) => row.id)),
    media: mediaRows,
  };
}

function checkQuestion(
  input: QuestionInput,
  references: Awaited<ReturnType<typeof loadReferences>>,
  prefix = '',
): { errors: FieldErrors; kind: AnswerKind | null } {
  const errors: FieldErrors = {};
  const type = references.types.get(input.question_type_id);
  if (!type) errors[`${prefix}question_type_id`] = 'common.invalid_field';
  else if (
    // A part's allow-list names the platform's types; an organization's own types (the only non-platform
    // ones it sees) are allowed in every part it writes questions for.
    type.organizationId === null &&
    references.format.allowedQuestionTypeIds.length > 0 &&
    !references.format.allowedQuestionTypeIds.includes(type.id)
  ) {
    errors[`${prefix}question_type_id`] = QUESTION_KEYS.typeNotAllowed;
  }
  if (input.level_id && !references.levels.has(input.level_id))
    errors[`${prefix}level_id`] = 'common.invalid_field';
  checkMedia(references.media, input, errors, prefix);
  if (type) {
    for (const [field, key] of Object.entries(checkQuestionShape(type.answerKind, input)))
      errors[`${prefix}${field}`] = key;
  }
  return { errors, kind: type?.answerKind ?? null };
}

function checkMedia(
  found: Map<string, MediaRow>,
  input: { audio_id: string | null; image_id: string | null },
  errors: FieldErrors,
  prefix = '',
) {
  for (const [field, kind] of [
    ['audio_id', 'audio'],
    ['image_id', 'image'],
  ] as const) {
    const id = input[field];
    if (!id) continue;
    const row = found.get(id);
    if (!row) errors[`${prefix}${field}`] = QUESTION_KEYS.unknownMedia;
    else if (row.kind !== kind) errors[`${prefix}${field}`] = QUESTION_KEYS.wrongMediaKind;
  }
}

function questionValues(input: QuestionInput, kind: AnswerKind) {
  const stem = sanitizeRichText(input.stem);
  return {
    levelId: input.level_id,
    questionTypeId: input.question_type_id,
    stem,
    stemText: plainText(stem).slice(0, 2000),
    options: input.options.map((option) => ({ key: option.key, content: sanitizeRichText(option.content) })),
    items: input.items.map((item) => ({ key: item.key, content: sanitizeRichText(item.content) })),
    answer: normalizeAnswer(kind, input.answer),
    explanationVi: sanitizeOptionalRichText(input.explanation_vi),
    explanationEn: sanitizeOptionalRichText(input.explanation_en),
    tags: input.tags,
    sourceNote: input.source_note ? plainText(input.source_note) : null,
    audioId: input.audio_id,
    imageId: input.image_id,
  };
}

// ---------------------------------------------------------------- reading

const questionColumns = {
  question: questions,
  formatName: examFormats.name,
  examName: exams.name,
  levelCode: levels.code,
  typeName: questionTypes.name,
  answerKind: questionTypes.answerKind,
};

type QuestionRow = {
  question: typeof questions.$inferSelect;
  formatName: string;
  examName: string;
  levelCode: string | null;
  typeName: string;
  answerKind: AnswerKind;
};

function selectQuestions(db: Db) {
  return db
    .select(questionColumns)
    .from(questions)
    .innerJoin(examFormats, eq(examFormats.id, questions.formatId))
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(questionTypes, eq(questionTypes.id, questions.questionTypeId))
    .leftJoin(levels, eq(levels.id, questions.levelId));
}

async function mediaFor(db: Db, rows: { audioId: string | null; imageId: string | null }[]) {
  const ids = [
    ...new Set(rows.flatMap((row) => [row.audioId, row.imageId]).filter((id): id is string => !!id)),
  ];
  if (ids.length === 0) return new Map<string, MediaRow>();
  const found = await db.select().from(media).where(inArray(media.id, ids));
  return new Map(found.map((row) => [row.id, row]));
}

function toQuestion(row: QuestionRow, mediaRows: Map<string, MediaRow>): Question {
  const q = row.question;
  const attached = (id: string | null) => (id && mediaRows.has(id) ? toMedia(mediaRows.get(id)!) : null);
  return {
    id: q.id,
    group_id: q.groupId,
    position: q.position,
    format: { id: q.formatId, name: row.formatName, exam_name: row.examName },
    level: q.levelId && row.levelCode ? { id: q.levelId, code: row.levelCode } : null,
    question_type: { id: q.questionTypeId, name: row.typeName, answer_kind: row.answerKind },
    stem: q.stem,
    options: q.options,
    items: q.items,
    answer: q.answer,
    explanation_vi: q.explanationVi,
    explanation_en: q.explanationEn,
    tags: q.tags,
    source_note: q.sourceNote,
    audio: attached(q.audioId),
    image: attached(q.imageId),
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}

async function toQuestions(db: Db, rows: QuestionRow[]) {
  const mediaRows = await mediaFor(
    db,
    rows.map((row) => row.question),
  );
  return rows.map((row) => toQuestion(row, mediaRows));
}

export async function listQuestions(
  db: Db,
  tenant: Tenant,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    format_id?: string;
    exam_id?: string;
    level_id?: string;
    question_type_id?: string;
    tag?: string;
    sort: 'newest' | 'oldest';
  },
) {
  const where = and(
    ownedBy(questions.organizationId, tenant),
    isNull(questions.groupId),
    query.format_id ? eq(questions.formatId, query.format_id) : undefined,
    query.exam_id ? eq(examFormats.examId, query.exam_id) : undefined,
    query.level_id ? eq(questions.levelId, query.level_id) : undefined,
    query.question_type_id ? eq(questions.questionTypeId, query.question_type_id) : undefined,
    query.tag ? sql`${questions.tags} @> array[${query.tag.toLowerCase()}]::text[]` : undefined,
    query.search ? ilike(questions.stemText, `%${query.search}%`) : undefined,
  );
  const order =
    query.sort === 'oldest'
      ? [asc(questions.createdAt), asc(questions.id)]
      : [desc(questions.createdAt), desc(questions.id)];
  return paginate(
    query,
    async (limit, offset) =>
      toQuestions(
        db,
        await selectQuestions(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    () => {
      const counted = db.select({ n: count() }).from(questions);
      // Join the parts only when filtering by exam: counting 100,000 rows is cheaper without it.
      return query.exam_id
        ? counted.innerJoin(examFormats, eq(examFormats.id, questions.formatId)).where(where)
        : counted.where(where);
    },
  );
}

export async function getQuestion(db: Db, tenant: Tenant, id: string): Promise<Question> {
  const rows = await selectQuestions(db).where(
    and(eq(questions.id, id), ownedBy(questions.organizationId, tenant)),
  );
  if (!rows[0]) throw notFound('Question not found');
  return (await toQuestions(db, rows))[0]!;
}

/** Several of the tenant's questions in one query, in the order of `ids` (unknown ids are left out). */
export async function getQuestionsByIds(db: Db, tenant: Tenant, ids: readonly string[]): Promise<Question[]> {
  if (ids.length === 0) return [];
  const found = await toQuestions(
    db,
    await selectQuestions(db).where(
      and(inArray(questions.id, [...ids]), ownedBy(questions.organizationId, tenant)),
    ),
  );
  const byId = new Map(found.map((question) => [question.id, question]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

// ---------------------------------------------------------------- single questions

/** The bank's checks of a single question without saving it (AI drafts are edited with them). */
export async function checkQuestionInput(
  db: Db,
  tenant: Tenant,
  input: QuestionInput & { format_id: string },
) {
  const references = await loadReferences(db, tenant, input.format_id, [input]);
  const { errors, kind } = checkQuestion(input, references);
  if (Object.keys(errors).length > 0 || !kind) throw validationFailed(errors);
  return kind;
}

export async function createQuestion(
  db: Db,
  tenant: Tenant,
  userId: string,
  input: QuestionInput & { format_id: string },
) {
  const references = await loadReferences(db, tenant, input.format_id, [input]);
  const { errors, kind } = checkQuestion(input, references);
  if (Object.keys(errors).length > 0 || !kind) throw validationFailed(errors);
  const [row] = await db
    .insert(questions)
    .values({
      ...questionValues(input, kind),
      formatId: input.format_id,
      organizationId: tenant.organizationId,
      createdBy: userId,
    })
    .returning({ id: questions.id });
  return getQuestion(db, tenant, row!.id);
}

export async function updateQuestion(
  db: Db,
  tenant: Tenant,
  id: string,
  input: QuestionInput & { format_id: string },
  now: Date,
) {
  const current = await getQuestion(db, tenant, id);
  if (current.group_id)
    throw new AppError(409, 'CONFLICT', 'This question belongs to a group; edit it through its group', {
      id: QUESTION_KEYS.editThroughGroup,
    });
  const references = await loadReferences(db, tenant, input.format_id, [input]);
  const { errors, kind } = checkQuestion(input, references);
  if (Object.keys(errors).length > 0 || !kind) throw validationFailed(errors);
  await db
    .update(questions)
    .set({ ...questionValues(input, kind), formatId: input.format_id, updatedAt: now })
    .where(and(eq(questions.id, id), ownedBy(questions.organizationId, tenant)));
  return getQuestion(db, tenant, id);
}

/** Refuses to delete what a test uses: drafts would lose a question, published versions keep a copy anyway. */
async function assertNotInTests(db: Db, target: { questionId?: string; groupId?: string }) {
  const [used] = await db
    .select({ n: count() })
    .from(testItems)
    .where(
      target.questionId
        ? eq(testItems.questionId, target.questionId)
        : eq(testItems.groupId, target.groupId!),
    );
  if (Number(used?.n) > 0) {
    throw new AppError(
      409,
      'CONFLICT',
      `Used in ${used?.n} test section(s); remove it from those tests first`,
      { id: QUESTION_KEYS.usedInTests },
    );
  }
}

export async function deleteQuestion(db: Db, tenant: Tenant, id: string) {
  const current = await getQuestion(db, tenant, id);
  if (current.group_id)
    throw new AppError(409, 'CONFLICT', 'This question belongs to a group; edit it through its group', {
      id: QUESTION_KEYS.editThroughGroup,
    });
  await assertNotInTests(db, { questionId: id });
  await db.delete(questions).where(and(eq(questions.id, id), ownedBy(questions.organizationId, tenant)));
}

// ---------------------------------------------------------------- groups

export async function getGroup(db: Db, tenant: Tenant, id: string): Promise<QuestionGroup> {
  const [row] = await db
    .select({
      group: questionGroups,
      formatName: examFormats.name,
      examName: exams.name,
      levelCode: levels.code,
    })
    .from(questionGroups)
    .innerJoin(examFormats, eq(examFormats.id, questionGroups.formatId))
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .leftJoin(levels, eq(levels.id, questionGroups.levelId))
    .where(and(eq(questionGroups.id, id), ownedBy(questionGroups.organizationId, tenant)));
  if (!row) throw notFound('Question group not found');
  const members = await toQuestions(
    db,
    await selectQuestions(db).where(eq(questions.groupId, id)).orderBy(asc(questions.position)),
  );
  const mediaRows = await mediaFor(db, [row.group]);
  const g = row.group;
  const attached = (mediaId: string | null) =>
    mediaId && mediaRows.has(mediaId) ? toMedia(mediaRows.get(mediaId)!) : null;
  return {
    id: g.id,
    format: { id: g.formatId, name: row.formatName, exam_name: row.examName },
    level: g.levelId && row.levelCode ? { id: g.levelId, code: row.levelCode } : null,
    title: g.title,
    passage: g.passage,
    transcript: g.transcript,
    audio: attached(g.audioId),
    image: attached(g.imageId),
    tags: g.tags,
    source_note: g.sourceNote,
    questions: members,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}

async function checkGroup(db: Db, tenant: Tenant, input: GroupInput) {
  const references = await loadReferences(db, tenant, input.format_id, [
    {
      level_id: input.level_id,
      question_type_id: input.questions[0]?.question_type_id ?? '',
      audio_id: input.audio_id,
      image_id: input.image_id,
    },
    ...input.questions,
  ]);
  const errors: FieldErrors = {};
  if (input.level_id && !references.levels.has(input.level_id)) errors.level_id = 'common.invalid_field';
  checkMedia(references.media, input, errors);
  const kinds = input.questions.map((question, index) => {
    const checked = checkQuestion(question, references, `questions.${index}.`);
    Object.assign(errors, checked.errors);
    return checked.kind;
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return kinds as AnswerKind[];
}

function groupValues(input: GroupInput) {
  return {
    formatId: input.format_id,
    levelId: input.level_id,
    title: plainText(input.title),
    passage: sanitizeOptionalRichText(input.passage),
    transcript: sanitizeOptionalRichText(input.transcript),
    audioId: input.audio_id,
    imageId: input.image_id,
    tags: input.tags,
    sourceNote: input.source_note ? plainText(input.source_note) : null,
  };
}

export async function createGroup(db: Db, tenant: Tenant, userId: string, input: GroupInput) {
  const kinds = await checkGroup(db, tenant, input);
  const id = await db.transaction(async (tx) => {
    const [group] = await tx
      .insert(questionGroups)
      .values({ ...groupValues(input), organizationId: tenant.organizationId, createdBy: userId })
      .returning({ id: questionGroups.id });
    await tx.insert(questions).values(
      input.questions.map((question, position) => ({
        ...questionValues(question, kinds[position]!),
        groupId: group!.id,
        position,
        formatId: input.format_id,
        organizationId: tenant.organizationId,
        createdBy: userId,
      })),
    );
    return group!.id;
  });
  return getGroup(db, tenant, id);
}

/** Replaces the group and its sub-questions: kept ids are updated, new ones inserted, missing ones deleted. */
export async function updateGroup(
  db: Db,
  tenant: Tenant,
  userId: string,
  id: string,
  input: GroupInput,
  now: Date,
) {
  const current = await getGroup(db, tenant, id);
  const kinds = await checkGroup(db, tenant, input);
  const existing = new Set(current.questions.map((question) => question.id));
  const unknown = input.questions.findIndex((question) => question.id && !existing.has(question.id));
  if (unknown >= 0) throw validationFailed({ [`questions.${unknown}.id`]: 'common.invalid_field' });
  await db.transaction(async (tx) => {
    await tx
      .update(questionGroups)
      .set({ ...groupValues(input), updatedAt: now })
      .where(eq(questionGroups.id, id));
    const kept = new Set(input.questions.map((question) => question.id).filter(Boolean));
    const removed = current.questions
      .filter((question) => !kept.has(question.id))
      .map((question) => question.id);
    if (removed.length) await tx.delete(questions).where(inArray(questions.id, removed));
    // Move the survivors out of the way of the unique (group, position) index before renumbering.
    await tx
      .update(questions)
      .set({ position: sql`${questions.position} + 10000` })
      .where(eq(questions.groupId, id));
    for (const [position, question] of input.questions.entries()) {
      const values = {
        ...questionValues(question, kinds[position]!),
        position,
        formatId: input.format_id,
        updatedAt: now,
      };
      if (question.id) await tx.update(questions).set(values).where(eq(questions.id, question.id));
      else
        await tx
          .insert(questions)
          .values({ ...values, groupId: id, organizationId: tenant.organizationId, createdBy: userId });
    }
  });
  return getGroup(db, tenant, id);
}

export async function deleteGroup(db: Db, tenant: Tenant, id: string) {
  await getGroup(db, tenant, id);
  await assertNotInTests(db, { groupId: id });
  await db
    .delete(questionGroups)
    .where(and(eq(questionGroups.id, id), ownedBy(questionGroups.organizationId, tenant)));
}

export async function listGroups(
  db: Db,
  tenant: Tenant,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    format_id?: string;
    exam_id?: string;
    level_id?: string;
    tag?: string;
    sort: 'newest' | 'oldest';
  },
) {
  const where = and(
    ownedBy(questionGroups.organizationId, tenant),
    query.format_id ? eq(questionGroups.formatId, query.format_id) : undefined,
    query.exam_id ? eq(examFormats.examId, query.exam_id) : undefined,
    query.level_id ? eq(questionGroups.levelId, query.level_id) : undefined,
    query.tag ? sql`${questionGroups.tags} @> array[${query.tag.toLowerCase()}]::text[]` : undefined,
    query.search ? ilike(questionGroups.title, `%${query.search}%`) : undefined,
  );
  const memberCount = sql<number>`(select count(*)::int from "questions" as "q" where "q"."group_id" = "question_groups"."id")`;
  const order = query.sort === 'oldest' ? asc(questionGroups.createdAt) : desc(questionGroups.createdAt);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await db
        .select({
          group: questionGroups,
          formatName: examFormats.name,
          examName: exams.name,
          levelCode: levels.code,
          members: memberCount,
        })
        .from(questionGroups)
        .innerJoin(examFormats, eq(examFormats.id, questionGroups.formatId))
        .innerJoin(exams, eq(exams.id, examFormats.examId))
        .leftJoin(levels, eq(levels.id, questionGroups.levelId))
        .where(where)
        .orderBy(order)
        .limit(limit)
        .offset(offset);
      const mediaRows = await mediaFor(
        db,
        rows.map((row) => row.group),
      );
      const attached = (mediaId: string | null) =>
        mediaId && mediaRows.has(mediaId) ? toMedia(mediaRows.get(mediaId)!) : null;
      return rows.map(({ group: g, ...row }) => ({
        id: g.id,
        format: { id: g.formatId, name: row.formatName, exam_name: row.examName },
        level: g.levelId && row.levelCode ? { id: g.levelId, code: row.levelCode } : null,
        title: g.title,
        audio: attached(g.audioId),
        image: attached(g.imageId),
        tags: g.tags,
        source_note: g.sourceNote,
        question_count: Number(row.members),
        created_at: g.createdAt.toISOString(),
        updated_at: g.updatedAt.toISOString(),
      }));
    },
    () =>
      db
        .select({ n: count() })
        .from(questionGroups)
        .innerJoin(examFormats, eq(examFormats.id, questionGroups.formatId))
        .where(where),
  );
}
