import { expect } from 'vitest';
import { categories, exams } from '../../src/db/schema';
import { defineCases, type IsolationCase, type IsolationWorld } from './world';

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const idsOf = (body: unknown) =>
  (body as { result: { items: { id: string }[] } }).result.items.map((i) => i.id);

/** A platform exam (organizations build on the platform's exams; the portal changes only its own). */
let platformExamId: string | undefined;
async function platformExam(world: IsolationWorld) {
  if (platformExamId) return platformExamId;
  const [category] = await world.db
    .insert(categories)
    .values({ name: 'IELTS (nền tảng)', slug: `ielts-${tag().toLowerCase()}`, position: 1 })
    .returning({ id: categories.id });
  const [exam] = await world.db
    .insert(exams)
    .values({ categoryId: category!.id, name: 'IELTS Academic', slug: 'ielts-academic', position: 1 })
    .returning({ id: exams.id });
  platformExamId = exam!.id;
  return platformExamId;
}

const bodies: Record<string, (world: IsolationWorld) => Promise<unknown>> = {
  levels: async () => ({ code: `L${tag()}`, name: 'Trung cấp', description: null, position: 3 }),
  'question-types': async () => ({
    name: `Chọn đáp án ${tag()}`,
    answer_kind: 'single_choice',
    scoring_rule: 'all_or_nothing',
  }),
  categories: async () => ({ name: `Luyện thi ${tag()}`, slug: null, description: null, position: 1 }),
  'point-configs': async (world) => ({
    exam_id: await platformExam(world),
    name: `Thang điểm ${tag()}`,
    section: 'reading',
    method: 'per_question',
    points_per_question: 1,
  }),
};

/** The five routes of one resource of organization A, made by A's owner through the portal. */
function resourceCases(resource: string): IsolationCase[] {
  const base = `/api/educator/${resource}`;
  const rowOfA = async (world: IsolationWorld) =>
    (await world.ok<{ id: string }>('POST', base, world.orgA.asOwner, await bodies[resource]!(world))).id;
  // Bodies are built in setup (they may need rows), then handed to the request.
  const withBody = async (world: IsolationWorld, withRow: boolean) => ({
    ...(withRow ? { id: await rowOfA(world) } : {}),
    body: JSON.stringify(await bodies[resource]!(world)),
  });
  return [
    {
      method: 'GET',
      url: base,
      setup: async (world) => ({ rowId: await rowOfA(world) }),
      leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.rowId),
    },
    {
      method: 'POST',
      url: base,
      setup: (world) => withBody(world, false),
      body: (_world, params) => JSON.parse(params.body!),
    },
    { method: 'GET', url: `${base}/:id`, setup: async (world) => ({ id: await rowOfA(world) }) },
    {
      method: 'PUT',
      url: `${base}/:id`,
      setup: (world) => withBody(world, true),
      body: (_world, params) => JSON.parse(params.body!),
    },
    { method: 'DELETE', url: `${base}/:id`, setup: async (world) => ({ id: await rowOfA(world) }) },
  ];
}

/** An exam with one part in a category of organization A, made by A's owner through the portal. */
async function examOfA(world: IsolationWorld) {
  const category = await world.ok<{ id: string }>(
    'POST',
    '/api/educator/categories',
    world.orgA.asOwner,
    await bodies.categories!(world),
  );
  const exam = await world.ok<{ id: string }>(
    'POST',
    `/api/educator/categories/${category.id}/exams`,
    world.orgA.asOwner,
    examBody(),
  );
  const part = await world.ok<{ id: string }>(
    'POST',
    `/api/educator/exams/${exam.id}/formats`,
    world.orgA.asOwner,
    partBody(),
  );
  return { categoryId: category.id, examId: exam.id, partId: part.id };
}
const examBody = () => ({ name: `Kỳ thi ${tag()}`, slug: null, description: null, position: 1 });
const partBody = () => ({
  name: `Phần ${tag()}`,
  skill: 'reading',
  question_count: 10,
  score_section: 'reading',
});

/** Exams and parts under A's own category (issue 29): another organization reaches none of them. */
const examCases: IsolationCase[] = [
  {
    method: 'POST',
    url: '/api/educator/categories/:id/exams',
    setup: async (world) => ({ id: (await examOfA(world)).categoryId }),
    body: () => examBody(),
    snapshot: (world, params) => world.ok('GET', `/api/educator/categories/${params.id}`, world.orgA.asOwner),
  },
  {
    method: 'GET',
    url: '/api/educator/exams/:id',
    setup: async (world) => ({ id: (await examOfA(world)).examId }),
  },
  {
    method: 'PUT',
    url: '/api/educator/exams/:id',
    setup: async (world) => ({ id: (await examOfA(world)).examId }),
    body: () => examBody(),
  },
  {
    method: 'DELETE',
    url: '/api/educator/exams/:id',
    setup: async (world) => ({ id: (await examOfA(world)).examId }),
  },
  {
    method: 'POST',
    url: '/api/educator/exams/:id/formats',
    setup: async (world) => ({ id: (await examOfA(world)).examId }),
    body: () => partBody(),
    snapshot: (world, params) => world.ok('GET', `/api/educator/exams/${params.id}`, world.orgA.asOwner),
  },
  {
    method: 'GET',
    url: '/api/educator/formats/:id',
    setup: async (world) => ({ id: (await examOfA(world)).partId }),
  },
  {
    method: 'PUT',
    url: '/api/educator/formats/:id',
    setup: async (world) => ({ id: (await examOfA(world)).partId }),
    body: () => partBody(),
  },
  {
    method: 'DELETE',
    url: '/api/educator/formats/:id',
    setup: async (world) => ({ id: (await examOfA(world)).partId }),
  },
];

export default defineCases([
  ...examCases,
  ...resourceCases('levels'),
  ...resourceCases('question-types'),
  ...resourceCases('categories'),
  ...resourceCases('point-configs'),
]);
