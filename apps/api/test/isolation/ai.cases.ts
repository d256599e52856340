import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { categories, examFormats, exams } from '../../src/db/schema';
import { seedDatabase } from '../../src/seed';
import { examStructureStep } from '../../src/seed/exam-structure';
import { defineCases, type IsolationWorld } from './world';

/** AI generation jobs and their drafts (modules/ai). */

const base = '/api/educator/ai';
const idsOf = (body: unknown) =>
  (body as { result: { items: { id: string }[] } }).result.items.map((i) => i.id);

let part5: string | undefined;
/** TOEIC part 5 of the platform's exam structure (seeded once for these cases). */
async function part5Of(world: IsolationWorld): Promise<string> {
  if (part5) return part5;
  await seedDatabase(world.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: world.app.storage },
  });
  const [row] = await world.db
    .select({ id: examFormats.id })
    .from(examFormats)
    .innerJoin(exams, eq(exams.id, examFormats.examId))
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .where(
      and(eq(categories.slug, 'toeic'), eq(exams.slug, 'listening-reading'), eq(examFormats.position, 4)),
    );
  part5 = row!.id;
  return part5;
}

const jobBody = (formatId: string) => ({
  format_id: formatId,
  task: 'word_form',
  count: 2,
  provider: 'builtin',
  seed: 8,
});

/** A finished job of organization A with its drafts waiting for review. */
async function jobOfA(world: IsolationWorld) {
  await world.app.jobs.start();
  const job = await world.ok<{ id: string }>(
    'POST',
    `${base}/jobs`,
    world.orgA.asOwner,
    jobBody(await part5Of(world)),
  );
  // Setup runs in beforeAll, where expect.poll is not available: wait for the job by hand.
  for (let tries = 0; ; tries++) {
    const current = await world.ok<{ status: string }>('GET', `${base}/jobs/${job.id}`, world.orgA.asOwner);
    if (current.status === 'finished') break;
    if (tries > 300) throw new Error(`job ${job.id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const drafts = await world.ok<{ items: { id: string }[] }>(
    'GET',
    `${base}/drafts?job_id=${job.id}`,
    world.orgA.asOwner,
  );
  return { id: job.id, draftId: drafts.items[0]!.id };
}

let draftQuestion: Record<string, unknown> = {};
async function draftOfA(world: IsolationWorld) {
  const { draftId } = await jobOfA(world);
  const draft = await world.ok<{ question: Record<string, unknown> }>(
    'GET',
    `${base}/drafts/${draftId}`,
    world.orgA.asOwner,
  );
  const { format_id: _format, ...question } = draft.question;
  draftQuestion = question;
  return { id: draftId };
}

const jobState = (world: IsolationWorld, params: Record<string, string>) =>
  world.ok('GET', `${base}/jobs/${params.id}`, world.orgA.asOwner);
const draftState = (world: IsolationWorld, params: Record<string, string>) =>
  world.ok('GET', `${base}/drafts/${params.id}`, world.orgA.asOwner);

export default defineCases([
  {
    method: 'GET',
    url: `${base}/status`,
    setup: async (world) => ({ jobId: (await jobOfA(world)).id }),
    leaks: (_world, _params, body) =>
      expect((body as { result: { usage: { generated: number } } }).result.usage.generated).toBe(0),
  },
  // The platform's published vocabulary topics: the same for every organization, nothing of another's.
  { method: 'GET', url: `${base}/vocabulary-topics` },
  {
    method: 'GET',
    url: `${base}/jobs`,
    setup: async (world) => ({ jobId: (await jobOfA(world)).id }),
    leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.jobId),
  },
  {
    method: 'POST',
    url: `${base}/jobs`,
    setup: async (world) => ({ formatId: await part5Of(world) }),
    body: (_world, params) => jobBody(params.formatId!),
  },
  { method: 'GET', url: `${base}/jobs/:id`, setup: async (world) => ({ id: (await jobOfA(world)).id }) },
  {
    method: 'POST',
    url: `${base}/jobs/:id/cancel`,
    setup: async (world) => ({ id: (await jobOfA(world)).id }),
    snapshot: jobState,
  },
  {
    method: 'POST',
    url: `${base}/jobs/:id/retry`,
    setup: async (world) => ({ id: (await jobOfA(world)).id }),
    snapshot: jobState,
  },
  {
    method: 'POST',
    url: `${base}/jobs/:id/group`,
    setup: async (world) => ({ id: (await jobOfA(world)).id }),
    body: () => ({ title: 'Not yours' }),
    snapshot: jobState,
  },
  {
    method: 'GET',
    url: `${base}/drafts`,
    setup: async (world) => ({ draftId: (await jobOfA(world)).draftId }),
    leaks: (_world, params, body) => expect(idsOf(body)).not.toContain(params.draftId),
  },
  // Bulk review naming organization A's draft: B's owner gets 404 (the draft stays waiting: ai.test.ts).
  {
    method: 'POST',
    url: `${base}/drafts/bulk`,
    setup: async (world) => ({ draftId: (await jobOfA(world)).draftId }),
    body: (_world, params) => ({ ids: [params.draftId], action: 'approve' }),
    foreignBody: true,
  },
  { method: 'GET', url: `${base}/drafts/:id`, setup: draftOfA },
  { method: 'PUT', url: `${base}/drafts/:id`, setup: draftOfA, body: () => draftQuestion },
  { method: 'POST', url: `${base}/drafts/:id/approve`, setup: draftOfA, snapshot: draftState },
  {
    method: 'POST',
    url: `${base}/drafts/:id/reject`,
    setup: draftOfA,
    body: () => ({ reason: 'Đáp án chưa rõ' }),
    snapshot: draftState,
  },
]);
