import { and, asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { categories, examFormats, exams, questionTypes } from '../../src/db/schema';
import { seedDatabase } from '../../src/seed';
import { examStructureStep } from '../../src/seed/exam-structure';
import { defineCases, type IsolationCase, type IsolationWorld } from './world';

/**
 * The organization's question bank (modules/question-bank, modules/import-export) and its manual tests
 * (modules/practice-tests) under /api/educator: organization B's owner never reaches organization A's questions,
 * groups or tests.
 */

const idsOf = (body: unknown) =>
  (body as { result: { items: { id: string }[] } }).result.items.map((i) => i.id);

interface Platform {
  examId: string;
  grammarPart: string;
  writingPart: string;
  singleType: string;
}

let platform: Platform | undefined;
/** The platform's Grammar & Writing exam and its single-choice type (seeded once for these cases). */
async function platformOf(world: IsolationWorld): Promise<Platform> {
  if (platform) return platform;
  await seedDatabase(world.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: world.app.storage },
  });
  const parts = await world.db
    .select({ id: examFormats.id, examId: exams.id })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(and(isNull(categories.organizationId), eq(exams.slug, 'grammar-writing')))
    .orderBy(asc(examFormats.position));
  const [type] = await world.db
    .select({ id: questionTypes.id })
    .from(questionTypes)
    .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, 'single_choice')));
  platform = {
    examId: parts[0]!.examId,
    grammarPart: parts[0]!.id,
    writingPart: parts[1]!.id,
    singleType: type!.id,
  };
  return platform;
}

let sequence = 0;
const questionBody = async (world: IsolationWorld) => {
  const { grammarPart, singleType } = await platformOf(world);
  return {
    format_id: grammarPart,
    question_type_id: singleType,
    stem: `<p>She ___ to work by bus every day (${sequence++}).</p>`,
    options: [
      { key: 'A', content: 'go' },
      { key: 'B', content: 'goes' },
    ],
    answer: { key: 'B' },
    tags: ['present-simple'],
  };
};
const groupBody = async (world: IsolationWorld) => {
  const { grammarPart, singleType } = await platformOf(world);
  return {
    format_id: grammarPart,
    title: `Đoạn văn ${sequence++}`,
    passage: '<p>Lan ___ (1) in Da Nang. She ___ (2) English every evening.</p>',
    questions: [
      {
        question_type_id: singleType,
        stem: '<p>(1)</p>',
        options: [
          { key: 'A', content: 'live' },
          { key: 'B', content: 'lives' },
        ],
        answer: { key: 'B' },
      },
    ],
  };
};
const testBody = async (world: IsolationWorld) => ({
  exam_id: (await platformOf(world)).examId,
  title: `Đề kiểm tra ${sequence++}`,
  duration_minutes: 30,
});

const questionOfA = async (world: IsolationWorld) =>
  (
    await world.ok<{ id: string }>(
      'POST',
      '/api/educator/questions',
      world.orgA.asOwner,
      await questionBody(world),
    )
  ).id;
const groupOfA = async (world: IsolationWorld) =>
  (
    await world.ok<{ id: string }>(
      'POST',
      '/api/educator/question-groups',
      world.orgA.asOwner,
      await groupBody(world),
    )
  ).id;
/**
 * One draft test of organization A serves every test route's case: organization B's requests never
 * change it, and organization A's package limits its tests (other modules' cases make tests too).
 */
let sharedTest: Promise<{ id: string; sections: { id: string }[] }> | undefined;
const testOfA = (world: IsolationWorld) => {
  sharedTest ??= (async () =>
    world.ok<{ id: string; sections: { id: string }[] }>(
      'POST',
      '/api/educator/tests',
      world.orgA.asOwner,
      await testBody(world),
    ))();
  return sharedTest;
};
const testState = (world: IsolationWorld, params: Record<string, string>) =>
  world.ok('GET', `/api/educator/tests/${params.id}`, world.orgA.asOwner);

/** The five routes of a bank resource of organization A (questions, question groups). */
function bankCases(resource: 'questions' | 'question-groups'): IsolationCase[] {
  const base = `/api/educator/${resource}`;
  const rowOfA = resource === 'questions' ? questionOfA : groupOfA;
  const body = resource === 'questions' ? questionBody : groupBody;
  // Bodies need the platform's structure: built in setup, handed to the request.
  return [
    {
      method: 'GET',
      url: base,
      setup: async (world) => ({ rowId: await rowOfA(world) }),
      leaks: (_world, params, answer) => expect(idsOf(answer)).not.toContain(params.rowId),
    },
    {
      method: 'POST',
      url: base,
      setup: async (world) => ({ body: JSON.stringify(await body(world)) }),
      body: (_world, params) => JSON.parse(params.body!),
    },
    { method: 'GET', url: `${base}/:id`, setup: async (world) => ({ id: await rowOfA(world) }) },
    {
      method: 'PUT',
      url: `${base}/:id`,
      setup: async (world) => ({ id: await rowOfA(world), body: JSON.stringify(await body(world)) }),
      body: (_world, params) => JSON.parse(params.body!),
    },
    { method: 'DELETE', url: `${base}/:id`, setup: async (world) => ({ id: await rowOfA(world) }) },
  ];
}

const tests = '/api/educator/tests';
const testAction = (action: 'publish' | 'unpublish' | 'archive'): IsolationCase => ({
  method: 'POST',
  url: `${tests}/:id/${action}`,
  setup: async (world) => ({ id: (await testOfA(world)).id }),
  snapshot: testState,
});

export default defineCases([
  ...bankCases('questions'),
  ...bankCases('question-groups'),
  // Import and templates: nothing of another organization to name; the guard is what is proven.
  { method: 'POST', url: '/api/educator/question-bank/import/preview' },
  { method: 'POST', url: '/api/educator/question-bank/import' },
  { method: 'GET', url: '/api/educator/question-bank/import/template.xlsx' },
  { method: 'GET', url: '/api/educator/question-bank/import/template.csv' },
  {
    method: 'POST',
    url: '/api/educator/question-bank/export',
    setup: async (world) => ({ questionId: await questionOfA(world), groupId: await groupOfA(world) }),
    body: (_world, params) => ({
      format: 'xlsx',
      question_ids: [params.questionId],
      group_ids: [params.groupId],
    }),
    foreignBody: true,
  },
  {
    method: 'GET',
    url: tests,
    setup: async (world) => ({ testId: (await testOfA(world)).id }),
    leaks: (_world, params, answer) => expect(idsOf(answer)).not.toContain(params.testId),
  },
  {
    method: 'POST',
    url: tests,
    setup: async (world) => ({ body: JSON.stringify(await testBody(world)) }),
    body: (_world, params) => JSON.parse(params.body!),
  },
  { method: 'GET', url: `${tests}/:id`, setup: async (world) => ({ id: (await testOfA(world)).id }) },
  {
    method: 'PUT',
    url: `${tests}/:id`,
    setup: async (world) => ({ id: (await testOfA(world)).id, body: JSON.stringify(await testBody(world)) }),
    body: (_world, params) => JSON.parse(params.body!),
  },
  { method: 'DELETE', url: `${tests}/:id`, setup: async (world) => ({ id: (await testOfA(world)).id }) },
  {
    method: 'PUT',
    url: `${tests}/:id/sections/:sectionId/items`,
    setup: async (world) => {
      const test = await testOfA(world);
      return { id: test.id, sectionId: test.sections[0]!.id, questionId: await questionOfA(world) };
    },
    body: (_world, params) => ({ items: [{ question_id: params.questionId }] }),
    snapshot: testState,
  },
  {
    method: 'POST',
    url: `${tests}/:id/sections/:sectionId/draw`,
    setup: async (world) => {
      await questionOfA(world);
      const test = await testOfA(world);
      return { id: test.id, sectionId: test.sections[0]!.id };
    },
    body: () => ({ count: 1 }),
    snapshot: testState,
  },
  testAction('publish'),
  testAction('unpublish'),
  testAction('archive'),
  // The item analysis of organization A's test (modules/item-analysis, in both realms).
  {
    method: 'GET',
    url: `${tests}/:id/item-analysis`,
    setup: async (world) => ({ id: (await testOfA(world)).id }),
  },
]);
