import type { Paper } from '@prepwise/contract';
import type { FastifyInstance } from 'fastify';
import { type SeedStep, seedDatabase, seedSteps } from '../src/seed';
import { demoAccountsStep } from '../src/seed/demo-accounts';
import { examStructureStep } from '../src/seed/exam-structure';
import { practiceTestsStep } from '../src/seed/practice-tests';
import { authHeader, createAccount, type TestAccount } from './factories';
import { createTestApp } from './helpers';

/**
 * A test app whose database holds the platform's practice tests (with the exam structure and demo
 * accounts they need), for files whose learners take them. `steps` are seeded too, each in its place in
 * the seed's order (`englishNamesStep` right after the structure, `demoItemAnalysisStep` last); `env` is
 * the app's configuration beyond the tests' own.
 */
export async function createPracticeTestApp(
  steps: SeedStep[] = [],
  options: { env?: Record<string, string> } = {},
) {
  const unknown = steps.find((step) => !seedSteps.includes(step));
  if (unknown) throw new Error(`${unknown.name} is not a step of the seed`);
  const harness = await createTestApp({ env: options.env });
  try {
    await harness.app.ready();
    const wanted = new Set([examStructureStep, demoAccountsStep, practiceTestsStep, ...steps]);
    await seedDatabase(harness.database.db, {
      demo: true,
      steps: seedSteps.filter((step) => wanted.has(step)),
      context: { storage: harness.app.storage },
    });
  } catch (error) {
    await harness.close();
    throw error;
  }
  return harness;
}

/** A learner: a fresh account straight in the database (`values` as createAccount takes them), signed in. */
export async function learnerOf(
  app: FastifyInstance,
  values: Parameters<typeof createAccount>[1] = {},
): Promise<TestAccount & { headers: Record<string, string> }> {
  const account = await createAccount(app.db, values);
  return { ...account, headers: await authHeader(app, account) };
}

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  expected: number,
  payload?: object,
): Promise<T> {
  const response = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode !== expected)
    throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
  return response.json().result as T;
}

/** Starts a new attempt (not a resumed one) at a published test as the learner; answers its id. */
export async function startAttempt(
  app: FastifyInstance,
  slug: string,
  headers: Record<string, string>,
  body: object = {},
) {
  return (await call<{ id: string }>(app, 'POST', `/user/tests/${slug}/attempts`, headers, 201, body)).id;
}

/** The paper of an attempt, as its learner reads it. */
export function paperOf(app: FastifyInstance, attemptId: string, headers: Record<string, string>) {
  return call<Paper>(app, 'GET', `/user/attempts/${attemptId}`, headers, 200);
}

/** The questions of a paper, in order (a group's one after the other). */
export const paperQuestions = (paper: Paper) =>
  paper.sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );

/** Submits the attempt with its first single-choice questions answered, one letter of `keys` each. */
export async function submitAttempt(
  app: FastifyInstance,
  attemptId: string,
  headers: Record<string, string>,
  keys: string,
) {
  const questions = paperQuestions(await paperOf(app, attemptId, headers))
    .filter((question) => question.answer_kind === 'single_choice')
    .slice(0, keys.length);
  const answers = questions.map((question, i) => ({
    question_id: question.id,
    answer: { key: keys[i] },
    seq: i + 1,
  }));
  await call(app, 'POST', `/user/attempts/${attemptId}/submit`, headers, 200, { answers });
}
