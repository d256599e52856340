import {
  type AnswerKind,
  type ExportFormat,
  type FieldErrors,
  fieldErrorsFromIssues,
  groupQuestionBodySchema,
  IMPORT_KEYS,
  type ImportFields,
  type ImportFormat,
  type ImportPreview,
  type ImportResult,
  QUESTION_KEYS,
  type Question,
  type QuestionGroup,
  questionGroupBodySchema,
} from '@prepwise/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { categories, examFormats, exams, levels, questionTypes } from '../../db/schema';
import { AppError, validationFailed } from '../../lib/errors';
import { plainText } from '../../lib/html';
import type { Tenant } from '../../tenancy/tenant';
import type { RemoteImageLocalizer } from '../media/remote-images.service';
import { getTest } from '../practice-tests/practice-tests.service';
import {
  createGroup,
  createQuestion,
  getGroup,
  getQuestion,
  type QuestionInput,
} from '../question-bank/question-bank.service';
import { localizeGroupImages, localizeQuestionImages } from '../question-bank/question-images';
import { checkQuestionShape } from '../question-bank/question-rules';
import { parseAiken } from './formats/aiken';
import { parseCsv, writeCsv } from './formats/csv';
import { parseGift } from './formats/gift';
import { type ExportEntry, parseMoodle, writeMoodle } from './formats/moodle';
import { parseQti, writeQti3 } from './formats/qti';
import { ANSWER_SYNTAX, COLUMNS, rowOf, TABLE_NOTES, TEMPLATE_EXAMPLES } from './formats/table';
import { parseXlsx, type Sheet, writeXlsx } from './formats/xlsx';
import {
  type ItemNotice,
  MalformedFileError,
  type ParsedEntry,
  type ParsedQuestion,
  type ParseResult,
  withoutForeignImages,
} from './model';

// ---------------------------------------------------------------- reading a file

const EXTENSIONS: Record<string, ImportFormat> = {
  csv: 'csv',
  xlsx: 'xlsx',
  gift: 'gift',
  aiken: 'aiken',
  zip: 'qti',
};

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03;
const head = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));

const unsupported = (message: string, key: string = IMPORT_KEYS.unsupportedFormat) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { file: key });

/** The format asked for, or the one the file name and content show. */
export function detectFormat(filename: string, bytes: Uint8Array, requested?: ImportFormat): ImportFormat {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const start = head(bytes);
  let format = requested ?? EXTENSIONS[extension];
  if (!format && extension === 'xml') {
    if (/<quiz[\s>]/.test(start)) format = 'moodle';
    else if (/assessmentItem|qti-assessment-item/.test(start)) format = 'qti';
  }
  if (!format && extension === 'txt') format = /\{[\s\S]*\}/.test(start) ? 'gift' : 'aiken';
  if (!format)
    throw unsupported(
      `Cannot tell the format of "${filename}": choose one of csv, xlsx, moodle, gift, aiken, qti or use a known extension`,
    );
  const binary = isZip(bytes);
  const mismatch =
    (format === 'xlsx' && !binary) ||
    (['csv', 'gift', 'aiken', 'moodle'].includes(format) && (binary || start.includes('\u0000'))) ||
    (format === 'moodle' && !/<quiz[\s>]/.test(start)) ||
    (format === 'qti' && !binary && !/assessmentItem|qti-assessment-item/.test(start));
  if (mismatch)
    throw unsupported(`"${filename}" does not look like a ${format} file`, IMPORT_KEYS.formatMismatch);
  return format;
}

const PARSERS: Record<ImportFormat, (bytes: Uint8Array) => ParseResult> = {
  csv: parseCsv,
  xlsx: parseXlsx,
  moodle: parseMoodle,
  gift: parseGift,
  aiken: parseAiken,
  qti: parseQti,
};

/** Parses a file; a file that cannot be read at all answers 422 naming where it breaks, never a 500. */
export function parseFile(format: ImportFormat, bytes: Uint8Array): ParseResult {
  try {
    return withoutForeignImages(PARSERS[format](bytes), IMPORT_KEYS.imagesNotKept);
  } catch (error) {
    const reason = error instanceof MalformedFileError ? error.message : 'the file cannot be read';
    throw validationFailed(
      { file: IMPORT_KEYS.malformedFile },
      `The ${format} file cannot be read: ${reason}`,
    );
  }
}

// ---------------------------------------------------------------- tying items to the tenant's structure

interface Resolved {
  entries: {
    entry: ParsedEntry;
    question?: QuestionInput & { format_id: string };
    group?: Parameters<typeof createGroup>[3];
    errors: FieldErrors;
    messages: string[];
    warnings: ItemNotice[];
  }[];
  errors: FieldErrors;
}

async function loadStructure(db: Db, tenant: Tenant, formatId: string) {
  const visible = (column: PgColumn) =>
    tenant.organizationId ? or(isNull(column), eq(column, tenant.organizationId)) : isNull(column);
  const [format] = await db
    .select({ format: examFormats })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(eq(examFormats.id, formatId), visible(categories.organizationId)));
  if (!format)
    throw validationFailed({ format_id: 'common.invalid_field' }, 'Choose an exam part to import into');
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const types = await db
    .select()
    .from(questionTypes)
    .where(visible(questionTypes.organizationId))
    .orderBy(
      sql`${questionTypes.organizationId} is null`,
      asc(questionTypes.createdAt),
      asc(questionTypes.name),
    );
  const levelRows = await db.select().from(levels).where(visible(levels.organizationId));
  const allowed = format.format.allowedQuestionTypeIds;
  const typeFor = (kind: AnswerKind) => {
    const ofKind = types.filter((type) => type.answerKind === kind);
    // The part's listed type first, else the organization's own (allowed in every part, issue 29).
    if (!allowed.length) return ofKind[0] ?? null;
    return (
      ofKind.find((type) => allowed.includes(type.id)) ??
      ofKind.find((type) => type.organizationId !== null) ??
      null
    );
  };
  const anyOfKind = (kind: AnswerKind) => types.some((type) => type.answerKind === kind);
  const levelIds = new Map(levelRows.map((row) => [row.code.toLowerCase(), row.id]));
  return {
    format: format.format,
    typeFor,
    anyOfKind,
    levelIds,
    levelSet: new Set(levelRows.map((row) => row.id)),
  };
}

async function resolve(db: Db, tenant: Tenant, parsed: ParseResult, fields: ImportFields): Promise<Resolved> {
  const structure = await loadStructure(db, tenant, fields.format_id);
  if (fields.level_id && !structure.levelSet.has(fields.level_id))
    throw validationFailed({ level_id: 'common.invalid_field' });
  const errors: FieldErrors = {};
  const entries = parsed.entries.map((entry, index) => {
    const itemErrors: FieldErrors = {};
    const messages: string[] = [];
    const add = (field: string, key: string, message: string) => {
      const path = `items.${index}.${field}`;
      if (!itemErrors[path]) {
        itemErrors[path] = key;
        messages.push(message);
      }
    };
    for (const problem of entry.problems) add(problem.field, problem.key, problem.message);
    const levelOf = (code: string | null, prefix: string, location: string) => {
      if (!code) return fields.level_id;
      const id = structure.levelIds.get(code.toLowerCase());
      if (!id) add(`${prefix}level`, IMPORT_KEYS.unknownLevel, `${location}: level "${code}" does not exist`);
      return id ?? null;
    };
    const questionInput = (question: ParsedQuestion, prefix: string): QuestionInput => {
      const type = structure.typeFor(question.kind);
      if (!type)
        add(
          `${prefix}type`,
          structure.anyOfKind(question.kind) ? QUESTION_KEYS.typeNotAllowed : IMPORT_KEYS.noTypeForKind,
          `${question.location}: ${question.kind} questions are not allowed in this exam part`,
        );
      const candidate = {
        level_id: null,
        question_type_id: type?.id ?? '00000000-0000-4000-8000-000000000000',
        stem: question.stem,
        options: question.options,
        items: question.items,
        answer: question.answer,
        explanation_vi: question.explanation_vi,
        explanation_en: question.explanation_en,
        tags: [...question.tags, ...fields.tags],
        source_note: question.title ? question.title.slice(0, 500) : null,
        audio_id: null,
        image_id: null,
      };
      const checked = groupQuestionBodySchema.safeParse(candidate);
      if (!checked.success)
        for (const [field, key] of Object.entries(fieldErrorsFromIssues(checked.error.issues)))
          add(`${prefix}${field}`, key, `${question.location}: ${field} is not valid (${key})`);
      if (!entry.problems.some((problem) => problem.field.startsWith(`${prefix}answer`)))
        for (const [field, key] of Object.entries(checkQuestionShape(question.kind, candidate)))
          add(
            `${prefix}${field}`,
            key,
            `${question.location}: ${field} is not valid for ${question.kind} (${key})`,
          );
      const data = checked.success ? checked.data : candidate;
      return {
        ...data,
        options: data.options,
        items: data.items,
        level_id: levelOf(question.level, prefix, question.location),
      };
    };
    let question: (QuestionInput & { format_id: string }) | undefined;
    let group: Parameters<typeof createGroup>[3] | undefined;
    if (entry.question) question = { ...questionInput(entry.question, ''), format_id: fields.format_id };
    else if (entry.group) {
      const g = entry.group;
      const candidate = {
        format_id: fields.format_id,
        level_id: null,
        title: plainText(g.title).slice(0, 300),
        passage: g.passage,
        transcript: null,
        audio_id: null,
        image_id: null,
        tags: [...g.tags, ...fields.tags],
        source_note: null,
        questions: g.questions.map((q, position) => questionInput(q, `questions.${position}.`)),
      };
      const checked = questionGroupBodySchema.safeParse({
        ...candidate,
        questions: candidate.questions.length ? candidate.questions : [],
      });
      if (!checked.success)
        for (const [field, key] of Object.entries(fieldErrorsFromIssues(checked.error.issues)))
          if (!field.startsWith('questions.'))
            add(field, key, `${entry.location}: ${field} is not valid (${key})`);
      group = { ...candidate, level_id: levelOf(g.level, '', entry.location) };
    } else if (entry.problems.length === 0)
      add('item', IMPORT_KEYS.malformedFile, `${entry.location}: cannot be read`);
    Object.assign(errors, itemErrors);
    const warnings = [
      ...(entry.group?.warnings ?? []),
      ...(entry.question?.warnings ?? []),
      ...(entry.group?.questions.flatMap((q) => q.warnings ?? []) ?? []),
    ];
    return { entry, question, group, errors: itemErrors, messages, warnings };
  });
  return { entries, errors };
}

// ---------------------------------------------------------------- preview and import

function answerSummary(kind: AnswerKind, answer: unknown): string {
  const a = (answer ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'single_choice':
      return String(a.key ?? '');
    case 'multiple_choice':
      return ((a.keys as string[]) ?? []).join(', ');
    case 'true_false_not_given':
      return String(a.value ?? '');
    case 'gap_fill':
    case 'short_answer':
      return ((a.accepted as string[]) ?? []).join(' | ');
    case 'matching':
      return Object.entries((a.pairs as Record<string, string>) ?? {})
        .map(([item, option]) => `${item}→${option}`)
        .join(', ');
    case 'ordering':
      return ((a.order as string[]) ?? []).join(' → ');
    case 'essay':
      return typeof a.guidance === 'string' ? a.guidance.slice(0, 200) : '';
    case 'speaking':
      return `${a.preparation_seconds ?? '?'} s + ${a.speaking_seconds ?? '?'} s (${a.prompt_mode ?? '?'})`;
  }
}

const summary = (question: ParsedQuestion) => ({
  stem_text: plainText(question.stem).slice(0, 300),
  answer_kind: question.kind,
  options_count: question.options.length,
  options: [...question.items, ...question.options].map((option) => ({
    key: option.key,
    text: plainText(option.content).slice(0, 200),
  })),
  answer_summary: answerSummary(question.kind, question.answer),
});

export async function previewImport(
  db: Db,
  tenant: Tenant,
  format: ImportFormat,
  bytes: Uint8Array,
  fields: ImportFields,
): Promise<ImportPreview> {
  const parsed = parseFile(format, bytes);
  const resolved = await resolve(db, tenant, parsed, fields);
  const items = resolved.entries.map(({ entry, errors, messages, warnings }, index) => ({
    index,
    location: entry.location,
    kind: entry.group ? ('group' as const) : ('question' as const),
    title: entry.group?.title ?? (entry.question ? null : (entry.label ?? null)),
    questions: entry.group
      ? entry.group.questions.map(summary)
      : entry.question
        ? [summary(entry.question)]
        : [],
    errors,
    messages,
    warnings,
  }));
  return {
    format,
    item_count: items.length,
    question_count: items.reduce((sum, item) => sum + item.questions.length, 0),
    group_count: items.filter((item) => item.kind === 'group').length,
    valid: items.length > 0 && Object.keys(resolved.errors).length === 0,
    valid_count: items.filter((item) => item.messages.length === 0).length,
    items,
    errors: items.length === 0 ? { file: IMPORT_KEYS.empty } : resolved.errors,
    warnings: parsed.warnings,
  };
}

/**
 * All or nothing: any problem answers 422 naming the lines/items; otherwise everything is saved in one
 * transaction. With `skip_invalid`, the items with problems are left out and listed, and the valid ones are
 * saved, still all or nothing among themselves.
 */
export async function runImport(
  db: Db,
  tenant: Tenant,
  userId: string,
  format: ImportFormat,
  bytes: Uint8Array,
  fields: ImportFields,
  localize?: RemoteImageLocalizer,
): Promise<ImportResult> {
  const parsed = parseFile(format, bytes);
  const resolved = await resolve(db, tenant, parsed, fields);
  if (resolved.entries.length === 0)
    throw validationFailed({ file: IMPORT_KEYS.empty }, 'The file holds no question to import');
  const failing = resolved.entries.filter((entry) => entry.messages.length > 0);
  const chosen = resolved.entries.filter((entry) => entry.messages.length === 0);
  if (failing.length > 0 && (!fields.skip_invalid || chosen.length === 0)) {
    const messages = failing.flatMap((entry) => entry.messages);
    throw validationFailed(
      resolved.errors,
      `Nothing was imported: ${failing.length} item(s) have errors. ${messages.slice(0, 5).join('; ')}${
        messages.length > 5 ? `; and ${messages.length - 5} more` : ''
      }`,
    );
  }
  const skipped = failing.map((entry) => ({
    index: resolved.entries.indexOf(entry),
    location: entry.entry.location,
    errors: entry.errors,
    messages: entry.messages,
  }));
  // An organization's pictures from other sites are stored in its media first (issue 26); one that cannot
  // be fetched refuses the file, naming the item.
  if (localize) {
    for (const entry of chosen) {
      try {
        if (entry.question) entry.question = await localizeQuestionImages(localize, entry.question);
        else if (entry.group) entry.group = await localizeGroupImages(localize, entry.group);
      } catch (error) {
        if (!(error instanceof AppError) || !error.errors) throw error;
        const [key] = Object.values(error.errors);
        throw validationFailed(
          { file: key! },
          `${entry.entry.location}: a picture could not be stored (${error.message})`,
        );
      }
    }
  }
  const result = await db.transaction(async (tx) => {
    const questionIds: string[] = [];
    const groupIds: string[] = [];
    let questionCount = 0;
    for (const entry of chosen) {
      if (entry.question) {
        questionIds.push((await createQuestion(tx as Db, tenant, userId, entry.question)).id);
        questionCount++;
      } else if (entry.group) {
        const group = await createGroup(tx as Db, tenant, userId, entry.group);
        groupIds.push(group.id);
        questionCount += group.questions.length;
      }
    }
    return { questionIds, groupIds, questionCount };
  });
  return {
    format,
    question_count: result.questionCount,
    group_count: result.groupIds.length,
    question_ids: result.questionIds,
    group_ids: result.groupIds,
    warnings: parsed.warnings,
    skipped,
  };
}

// ---------------------------------------------------------------- templates and export

const WIDTHS = COLUMNS.map((column) =>
  ['stem', 'passage', 'items', 'explanation_vi', 'explanation_en'].includes(column)
    ? 40
    : column.length === 1
      ? 18
      : 14,
);

function syntaxSheet(): Sheet {
  return {
    name: 'Answer syntax',
    rows: [
      ['type', 'answer column', 'example'],
      ...ANSWER_SYNTAX.map(([kind, how, example]) => [kind, how, example]),
      [],
      ['Notes', '', ''],
      ...TABLE_NOTES.map((note) => ['', note, '']),
    ],
    widths: [24, 90, 24],
  };
}

export function templateXlsx(): Uint8Array {
  return writeXlsx([
    { name: 'Questions', rows: [[...COLUMNS], ...TEMPLATE_EXAMPLES], widths: WIDTHS },
    syntaxSheet(),
  ]);
}

export function templateCsv(): Uint8Array {
  return writeCsv([[...COLUMNS], ...TEMPLATE_EXAMPLES]);
}

const toParsed = (question: Question): ParsedQuestion => ({
  kind: question.question_type.answer_kind,
  stem: question.stem,
  options: question.options,
  items: question.items,
  answer: question.answer,
  explanation_vi: question.explanation_vi,
  explanation_en: question.explanation_en,
  tags: question.tags,
  level: question.level?.code ?? null,
  location: question.id,
});

const groupEntry = (group: QuestionGroup): ExportEntry => ({
  type: 'group',
  group: {
    title: group.title,
    passage: group.passage,
    tags: group.tags,
    level: group.level?.code ?? null,
    questions: group.questions.map(toParsed),
  },
});

async function collectForExport(
  db: Db,
  tenant: Tenant,
  selection: { question_ids?: string[]; group_ids?: string[]; test_id?: string },
): Promise<ExportEntry[]> {
  const refs: { kind: 'question' | 'group'; id: string }[] = [];
  if (selection.test_id) {
    const test = await getTest(db, tenant, selection.test_id);
    for (const section of test.sections)
      for (const item of section.items)
        refs.push(
          item.group ? { kind: 'group', id: item.group.id } : { kind: 'question', id: item.question!.id },
        );
  }
  for (const id of selection.question_ids ?? []) refs.push({ kind: 'question', id });
  for (const id of selection.group_ids ?? []) refs.push({ kind: 'group', id });
  const seen = new Set<string>();
  const unique = refs.filter(
    (ref) => !seen.has(`${ref.kind}:${ref.id}`) && seen.add(`${ref.kind}:${ref.id}`),
  );
  if (unique.length === 0)
    throw validationFailed(
      { question_ids: IMPORT_KEYS.nothingSelected },
      'Choose questions, groups or a test to export',
    );
  const entries: ExportEntry[] = [];
  for (const ref of unique) {
    if (ref.kind === 'question')
      entries.push({ type: 'question', question: toParsed(await getQuestion(db, tenant, ref.id)) });
    else entries.push(groupEntry(await getGroup(db, tenant, ref.id)));
  }
  return entries;
}

export interface ExportFile {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
}

export async function exportQuestions(
  db: Db,
  tenant: Tenant,
  body: { format: ExportFormat; question_ids?: string[]; group_ids?: string[]; test_id?: string },
  now: Date,
): Promise<ExportFile> {
  const entries = await collectForExport(db, tenant, body);
  const stamp = now.toISOString().slice(0, 10);
  const name = `prepwise-questions-${stamp}`;
  if (body.format === 'moodle')
    return {
      bytes: writeMoodle(entries),
      filename: `${name}.xml`,
      contentType: 'application/xml; charset=utf-8',
    };
  if (body.format === 'qti3')
    return { bytes: writeQti3(entries), filename: `${name}-qti3.zip`, contentType: 'application/zip' };
  const rows = entries.flatMap((entry) =>
    entry.type === 'question'
      ? [rowOf(entry.question)]
      : entry.group.questions.map((question, position) =>
          rowOf(
            {
              ...question,
              level: question.level ?? entry.group.level,
              // The group's tags ride on its first row, where the importer reads them back.
              tags: position === 0 && question.tags.length === 0 ? entry.group.tags : question.tags,
            },
            { title: entry.group.title, passage: position === 0 ? entry.group.passage : null },
          ),
        ),
  );
  return {
    bytes: writeXlsx([{ name: 'Questions', rows: [[...COLUMNS], ...rows], widths: WIDTHS }, syntaxSheet()]),
    filename: `${name}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
