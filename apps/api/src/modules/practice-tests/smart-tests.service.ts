import { type FieldErrors, TEST_KEYS, type TestDetail, VALIDATION_KEYS } from '@prepwise/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  levels,
  questions,
  questionTypes,
  testBlueprintRows,
  testDraws,
  tests,
  testVersions,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ownedBy, type Tenant, usableBy } from '../../tenancy/tenant';
import { getQuestionsByIds } from '../question-bank/question-bank.service';

/*
 * Smart tests (issue 15): a blueprint per part — "N questions of this level, question type and tag" — and
 * every learner's own paper drawn from the bank when the attempt starts, as Moodle's random question
 * loader does: only questions of the bank (AI drafts wait outside it until a person approves them), the
 * least used in this class (assignment) first, shuffled among equals, never twice in one paper. The paper
 * is frozen as a version of the test numbered below zero, so the runner, grading and results read it as
 * they read any version.
 */

export interface BlueprintRowInput {
  count: number;
  level_id: string | null;
  question_type_id: string | null;
  tag: string | null;
}

type BlueprintRow = TestDetail['sections'][number]['blueprint'][number];

/** The frozen form of a row in the published version's snapshot. */
interface SnapshotRow {
  count: number;
  level_id: string | null;
  question_type_id: string | null;
  tag: string | null;
}

/** The bank's single questions of the part that a row may draw. */
function rowFilter(tenant: Tenant, formatId: string, row: Omit<SnapshotRow, 'count'>): SQL {
  return and(
    ownedBy(questions.organizationId, tenant),
    isNull(questions.groupId),
    eq(questions.formatId, formatId),
    row.level_id ? eq(questions.levelId, row.level_id) : undefined,
    row.question_type_id ? eq(questions.questionTypeId, row.question_type_id) : undefined,
    row.tag ? sql`${questions.tags} @> array[${row.tag}]::text[]` : undefined,
  )!;
}

/** Each section's blueprint rows with how many questions match them, and the section's whole pool. */
export async function loadBlueprints(
  db: Db,
  tenant: Tenant,
  sections: readonly { id: string; formatId: string }[],
): Promise<Map<string, { rows: BlueprintRow[]; poolSize: number }>> {
  const result = new Map<string, { rows: BlueprintRow[]; poolSize: number }>();
  if (sections.length === 0) return result;
  const rows = await db
    .select({
      row: testBlueprintRows,
      levelCode: levels.code,
      typeName: questionTypes.name,
    })
    .from(testBlueprintRows)
    .leftJoin(levels, eq(levels.id, testBlueprintRows.levelId))
    .leftJoin(questionTypes, eq(questionTypes.id, testBlueprintRows.questionTypeId))
    .where(
      inArray(
        testBlueprintRows.sectionId,
        sections.map((section) => section.id),
      ),
    )
    .orderBy(asc(testBlueprintRows.sectionId), asc(testBlueprintRows.position));
  // Every row's pool and every section's (rows of one part may overlap) counted in one pass over the bank.
  const counts: SQL[] = [];
  const any: SQL[] = [];
  const plan = sections.map((section) => {
    const own = rows.filter((entry) => entry.row.sectionId === section.id);
    const filters = own.map(({ row }) =>
      rowFilter(tenant, section.formatId, {
        level_id: row.levelId,
        question_type_id: row.questionTypeId,
        tag: row.tag,
      }),
    );
    const rowColumns = filters.map((filter) => {
      counts.push(sql`count(*) filter (where ${filter})::int`);
      return counts.length - 1;
    });
    let poolColumn: number | null = null;
    if (filters.length > 0) {
      const pool = sql`(${sql.join(filters, sql` or `)})`;
      counts.push(sql`count(*) filter (where ${pool})::int`);
      poolColumn = counts.length - 1;
      any.push(pool);
    }
    return { section, own, rowColumns, poolColumn };
  });
  let counted: number[] = [];
  if (counts.length > 0) {
    const result = (await db.execute(
      sql`select ${sql.join(
        counts.map((count, index) => sql`${count} as ${sql.raw(`c${index}`)}`),
        sql`, `,
      )} from questions where ${sql.join(any, sql` or `)}`,
    )) as unknown as { rows: Record<string, number | string>[] };
    const row = result.rows[0] ?? {};
    counted = counts.map((_, index) => Number(row[`c${index}`] ?? 0));
  }
  for (const { section, own, rowColumns, poolColumn } of plan) {
    const mapped: BlueprintRow[] = own.map(({ row, levelCode, typeName }, index) => ({
      id: row.id,
      position: row.position,
      count: row.count,
      level: row.levelId && levelCode ? { id: row.levelId, code: levelCode } : null,
      question_type: row.questionTypeId && typeName ? { id: row.questionTypeId, name: typeName } : null,
      tag: row.tag,
      available: counted[rowColumns[index]!] ?? 0,
    }));
    result.set(section.id, { rows: mapped, poolSize: poolColumn === null ? 0 : (counted[poolColumn] ?? 0) });
  }
  return result;
}

/** log10 of "n choose k", and the exact value as a bigint. */
function choose(n: number, k: number): { log10: number; exact: bigint } {
  if (k < 0 || k > n) return { log10: Number.NEGATIVE_INFINITY, exact: 0n };
  let log10 = 0;
  let exact = 1n;
  for (let i = 0; i < k; i++) {
    log10 += Math.log10(n - i) - Math.log10(i + 1);
    exact = (exact * BigInt(n - i)) / BigInt(i + 1);
  }
  return { log10, exact };
}

/**
 * How many different papers a blueprint allows: the product over rows of "matching questions choose
 * count" (rows of one part that share questions make it an upper bound). Null for an empty blueprint.
 */
export function distinctPapers(
  rows: readonly { count: number; available: number }[],
): { log10: number; exact: number | null } | null {
  if (rows.length === 0) return null;
  let log10 = 0;
  let exact = 1n;
  for (const row of rows) {
    const part = choose(row.available, row.count);
    if (part.exact === 0n) return { log10: 0, exact: 0 };
    log10 += part.log10;
    if (exact <= 10n ** 16n) exact *= part.exact;
  }
  return { log10, exact: log10 < 15 ? Number(exact) : null };
}

/** Replaces a section's blueprint rows; the test must be a smart one of the tenant. */
export async function setBlueprint(
  db: Db,
  tenant: Tenant,
  test: { id: string; kind: 'manual' | 'smart' },
  sectionId: string,
  rows: readonly BlueprintRowInput[],
  now: Date,
): Promise<void> {
  if (test.kind !== 'smart')
    throw new AppError(409, 'CONFLICT', 'Only a smart test has a blueprint', { rows: TEST_KEYS.notSmart });
  const levelIds = [...new Set(rows.flatMap((row) => (row.level_id ? [row.level_id] : [])))];
  const typeIds = [...new Set(rows.flatMap((row) => (row.question_type_id ? [row.question_type_id] : [])))];
  const knownLevels = levelIds.length
    ? await db
        .select({ id: levels.id })
        .from(levels)
        .where(and(inArray(levels.id, levelIds), usableBy(levels.organizationId, tenant)))
    : [];
  const knownTypes = typeIds.length
    ? await db
        .select({ id: questionTypes.id })
        .from(questionTypes)
        .where(and(inArray(questionTypes.id, typeIds), usableBy(questionTypes.organizationId, tenant)))
    : [];
  const levelSet = new Set(knownLevels.map((row) => row.id));
  const typeSet = new Set(knownTypes.map((row) => row.id));
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    if (row.level_id && !levelSet.has(row.level_id))
      errors[`rows.${index}.level_id`] = VALIDATION_KEYS.invalid;
    if (row.question_type_id && !typeSet.has(row.question_type_id))
      errors[`rows.${index}.question_type_id`] = VALIDATION_KEYS.invalid;
  });
  if (Object.keys(errors).length > 0)
    throw new AppError(422, 'VALIDATION_FAILED', 'Some rows name a level or type that is not yours', errors);
  await db.transaction(async (tx) => {
    await tx.delete(testBlueprintRows).where(eq(testBlueprintRows.sectionId, sectionId));
    if (rows.length)
      await tx.insert(testBlueprintRows).values(
        rows.map((row, position) => ({
          sectionId,
          position,
          count: row.count,
          levelId: row.level_id,
          questionTypeId: row.question_type_id,
          tag: row.tag,
        })),
      );
    await tx.update(tests).set({ updatedAt: now }).where(eq(tests.id, test.id));
  });
}

/** The blueprint as the published version freezes it. */
export function snapshotRows(rows: readonly BlueprintRow[]): SnapshotRow[] {
  return rows.map((row) => ({
    count: row.count,
    level_id: row.level?.id ?? null,
    question_type_id: row.question_type?.id ?? null,
    tag: row.tag,
  }));
}

interface PublishedSnapshot {
  sections: { id: string; format: { id: string }; items: unknown[]; blueprint?: SnapshotRow[] }[];
  [key: string]: unknown;
}

async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Draws a learner's paper of a published smart test and freezes it as a new version below zero; returns
 * that version. Per blueprint row, in the author's order: the matching questions not yet in the paper,
 * least drawn within the same assignment (or, outside one, the same test) first, random among equals.
 */
export async function drawPaper(
  db: Db,
  test: { id: string; organizationId: string | null; version: number },
  userId: string,
  assignmentId: string | null,
): Promise<number> {
  const tenant: Tenant = { organizationId: test.organizationId };
  const [base] = await db
    .select({ snapshot: testVersions.snapshot })
    .from(testVersions)
    .where(and(eq(testVersions.testId, test.id), eq(testVersions.version, test.version)));
  if (!base) throw new AppError(404, 'NOT_FOUND', 'Test not found');
  const snapshot = base.snapshot as PublishedSnapshot;
  const usage = sql`(select u.question_id, count(*)::int as n
      from test_draws d, unnest(d.question_ids) as u(question_id)
      where d.test_id = ${test.id} and d.assignment_id is not distinct from ${assignmentId}::uuid
      group by u.question_id)`;
  const chosen: string[] = [];
  const perSection: string[][] = [];
  for (const section of snapshot.sections) {
    const ids: string[] = [];
    for (const row of section.blueprint ?? []) {
      const taken = chosen.length
        ? sql`and ${questions.id} <> all(${`{${chosen.join(',')}}`}::uuid[])`
        : sql``;
      const picked = await rows<{ id: string }>(
        db,
        sql`select ${questions.id} as id from ${questions}
            left join ${usage} as used on used.question_id = ${questions.id}
            where ${rowFilter(tenant, section.format.id, row)} ${taken}
            order by coalesce(used.n, 0), random()
            limit ${row.count}`,
      );
      if (picked.length < row.count)
        throw new AppError(
          409,
          'CONFLICT',
          'The question bank no longer holds enough questions for this test',
          {
            test: TEST_KEYS.drawFailed,
          },
        );
      for (const { id } of picked) {
        ids.push(id);
        chosen.push(id);
      }
    }
    perSection.push(ids);
  }
  const drawn = new Map(
    (await getQuestionsByIds(db, tenant, chosen)).map((question) => [question.id, question]),
  );
  if (drawn.size !== chosen.length)
    throw new AppError(409, 'CONFLICT', 'A drawn question disappeared; try again', {
      test: TEST_KEYS.drawFailed,
    });
  const typeIds = [...new Set([...drawn.values()].map((question) => question.question_type.id))];
  const typeRows = typeIds.length
    ? await db
        .select({ id: questionTypes.id, rule: questionTypes.scoringRule })
        .from(questionTypes)
        .where(inArray(questionTypes.id, typeIds))
    : [];
  const paper = {
    ...snapshot,
    sections: snapshot.sections.map(({ blueprint: _blueprint, ...section }, index) => ({
      ...section,
      items: perSection[index]!.map((id) => ({ kind: 'question' as const, question: drawn.get(id)! })),
    })),
    scoring_rules: Object.fromEntries(typeRows.map((type) => [type.id, type.rule])),
  };
  return db.transaction(async (tx) => {
    // Draws of one test take their numbers one at a time.
    await tx.execute(sql`select id from tests where id = ${test.id} for update`);
    const [lowest] = await rows<{ version: number }>(
      tx as Db,
      sql`select least(coalesce(min(version), 0), 0)::int as version from test_versions where test_id = ${test.id}`,
    );
    const version = Number(lowest?.version ?? 0) - 1;
    await tx
      .insert(testVersions)
      .values({ testId: test.id, version, snapshot: paper, questionCount: chosen.length, publishedBy: null });
    await tx.insert(testDraws).values({
      testId: test.id,
      version,
      baseVersion: test.version,
      userId,
      assignmentId,
      questionIds: chosen,
    });
    return version;
  });
}

/** Removes a drawn paper no attempt took (a concurrent start of the same learner won). */
export async function discardDraw(db: Db, testId: string, version: number): Promise<void> {
  if (version >= 0) return;
  await db.execute(
    sql`delete from test_versions v where v.test_id = ${testId} and v.version = ${version}
        and not exists (select 1 from attempts a where a.test_id = v.test_id and a.test_version = v.version)`,
  );
}
