import {
  fieldErrorsFromIssues,
  VOCABULARY_IMPORT_KEYS,
  VOCABULARY_KEYS,
  vocabularyWordBodySchema,
  WORD_FILE_COLUMNS,
  WORD_IMPORT_MAX_ROWS,
  type WordImportPreview,
  type WordImportResult,
} from '@prepwise/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { vocabularyTopics, vocabularyTopicWords, vocabularyWords } from '../../db/schema';
import { AppError, validationFailed } from '../../lib/errors';
import { writeCsv } from '../import-export/formats/csv';
import type { SourceRow } from '../import-export/formats/table';
import { readTableFile } from '../import-export/formats/table-file';
import { writeXlsx } from '../import-export/formats/xlsx';

/**
 * Words from and to a CSV/XLSX file with the columns of WORD_FILE_COLUMNS: one word a row, topics by
 * slug separated by `;`, tags by `,`. A row whose headword and part of speech already exist updates that
 * word (and adds it to the row's topics); the others create words. Preview first, then all or nothing.
 */

type Column = (typeof WORD_FILE_COLUMNS)[number];
type WordBody = z.output<typeof vocabularyWordBodySchema>;

interface CheckedRow {
  row: number;
  body: WordBody | null;
  headword: string;
  part_of_speech: string;
  meaning_vi: string;
  level: string;
  topics: string[];
  existingId: string | null;
  errors: Record<string, string>;
}

const unreadable = (message: string) =>
  new AppError(422, 'VALIDATION_FAILED', message, { file: VOCABULARY_IMPORT_KEYS.unreadable });

export function readWordFile(filename: string, bytes: Uint8Array): SourceRow[] {
  return readTableFile(filename, bytes, unreadable);
}

const splitList = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

async function check(db: Db, source: SourceRow[]): Promise<CheckedRow[]> {
  const [header, ...body] = source;
  const columns = (header?.cells ?? []).map((cell) => {
    const name = cell.trim().toLowerCase().replace(/\s+/g, '_');
    return (WORD_FILE_COLUMNS as readonly string[]).includes(name) ? (name as Column) : null;
  });
  if (!columns.includes('headword') || !columns.includes('meaning_vi'))
    throw validationFailed({ file: VOCABULARY_IMPORT_KEYS.header });
  const data = body.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (data.length === 0) throw validationFailed({ file: VOCABULARY_IMPORT_KEYS.empty });
  if (data.length > WORD_IMPORT_MAX_ROWS) throw validationFailed({ file: VOCABULARY_IMPORT_KEYS.tooMany });
  const cellOf = (row: SourceRow, column: Column) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : (row.cells[index] ?? '').trim();
  };

  const topics = await db
    .select({ id: vocabularyTopics.id, slug: vocabularyTopics.slug })
    .from(vocabularyTopics);
  const topicBySlug = new Map(topics.map((topic) => [topic.slug, topic.id]));
  const existing = await db
    .select({ id: vocabularyWords.id, headword: vocabularyWords.headword, pos: vocabularyWords.partOfSpeech })
    .from(vocabularyWords);
  const wordKey = (headword: string, pos: string) => `${headword.toLowerCase()}\u0000${pos}`;
  const existingByKey = new Map(existing.map((word) => [wordKey(word.headword, word.pos), word.id]));
  const seen = new Set<string>();

  return data.map((row) => {
    const exampleEn = cellOf(row, 'example_en');
    const exampleVi = cellOf(row, 'example_vi');
    const topicSlugs = splitList(cellOf(row, 'topics'), /;/);
    const candidate = {
      headword: cellOf(row, 'headword'),
      part_of_speech: cellOf(row, 'part_of_speech') || 'noun',
      ipa: cellOf(row, 'ipa'),
      meaning_vi: cellOf(row, 'meaning_vi'),
      definition_en: cellOf(row, 'definition_en'),
      examples: exampleEn || exampleVi ? [{ en: exampleEn, vi: exampleVi }] : [],
      level: cellOf(row, 'level').toUpperCase(),
      tags: splitList(cellOf(row, 'tags'), /,/),
      topic_ids: [],
    };
    const parsed = vocabularyWordBodySchema.safeParse(candidate);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const [path, key] of Object.entries(fieldErrorsFromIssues(parsed.error.issues))) {
        // examples.0.en → example_en: the file's own column names.
        const column = path.startsWith('examples.')
          ? `example_${path.split('.').at(-1)}`
          : path.split('.')[0]!;
        errors[column] ??= key;
      }
    }
    const unknown = topicSlugs.filter((slug) => !topicBySlug.has(slug));
    if (unknown.length > 0) errors.topics = VOCABULARY_KEYS.unknownTopic;
    const key = wordKey(candidate.headword, candidate.part_of_speech);
    if (candidate.headword && seen.has(key)) errors.headword ??= VOCABULARY_IMPORT_KEYS.duplicate;
    seen.add(key);
    return {
      row: row.number,
      body: parsed.success
        ? { ...parsed.data, topic_ids: topicSlugs.flatMap((slug) => topicBySlug.get(slug) ?? []) }
        : null,
      headword: candidate.headword,
      part_of_speech: candidate.part_of_speech,
      meaning_vi: candidate.meaning_vi,
      level: candidate.level,
      topics: topicSlugs,
      existingId: existingByKey.get(key) ?? null,
      errors,
    };
  });
}

export async function previewWordFile(db: Db, source: SourceRow[]): Promise<WordImportPreview> {
  const rows = await check(db, source);
  const errorCount = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return {
    rows: rows.map(({ body: _body, existingId, ...row }) => ({
      ...row,
      action: existingId ? ('update' as const) : ('create' as const),
    })),
    valid_count: rows.length - errorCount,
    error_count: errorCount,
  };
}

/** Imports every row in one transaction, or nothing (422 naming `rows.N.column`). */
export function importWordFile(db: Db, source: SourceRow[], now: Date): Promise<WordImportResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const rows = await check(t, source);
    const errors: Record<string, string> = {};
    for (const row of rows)
      for (const [column, key] of Object.entries(row.errors)) errors[`rows.${row.row}.${column}`] = key;
    if (Object.keys(errors).length > 0)
      throw new AppError(422, 'VALIDATION_FAILED', 'Some rows are not valid; nothing was imported', errors);
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const body = row.body!;
      const values = {
        headword: body.headword,
        partOfSpeech: body.part_of_speech,
        ipa: body.ipa,
        meaningVi: body.meaning_vi,
        definitionEn: body.definition_en,
        examples: body.examples,
        level: body.level,
        tags: body.tags,
      };
      let wordId = row.existingId;
      if (wordId) {
        await tx
          .update(vocabularyWords)
          .set({ ...values, updatedAt: now })
          .where(eq(vocabularyWords.id, wordId));
        updated++;
      } else {
        const [inserted] = await tx
          .insert(vocabularyWords)
          .values(values)
          .returning({ id: vocabularyWords.id });
        wordId = inserted!.id;
        created++;
      }
      for (const topicId of body.topic_ids) {
        await tx
          .insert(vocabularyTopicWords)
          .values({
            topicId,
            wordId,
            position: sql`(select coalesce(max(${vocabularyTopicWords.position}) + 1, 0) from ${vocabularyTopicWords} where ${vocabularyTopicWords.topicId} = ${topicId})`,
          })
          .onConflictDoNothing();
      }
    }
    return { created, updated };
  });
}

/** Every word (or a topic's), in the import's columns: an export that is also a template. */
export async function exportWordFile(db: Db, format: 'csv' | 'xlsx', topicId?: string) {
  const words = topicId
    ? (
        await db
          .select({ word: vocabularyWords })
          .from(vocabularyTopicWords)
          .innerJoin(vocabularyWords, eq(vocabularyWords.id, vocabularyTopicWords.wordId))
          .where(eq(vocabularyTopicWords.topicId, topicId))
          .orderBy(asc(vocabularyTopicWords.position))
      ).map((row) => row.word)
    : await db
        .select()
        .from(vocabularyWords)
        .orderBy(asc(sql`lower(${vocabularyWords.headword})`));
  const links = words.length
    ? await db
        .select({ wordId: vocabularyTopicWords.wordId, slug: vocabularyTopics.slug })
        .from(vocabularyTopicWords)
        .innerJoin(vocabularyTopics, eq(vocabularyTopics.id, vocabularyTopicWords.topicId))
        .where(
          inArray(
            vocabularyTopicWords.wordId,
            words.map((word) => word.id),
          ),
        )
    : [];
  const slugs = new Map<string, string[]>();
  for (const link of links) slugs.set(link.wordId, [...(slugs.get(link.wordId) ?? []), link.slug]);
  const rows = [
    [...WORD_FILE_COLUMNS],
    ...words.map((word) => [
      word.headword,
      word.partOfSpeech,
      word.ipa,
      word.meaningVi,
      word.definitionEn,
      word.examples[0]?.en ?? '',
      word.examples[0]?.vi ?? '',
      word.level,
      word.tags.join(', '),
      (slugs.get(word.id) ?? []).sort().join('; '),
    ]),
  ];
  return format === 'csv'
    ? { bytes: writeCsv(rows), contentType: 'text/csv; charset=utf-8', filename: 'prepwise-vocabulary.csv' }
    : {
        bytes: writeXlsx([{ name: 'Vocabulary', rows, widths: [20, 14, 16, 28, 40, 40, 40, 8, 16, 28] }]),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename: 'prepwise-vocabulary.xlsx',
      };
}
