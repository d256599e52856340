import { type BreakdownRow, type Outcome, SKILL_TAG_PREFIX } from '@prepwise/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions as bankQuestions, questionTypes } from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { singleFlight } from '../../lib/coalesce';
import { getTestModel, type ModelQuestion, type TestModel } from './test-model';

/*
 * The result's breakdown by question type and by skill (`skill:` tags), the learner's accuracy against
 * everyone's on the same questions (every submitted attempt of the test, any version, full or practice).
 */

/** Everyone's graded answers to one question: how many were correct. */
export interface QuestionTally {
  correct: number;
  graded: number;
}

export interface BreakdownQuestion {
  id: string;
  number: number;
  sectionId: string;
  /** The type's name as frozen in the version; `name_en` is the type's English name of today. */
  type: { id: string; name: string; name_en?: string | null };
  /** Skill keys (tags without the `skill:` prefix). */
  skills: string[];
}

export const skillsOf = (tags: readonly string[]): string[] =>
  tags.filter((tag) => tag.startsWith(SKILL_TAG_PREFIX)).map((tag) => tag.slice(SKILL_TAG_PREFIX.length));

const share = (correct: number, total: number) => (total > 0 ? correct / total : null);

/**
 * Rows per question type and per skill, weakest first: lowest accuracy, then furthest below everyone,
 * then the most questions. Rows without a graded question (only essays waiting for a teacher) come last.
 */
export function buildBreakdown(
  questions: BreakdownQuestion[],
  outcomes: ReadonlyMap<string, Outcome>,
  everyone: ReadonlyMap<string, QuestionTally>,
): BreakdownRow[] {
  const rows = new Map<string, BreakdownRow>();
  const add = (
    dimension: BreakdownRow['dimension'],
    key: string,
    name: string,
    nameEn: string | null,
    question: BreakdownQuestion,
  ) => {
    const id = `${dimension}:${key}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        dimension,
        key,
        name,
        name_en: nameEn,
        section_ids: [],
        correct: 0,
        total: 0,
        accuracy: null,
        everyone_correct: 0,
        everyone_total: 0,
        everyone_accuracy: null,
        missed: [],
      };
      rows.set(id, row);
    }
    if (!row.section_ids.includes(question.sectionId)) row.section_ids.push(question.sectionId);
    const outcome = outcomes.get(question.id) ?? 'skipped';
    if (outcome !== 'pending') row.total++;
    if (outcome === 'correct') row.correct++;
    if (outcome === 'wrong' || outcome === 'skipped' || outcome === 'partial')
      row.missed.push(question.number);
    const tally = everyone.get(question.id);
    if (tally) {
      row.everyone_correct += tally.correct;
      row.everyone_total += tally.graded;
    }
  };
  for (const question of questions) {
    add('question_type', question.type.id, question.type.name, question.type.name_en ?? null, question);
    for (const skill of new Set(question.skills)) add('skill', skill, skill, null, question);
  }
  const result = [...rows.values()].map((row) => ({
    ...row,
    accuracy: share(row.correct, row.total),
    everyone_accuracy: share(row.everyone_correct, row.everyone_total),
  }));
  return result.sort((a, b) => {
    if (a.accuracy === null || b.accuracy === null)
      return a.accuracy === null ? (b.accuracy === null ? 0 : 1) : -1;
    if (a.accuracy !== b.accuracy) return a.accuracy - b.accuracy;
    const gap = (row: BreakdownRow) => (row.accuracy ?? 0) - (row.everyone_accuracy ?? row.accuracy ?? 0);
    if (gap(a) !== gap(b)) return gap(a) - gap(b);
    if (a.total !== b.total) return b.total - a.total;
    return a.name.localeCompare(b.name);
  });
}

// ---------------------------------------------------------------- everyone's answers

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Everyone's tallies per question of a test. Two indexed reads: the submitted attempts grouped by version
 * and parts taken (`attempts_test_idx`), and their graded answers grouped by question (through the same
 * index and the answers' primary key). A question an attempt took but never answered counts as graded and
 * not correct (skipped), so each attempt's parts give the denominators.
 */
export async function loadEveryoneTallies(db: Db, testId: string): Promise<Map<string, QuestionTally>> {
  const [taken, answered] = await Promise.all([
    rows<{ test_version: number; section_ids: string[]; attempts: number }>(
      db,
      sql`select test_version, section_ids, count(*)::int as attempts
            from attempts where test_id = ${testId} and status = 'submitted'
           group by test_version, section_ids`,
    ),
    rows<{ question_id: string; correct: number; pending: number }>(
      db,
      sql`select aa.question_id,
                 count(*) filter (where aa.outcome = 'correct')::int as correct,
                 count(*) filter (where aa.outcome = 'pending')::int as pending
            from attempts a join attempt_answers aa on aa.attempt_id = a.id
           where a.test_id = ${testId} and a.status = 'submitted'
           group by aa.question_id`,
    ),
  ]);
  const tallies = new Map<string, QuestionTally>();
  const models = new Map<number, TestModel>();
  for (const group of taken) {
    let model = models.get(group.test_version);
    if (!model) {
      model = await getTestModel(db, testId, group.test_version);
      models.set(group.test_version, model);
    }
    const parts = new Set(group.section_ids);
    for (const section of model.sections) {
      if (!parts.has(section.id)) continue;
      for (const question of section.questions) {
        const tally = tallies.get(question.id) ?? { correct: 0, graded: 0 };
        tally.graded += Number(group.attempts);
        tallies.set(question.id, tally);
      }
    }
  }
  for (const answer of answered) {
    const tally = tallies.get(answer.question_id);
    if (!tally) continue;
    tally.correct += Number(answer.correct);
    tally.graded -= Number(answer.pending);
  }
  return tallies;
}

/**
 * How long a test's tallies are reused in this process (a submit here forgets them at once): measured on the
 * process's monotonic clock (`performance.now()`), not the app's.
 */
const TALLY_TTL_MS = 30_000;
const MAX_CACHED_TESTS = 256;
const talliesCache = new WeakMap<Db, Map<string, { at: number; tallies: Map<string, QuestionTally> }>>();
const talliesForgotten = new WeakMap<Db, Map<string, number>>();
const talliesFlight = new WeakMap<Db, (testId: string) => Promise<Map<string, QuestionTally>>>();

/** Everyone's tallies, shared by concurrent requests and kept briefly (result pages opened together). */
export async function everyoneTallies(db: Db, testId: string): Promise<Map<string, QuestionTally>> {
  let cache = talliesCache.get(db);
  if (!cache) {
    cache = new Map();
    talliesCache.set(db, cache);
  }
  const cached = cache.get(testId);
  if (cached && performance.now() - cached.at < TALLY_TTL_MS) return cached.tallies;
  let flight = talliesFlight.get(db);
  if (!flight) {
    flight = singleFlight((id) => loadEveryoneTallies(db, id));
    talliesFlight.set(db, flight);
  }
  const started = performance.now();
  const tallies = await flight(testId);
  // A submit while the read ran may be missing from it: not kept then.
  if ((talliesForgotten.get(db)?.get(testId) ?? 0) < started)
    setBounded(cache, MAX_CACHED_TESTS, testId, { at: started, tallies });
  return tallies;
}

/** A submit changes everyone's figures: this process reads them again next time. */
export function forgetEveryoneTallies(db: Db, testId: string): void {
  talliesCache.get(db)?.delete(testId);
  let forgotten = talliesForgotten.get(db);
  if (!forgotten) {
    forgotten = new Map();
    talliesForgotten.set(db, forgotten);
  }
  setBounded(forgotten, MAX_CACHED_TESTS, testId, performance.now());
}

/**
 * The skill tags of questions as the bank holds them now (tags are a classification, retagging a
 * question reclassifies past results too); a question no longer in the bank keeps its frozen tags.
 */
export async function currentSkills(db: Db, questions: ModelQuestion[]): Promise<Map<string, string[]>> {
  const ids = questions.map((question) => question.id);
  const found = ids.length
    ? await db
        .select({ id: bankQuestions.id, tags: bankQuestions.tags })
        .from(bankQuestions)
        .where(inArray(bankQuestions.id, ids))
    : [];
  const byId = new Map(found.map((row) => [row.id, row.tags]));
  return new Map(
    questions.map((question) => [question.id, skillsOf(byId.get(question.id) ?? question.tags)]),
  );
}

/**
 * The English names of the questions' types as they are now (a version freezes the Vietnamese name only;
 * an English name written later is shown on results taken before it).
 */
export async function currentTypeNamesEn(
  db: Db,
  questions: ReadonlyArray<{ type: { id: string } }>,
): Promise<Map<string, string | null>> {
  const ids = [...new Set(questions.map((question) => question.type.id))];
  const found = ids.length
    ? await db
        .select({ id: questionTypes.id, nameEn: questionTypes.nameEn })
        .from(questionTypes)
        .where(inArray(questionTypes.id, ids))
    : [];
  return new Map(found.map((row) => [row.id, row.nameEn]));
}

/** The breakdown of one attempt: its questions (the parts it took) and outcomes. */
export async function attemptBreakdown(
  db: Db,
  model: TestModel,
  sectionIds: string[],
  outcomes: ReadonlyMap<string, Outcome>,
): Promise<BreakdownRow[]> {
  const taken = new Set(sectionIds);
  const questions = model.sections
    .filter((section) => taken.has(section.id))
    .flatMap((section) => section.questions);
  const [skills, everyone, typeNamesEn] = await Promise.all([
    currentSkills(db, questions),
    everyoneTallies(db, model.testId),
    currentTypeNamesEn(db, questions),
  ]);
  return buildBreakdown(
    questions.map((question) => ({
      id: question.id,
      number: question.number,
      sectionId: question.sectionId,
      type: { ...question.type, name_en: typeNamesEn.get(question.type.id) ?? null },
      skills: skills.get(question.id) ?? [],
    })),
    outcomes,
    everyone,
  );
}
