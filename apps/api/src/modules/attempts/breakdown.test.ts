import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { tests } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { PART5_SKILLS } from '../../seed/content/toeic/part5';
import { PART6_SKILLS } from '../../seed/content/toeic/part6';
import { demoAccountsStep } from '../../seed/demo-accounts';
import { examStructureStep } from '../../seed/exam-structure';
import { practiceTestsStep } from '../../seed/practice-tests';
import { questionSkillsStep } from '../../seed/question-skills';
import { loadEveryoneTallies } from './breakdown';

const TOEIC = 'toeic-listening-reading-de-luyen-1';

interface Row {
  dimension: 'question_type' | 'skill';
  key: string;
  name: string;
  section_ids: string[];
  correct: number;
  total: number;
  accuracy: number | null;
  everyone_correct: number;
  everyone_total: number;
  everyone_accuracy: number | null;
  missed: number[];
}

let harness: Awaited<ReturnType<typeof createTestApp>>;
let testId: string;
/** Part 5's questions in paper order with their keys (from the frozen snapshot). */
let part5: { id: string; number: number; key: string; skill: string }[];
let part5SectionId: string;
let part6SectionId: string;

const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => harness.app.inject({ method, url: `/api${url}`, headers, payload });

async function learner() {
  return authHeader(harness.app, await createAccount(harness.database.db));
}

/** Starts an attempt, answers Part 5 (right where `right(skill)` says so, else a wrong letter), submits. */
async function sit(
  headers: Record<string, string>,
  right: (skill: string, index: number) => boolean,
  options: { mode?: 'full' | 'practice'; submit?: boolean } = {},
) {
  const mode = options.mode ?? 'full';
  const started = await api('POST', `/user/tests/${TOEIC}/attempts`, headers, {
    mode,
    section_ids: mode === 'practice' ? [part5SectionId] : [],
  });
  expect([200, 201], started.body).toContain(started.statusCode);
  const id = started.json().result.id as string;
  const answers = part5.map((question, index) => ({
    question_id: question.id,
    answer: { key: right(question.skill, index) ? question.key : question.key === 'A' ? 'B' : 'A' },
    seq: index + 1,
  }));
  const saved = await api('PUT', `/user/attempts/${id}/answers`, headers, { answers });
  expect(saved.statusCode, saved.body).toBe(200);
  if (options.submit === false) return id;
  const submitted = await api('POST', `/user/attempts/${id}/submit`, headers, {});
  expect(submitted.statusCode, submitted.body).toBe(200);
  return id;
}

async function breakdownOf(id: string, headers: Record<string, string>): Promise<Row[]> {
  const response = await api('GET', `/user/attempts/${id}/result`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.breakdown as Row[];
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, demoAccountsStep, practiceTestsStep, questionSkillsStep],
    context: { storage: harness.app.storage },
  });
  const [test] = await harness.database.db.select().from(tests).where(eq(tests.slug, TOEIC));
  testId = test!.id;
  const { rows } = await harness.database.executeSql(
    'select snapshot from test_versions where test_id = $1 and version = $2',
    [testId, test!.publishedVersion],
  );
  const snapshot = rows[0]!.snapshot as {
    sections: { id: string; items: { kind: string; question: { id: string; answer: { key: string } } }[] }[];
  };
  const section = snapshot.sections[4]!;
  part5SectionId = section.id;
  part6SectionId = snapshot.sections[5]!.id;
  part5 = section.items.map((item, index) => ({
    id: item.question.id,
    number: 101 + index,
    key: item.question.answer.key,
    skill: PART5_SKILLS[index]!,
  }));
});

afterAll(async () => {
  await harness?.close();
});

describe('the result breakdown by question type and skill', () => {
  it('counts the learner against every submitted attempt of the test, weakest first', async () => {
    const first = await learner();
    const second = await learner();
    const third = await learner();
    const unfinished = await learner();
    // First: every Part 5 question right except the word-form ones; the other parts skipped.
    const mine = await sit(first, (skill) => skill !== 'word-form');
    // Second: only the prepositions right.
    await sit(second, (skill) => skill === 'preposition');
    // Third: Part 5 practice, everything right.
    await sit(third, () => true, { mode: 'practice' });
    // An attempt in progress counts for no one.
    await sit(unfinished, () => true, { submit: false });

    const rows = await breakdownOf(mine, first);
    const skill = (key: string) => rows.find((row) => row.dimension === 'skill' && row.key === key)!;
    // Part 6 is tagged too and skipped by everyone here: it counts in the full attempts only.
    const in5 = (name: string) => PART5_SKILLS.filter((entry) => entry === name).length;
    const in6 = (name: string) => PART6_SKILLS.filter((entry) => entry === name).length;
    const part6Numbers = (name: string) =>
      PART6_SKILLS.flatMap((entry, index) => (entry === name ? [131 + index] : []));

    expect(skill('word-form')).toMatchObject({
      correct: 0,
      total: in5('word-form') + in6('word-form'),
      accuracy: 0,
      // first 0 + second 0 + third all of Part 5; two full attempts and one Part 5 practice.
      everyone_correct: in5('word-form'),
      everyone_total: 2 * (in5('word-form') + in6('word-form')) + in5('word-form'),
      section_ids: [part5SectionId, part6SectionId],
    });
    expect(skill('word-form').missed).toEqual([
      ...part5.filter((question) => question.skill === 'word-form').map((question) => question.number),
      ...part6Numbers('word-form'),
    ]);
    expect(skill('preposition')).toMatchObject({
      correct: in5('preposition'),
      total: in5('preposition'),
      accuracy: 1,
      everyone_correct: 3 * in5('preposition'),
      everyone_total: 3 * in5('preposition'),
      everyone_accuracy: 1,
      missed: [],
    });
    const verbForms = in5('verb-form') + in6('verb-form');
    expect(skill('verb-form')).toMatchObject({
      correct: in5('verb-form'),
      total: verbForms,
      everyone_correct: 2 * in5('verb-form'),
      everyone_total: 2 * verbForms + in5('verb-form'),
    });
    expect(skill('verb-form').accuracy).toBeCloseTo(in5('verb-form') / verbForms);

    // One question type for the whole TOEIC test: the 200 questions taken, 170 of them skipped.
    const type = rows.find((row) => row.dimension === 'question_type')!;
    expect(type).toMatchObject({ total: 200, correct: 30 - in5('word-form') });
    expect(type.everyone_total).toBe(200 + 200 + 30);
    expect(type.everyone_correct).toBe(30 - in5('word-form') + in5('preposition') + 30);
    expect(type.missed).toHaveLength(170 + in5('word-form'));

    // Weakest first: word forms and sentence insertion (0 %: word forms further below everyone), then the
    // question type (25/200), then the rest.
    expect(rows.slice(0, 3).map((row) => `${row.dimension}:${row.key}`)).toEqual([
      'skill:word-form',
      'skill:sentence-insertion',
      `question_type:${type.key}`,
    ]);
    const accuracies = rows.map((row) => row.accuracy ?? 2);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    expect(new Set(rows.filter((row) => row.dimension === 'skill').map((row) => row.key))).toEqual(
      new Set([...PART5_SKILLS, ...PART6_SKILLS]),
    );
  });

  it("answers everyone's tallies for a test in a few milliseconds", async () => {
    const started = performance.now();
    const tallies = await loadEveryoneTallies(harness.database.db, testId);
    const elapsed = performance.now() - started;
    expect(tallies.size).toBe(200);
    expect(tallies.get(part5[0]!.id)!.graded).toBe(3);
    // Measured on PGlite with these attempts: ~5–15 ms (the bound leaves room for a busy machine).
    expect(elapsed).toBeLessThan(1000);
  });
});
