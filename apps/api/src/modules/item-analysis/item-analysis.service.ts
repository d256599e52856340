import type {
  ItemAnalysis,
  ItemAnalysisScope,
  ItemFlag,
  ItemStatistics,
  TestStatistics,
} from '@prepwise/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  itemAnalyses,
  itemAnalysisPending,
  itemAnalysisQuestions,
  type StoredOptionShare,
  tests,
  testVersions,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { getTestModel } from '../attempts';
import {
  cronbachAlpha,
  discrimination,
  discriminativeEfficiency,
  facility,
  flagsOf,
  mean,
  median,
  standardDeviation,
  standardError,
  strongestThird,
} from './statistics';

/** The queue of the job that recomputes the item analysis of versions with new submitted attempts. */
export const REFRESH_QUEUE = 'item-analysis.refresh';

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text of an HTML fragment, shortened to `max` characters. */
export function plainLabel(html: string, max = 140): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

const TFNG_OPTIONS = [
  { key: 'true', label: 'TRUE' },
  { key: 'false', label: 'FALSE' },
  { key: 'not_given', label: 'NOT GIVEN' },
];

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

interface Column {
  id: string;
  number: number;
  sectionName: string;
  kind: string;
  stem: string;
  groupId: string | null;
  /** Choice questions: the options and which are keys; null for other kinds. */
  options: { key: string; label: string; isKey: boolean }[] | null;
}

function columnsOf(model: Awaited<ReturnType<typeof getTestModel>>): Column[] {
  const columns: Column[] = [];
  for (const section of model.sections) {
    for (const item of section.items) {
      const groupId = item.kind === 'group' ? item.group.id : null;
      const questions = item.kind === 'group' ? item.group.questions : [item.question];
      for (const question of questions) {
        // Essays wait for a teacher's mark: they are not part of the analysis.
        if (question.kind === 'essay') continue;
        const answer = asRecord(question.answer) ?? {};
        let options: Column['options'] = null;
        if (question.kind === 'single_choice' || question.kind === 'multiple_choice') {
          const keys = new Set(
            question.kind === 'single_choice' ? [String(answer.key)] : asStrings(answer.keys),
          );
          options = question.paper.options.map((option) => ({
            key: option.key,
            label: plainLabel(option.content, 80),
            isKey: keys.has(option.key),
          }));
        } else if (question.kind === 'true_false_not_given') {
          options = TFNG_OPTIONS.map((option) => ({ ...option, isKey: option.key === answer.value }));
        }
        columns.push({
          id: question.id,
          number: question.number,
          sectionName: section.name,
          kind: question.kind,
          stem: plainLabel(question.paper.stem),
          groupId,
          options,
        });
      }
    }
  }
  return columns;
}

/** What the job loaded of a version: every submitted full attempt's item scores and choices. */
export interface VersionData {
  columns: Column[];
  /** Attempt a's score on question q at [a * P + q] (0 … 1). */
  scores: Float64Array;
  /** Whether attempt a left question q blank, same layout. */
  blank: Uint8Array;
  /** Chosen options per [a * P + q] for choice questions (undefined: none chosen). */
  choices: (string[] | undefined)[];
  /**
   * Whether question q was on attempt a's paper, same layout; null when every attempt answered the same
   * paper (a manual test). A smart test's learners each drew their own.
   */
  presented: Uint8Array | null;
  /** Indices of each learner's first attempt, in start order. */
  first: number[];
  attemptCount: number;
}

/**
 * The papers a publication was answered on: the version itself, or for a smart test every paper drawn
 * from its blueprint (versions below zero, docs/decisions/020).
 */
async function papersOf(db: Db, testId: string, version: number): Promise<number[] | null> {
  const [test] = await rows<{ kind: string }>(db, sql`select kind from tests where id = ${testId}`);
  if (test?.kind !== 'smart') return null;
  return (
    await rows<{ version: number }>(
      db,
      sql`select version from test_draws where test_id = ${testId} and base_version = ${version}
          order by version desc`,
    )
  ).map((row) => row.version);
}

/**
 * The questions of all papers, each once: in section order, then by where they stood on the papers
 * (a drawn question's number differs between papers), numbered again from 1.
 */
async function paperColumns(db: Db, testId: string, papers: number[]) {
  const byId = new Map<string, { column: Column; section: number; position: number }>();
  const onPaper = new Map<number, string[]>();
  const sections: string[] = [];
  for (const paper of papers) {
    const model = await getTestModel(db, testId, paper);
    for (const section of model.sections) if (!sections.includes(section.name)) sections.push(section.name);
    const columns = columnsOf(model);
    onPaper.set(
      paper,
      columns.map((column) => column.id),
    );
    for (const column of columns) {
      const seen = byId.get(column.id);
      if (!seen)
        byId.set(column.id, {
          column,
          section: sections.indexOf(column.sectionName),
          position: column.number,
        });
      else seen.position = Math.min(seen.position, column.number);
    }
  }
  const columns = [...byId.values()]
    .sort(
      (a, b) => a.section - b.section || a.position - b.position || a.column.id.localeCompare(b.column.id),
    )
    .map((entry, index) => ({ ...entry.column, number: index + 1 }));
  return { columns, onPaper };
}

export async function loadVersion(db: Db, testId: string, version: number): Promise<VersionData> {
  const papers = await papersOf(db, testId, version);
  const { columns, onPaper } = papers
    ? await paperColumns(db, testId, papers)
    : { columns: columnsOf(await getTestModel(db, testId, version)), onPaper: null };
  const columnIndex = new Map(columns.map((column, index) => [column.id, index]));
  const answeredOn = (alias: string) =>
    papers
      ? sql`${sql.raw(alias)}test_version in (select version from test_draws
              where test_id = ${testId} and base_version = ${version})`
      : sql`${sql.raw(alias)}test_version = ${version}`;
  const attemptRows = await rows<{ id: string; user_id: string; test_version: number }>(
    db,
    sql`select id, user_id, test_version from attempts
        where test_id = ${testId} and ${answeredOn('')} and status = 'submitted' and mode = 'full'
        order by started_at, id`,
  );
  const attemptIndex = new Map(attemptRows.map((row, index) => [row.id, index]));
  const width = columns.length;
  const scores = new Float64Array(attemptRows.length * width);
  const blank = new Uint8Array(attemptRows.length * width).fill(1);
  const choices: (string[] | undefined)[] = new Array(attemptRows.length * width);
  let presented: Uint8Array | null = null;
  if (onPaper) {
    presented = new Uint8Array(attemptRows.length * width);
    attemptRows.forEach((row, index) => {
      for (const id of onPaper.get(row.test_version) ?? [])
        presented![index * width + columnIndex.get(id)!] = 1;
    });
  }
  if (attemptRows.length > 0 && width > 0) {
    // Only what the statistics use of each answer (the chosen key, value or keys), not the whole jsonb:
    // the answers are most of what the job reads.
    const answers = await rows<{
      attempt_id: string;
      question_id: string;
      points: number | null;
      choice: string | null;
      keys: unknown;
      blank: boolean;
    }>(
      db,
      sql`select a.attempt_id, a.question_id, a.points,
            coalesce(a.answer ->> 'key', a.answer ->> 'value') as choice,
            case when jsonb_typeof(a.answer -> 'keys') = 'array' then a.answer -> 'keys' end as keys,
            (a.answer is null or a.answer = '{}'::jsonb or a.outcome = 'skipped') as blank
          from attempt_answers a join attempts t on t.id = a.attempt_id
          where t.test_id = ${testId} and ${answeredOn('t.')} and t.status = 'submitted'
            and t.mode = 'full'`,
    );
    for (const answer of answers) {
      const row = attemptIndex.get(answer.attempt_id);
      const column = columnIndex.get(answer.question_id);
      if (row === undefined || column === undefined) continue;
      const cell = row * width + column;
      if (presented && !presented[cell]) continue;
      scores[cell] = Math.min(1, Math.max(0, Number(answer.points ?? 0)));
      if (columns[column]!.options) {
        const chosen = answer.choice ? [answer.choice] : asStrings(answer.keys);
        if (chosen.length > 0) {
          choices[cell] = chosen;
          blank[cell] = 0;
        }
      } else if (!answer.blank) blank[cell] = 0;
    }
  }
  const seen = new Set<string>();
  const first: number[] = [];
  attemptRows.forEach((row, index) => {
    if (seen.has(row.user_id)) return;
    seen.add(row.user_id);
    first.push(index);
  });
  return { columns, scores, blank, choices, presented, first, attemptCount: attemptRows.length };
}

interface ScopeResult {
  test: TestStatistics;
  questions: (Omit<ItemStatistics, 'options' | 'flags'> & {
    options: StoredOptionShare[];
    flags: ItemFlag[];
  })[];
}

/**
 * The statistics of the attempts at `indices` (see statistics.ts for the formulas). On drawn papers a
 * question's figures count the attempts that had it, against the rest of each one's own paper.
 */
export function analyse(data: VersionData, indices: readonly number[]): ScopeResult {
  const { columns, scores, blank, choices, presented } = data;
  const width = columns.length;
  const count = indices.length;
  const on = (row: number, column: number) => !presented || presented[row * width + column] === 1;
  const totals = new Float64Array(count);
  let paperSize = presented ? 0 : width;
  indices.forEach((row, position) => {
    let total = 0;
    let size = 0;
    for (let column = 0; column < width; column++) {
      if (!on(row, column)) continue;
      total += scores[row * width + column]!;
      size++;
    }
    totals[position] = total;
    paperSize = Math.max(paperSize, size);
  });
  // Each question's attempts (positions in `indices`) and its scores on them.
  const takers = columns.map((_, column) =>
    presented ? indices.flatMap((row, position) => (on(row, column) ? [position] : [])) : null,
  );
  const items = columns.map((_, column) => {
    const positions = takers[column];
    if (!positions) return Float64Array.from(indices, (row) => scores[row * width + column]!);
    return Float64Array.from(positions, (position) => scores[indices[position]! * width + column]!);
  });
  const sd = standardDeviation(totals);
  // Alpha compares every item with the total of the same items: undefined when papers differ.
  const alpha = presented ? null : cronbachAlpha(items, totals);
  const questions = columns.map((column, columnIndex) => {
    const item = items[columnIndex]!;
    const positions = takers[columnIndex];
    const rows = positions ? positions.map((position) => indices[position]!) : indices;
    const rest = positions
      ? Float64Array.from(positions, (position, k) => totals[position]! - item[k]!)
      : totals.map((total, position) => total - item[position]!);
    const answered = rows.length;
    const itemFacility = facility(item);
    const itemDiscrimination = discrimination(item, rest);
    let skipped = 0;
    for (const row of rows) skipped += blank[row * width + columnIndex]!;
    const options: StoredOptionShare[] = [];
    const flagOptions: { isKey: boolean; count: number; strongCount: number }[] = [];
    if (column.options) {
      const strong = strongestThird(rest);
      const strongCount = strong.reduce((sum, value) => sum + value, 0);
      const counts = new Map(column.options.map((option) => [option.key, { all: 0, strong: 0 }]));
      rows.forEach((row, k) => {
        for (const key of choices[row * width + columnIndex] ?? []) {
          const counted = counts.get(key);
          if (!counted) continue;
          counted.all++;
          if (strong[k]) counted.strong++;
        }
      });
      for (const option of column.options) {
        const counted = counts.get(option.key)!;
        options.push({
          key: option.key,
          label: option.label,
          is_key: option.isKey,
          count: counted.all,
          share: answered === 0 ? 0 : counted.all / answered,
          strong_share: strongCount === 0 ? 0 : counted.strong / strongCount,
        });
        flagOptions.push({ isKey: option.isKey, count: counted.all, strongCount: counted.strong });
      }
    }
    return {
      question_id: column.id,
      number: column.number,
      section_name: column.sectionName,
      answer_kind: column.kind,
      stem: column.stem,
      group_id: column.groupId,
      attempts: answered,
      facility: itemFacility,
      sd: standardDeviation(item),
      discrimination: itemDiscrimination,
      efficiency: discriminativeEfficiency(item, rest),
      skipped_share: answered === 0 ? 0 : skipped / answered,
      options,
      flags: flagsOf({
        attempts: answered,
        facility: itemFacility,
        discrimination: itemDiscrimination,
        options: flagOptions,
      }),
    };
  });
  return {
    test: {
      attempts: count,
      question_count: width,
      mean: mean(totals),
      median: median(totals),
      sd,
      max_score: paperSize,
      alpha,
      sem: standardError(sd, alpha),
    },
    questions,
  };
}

/**
 * Recomputes a version's item analysis for both scopes and replaces its rows in one transaction; the
 * version's pending mark is cleared only if no attempt was submitted after it was read.
 */
export async function computeItemAnalysis(db: Db, testId: string, version: number, now: Date): Promise<void> {
  const [mark] = await db
    .select({ generation: itemAnalysisPending.generation })
    .from(itemAnalysisPending)
    .where(and(eq(itemAnalysisPending.testId, testId), eq(itemAnalysisPending.testVersion, version)));
  const data = await loadVersion(db, testId, version);
  const all = Array.from({ length: data.attemptCount }, (_, index) => index);
  const results: [ItemAnalysisScope, ScopeResult][] = [
    ['first', analyse(data, data.first)],
    ['all', analyse(data, all)],
  ];
  await db.transaction(async (tx) => {
    // Two runs of one version at once (the job and a page's refresh, or two processes of a cluster)
    // replace its rows one after the other, never interleaved into a duplicate insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`item-analysis:${testId}`}), ${version})`);
    const ofVersion = (table: typeof itemAnalyses | typeof itemAnalysisQuestions) =>
      and(eq(table.testId, testId), eq(table.testVersion, version));
    await tx.delete(itemAnalysisQuestions).where(ofVersion(itemAnalysisQuestions));
    await tx.delete(itemAnalyses).where(ofVersion(itemAnalyses));
    for (const [scope, result] of results) {
      await tx.insert(itemAnalyses).values({
        testId,
        testVersion: version,
        scope,
        computedAt: now,
        attempts: result.test.attempts,
        questionCount: result.test.question_count,
        mean: result.test.mean,
        median: result.test.median,
        sd: result.test.sd,
        maxScore: result.test.max_score,
        alpha: result.test.alpha,
        sem: result.test.sem,
      });
      const values = result.questions.map((question) => ({
        testId,
        testVersion: version,
        scope,
        questionId: question.question_id,
        number: question.number,
        sectionName: question.section_name,
        answerKind: question.answer_kind,
        stem: question.stem,
        groupId: question.group_id,
        attempts: question.attempts,
        facility: question.facility,
        sd: question.sd,
        discrimination: question.discrimination,
        efficiency: question.efficiency,
        skippedShare: question.skipped_share,
        options: question.options,
        flags: question.flags,
      }));
      for (let start = 0; start < values.length; start += 500)
        await tx.insert(itemAnalysisQuestions).values(values.slice(start, start + 500));
    }
    if (mark) {
      await tx
        .delete(itemAnalysisPending)
        .where(
          and(
            eq(itemAnalysisPending.testId, testId),
            eq(itemAnalysisPending.testVersion, version),
            eq(itemAnalysisPending.generation, mark.generation),
          ),
        );
    }
  });
}

/** The job: recomputes every version marked pending (oldest mark first). Answers how many it computed. */
export async function refreshPending(db: Db, now: Date, limit = 50): Promise<number> {
  const pending = await db
    .select({ testId: itemAnalysisPending.testId, version: itemAnalysisPending.testVersion })
    .from(itemAnalysisPending)
    .orderBy(asc(itemAnalysisPending.markedAt))
    .limit(limit);
  for (const { testId, version } of pending) await computeItemAnalysis(db, testId, version, now);
  return pending.length;
}

/** A test's item analysis for one version (default: the published one) and scope, from the stored rows. */
export async function getItemAnalysis(
  db: Db,
  tenant: Tenant,
  testId: string,
  query: { version?: number; scope: ItemAnalysisScope },
): Promise<ItemAnalysis> {
  const [test] = await db
    .select({ id: tests.id, kind: tests.kind, publishedVersion: tests.publishedVersion })
    .from(tests)
    .where(and(eq(tests.id, testId), ownedBy(tests.organizationId, tenant)));
  if (!test) throw notFound('Test not found');
  // Publications only: a smart test's drawn papers (versions below zero) are analysed with theirs.
  const versions = (
    await db
      .select({ version: testVersions.version })
      .from(testVersions)
      .where(and(eq(testVersions.testId, testId), gt(testVersions.version, 0)))
      .orderBy(desc(testVersions.version))
  ).map((row) => row.version);
  if (query.version !== undefined && !versions.includes(query.version)) throw notFound('Version not found');
  const version = query.version ?? test.publishedVersion ?? versions[0] ?? null;
  const empty: ItemAnalysis = {
    test_id: testId,
    version,
    versions,
    scope: query.scope,
    drawn_papers: test.kind === 'smart',
    computed_at: null,
    pending: false,
    test: null,
    questions: [],
  };
  if (version === null) return empty;
  const [[summary], questionRows, [pendingRow]] = await Promise.all([
    db
      .select()
      .from(itemAnalyses)
      .where(
        and(
          eq(itemAnalyses.testId, testId),
          eq(itemAnalyses.testVersion, version),
          eq(itemAnalyses.scope, query.scope),
        ),
      ),
    db
      .select()
      .from(itemAnalysisQuestions)
      .where(
        and(
          eq(itemAnalysisQuestions.testId, testId),
          eq(itemAnalysisQuestions.testVersion, version),
          eq(itemAnalysisQuestions.scope, query.scope),
        ),
      )
      .orderBy(asc(itemAnalysisQuestions.number)),
    db
      .select({ generation: itemAnalysisPending.generation })
      .from(itemAnalysisPending)
      .where(and(eq(itemAnalysisPending.testId, testId), eq(itemAnalysisPending.testVersion, version))),
  ]);
  return {
    ...empty,
    pending: Boolean(pendingRow),
    computed_at: summary?.computedAt.toISOString() ?? null,
    test: summary
      ? {
          attempts: summary.attempts,
          question_count: summary.questionCount,
          mean: summary.mean,
          median: summary.median,
          sd: summary.sd,
          max_score: summary.maxScore,
          alpha: summary.alpha,
          sem: summary.sem,
        }
      : null,
    questions: questionRows.map((row) => ({
      question_id: row.questionId,
      number: row.number,
      section_name: row.sectionName,
      answer_kind: row.answerKind,
      stem: row.stem,
      group_id: row.groupId,
      attempts: row.attempts,
      facility: row.facility,
      sd: row.sd,
      discrimination: row.discrimination,
      efficiency: row.efficiency,
      skipped_share: row.skippedShare,
      options: row.options,
      flags: row.flags as ItemFlag[],
    })),
  };
}

/** The questions of a version with their keys, in paper order (for seeding and checks). */
export async function versionQuestions(
  db: Db,
  testId: string,
  version: number,
): Promise<
  { id: string; number: number; kind: string; answer: unknown; optionKeys: string[]; stem: string }[]
> {
  const model = await getTestModel(db, testId, version);
  return model.sections.flatMap((section) =>
    section.questions.map((question) => ({
      id: question.id,
      number: question.number,
      kind: question.kind,
      answer: question.answer,
      optionKeys: question.paper.options.map((option) => option.key),
      stem: plainLabel(question.paper.stem, 1000),
    })),
  );
}
