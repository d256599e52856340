import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { attempts, speakingRecordings } from '../../src/db/schema';
import { attemptOfA } from './practice-tests.cases';
import { defineCases } from './world';

/** Stand-in bytes of a recording: the route serves what storage holds. */
const RECORDING = Buffer.from('1a45dfa3' + '00'.repeat(60), 'hex');

/**
 * The marking queue (issue 28): organization B's owner neither lists, opens nor marks A's learners'
 * essays, and A's marks do not reach B's agreement figures.
 */
export default defineCases([
  {
    method: 'GET',
    url: '/api/educator/marking',
    setup: attemptOfA,
    leaks: (_world, params, body) => {
      const { items } = (body as { result: { items: { attempt_id: string }[] } }).result;
      expect(items.map((item) => item.attempt_id)).not.toContain(params.attemptId);
    },
  },
  {
    method: 'GET',
    url: '/api/educator/marking/agreement',
    setup: attemptOfA,
    leaks: (_world, _params, body) => {
      const { rubrics } = (body as { result: { rubrics: { n: number }[] } }).result;
      expect(rubrics.every((rubric) => rubric.n === 0)).toBe(true);
    },
  },
  { method: 'GET', url: '/api/educator/marking/:attemptId/:questionId', setup: attemptOfA },
  {
    method: 'GET',
    url: '/api/educator/marking/:attemptId/:questionId/audio',
    // A's submitted answer gets a finished recording (bytes in storage), so A's owner can play it.
    setup: async (world) => {
      const params = await attemptOfA(world);
      const [attempt] = await world.app.db
        .select({ userId: attempts.userId })
        .from(attempts)
        .where(eq(attempts.id, params.attemptId));
      const key = `recordings/isolation-${params.attemptId}.webm`;
      await world.app.storage.put(key, RECORDING);
      await world.app.db.insert(speakingRecordings).values({
        attemptId: params.attemptId,
        questionId: params.questionId,
        userId: attempt!.userId,
        status: 'complete',
        mime: 'audio/webm',
        storageKey: key,
        sizeBytes: RECORDING.length,
        durationMs: 1000,
      });
      return params;
    },
    snapshot: async (world, params) => {
      const url = `/api/educator/marking/${params.attemptId}/${params.questionId}/audio`;
      const played = await world.inject('GET', url, world.orgA.asOwner);
      expect(played.statusCode).toBe(200);
      return played.rawPayload.length;
    },
  },
  {
    method: 'PUT',
    url: '/api/educator/marking/:attemptId/:questionId',
    setup: attemptOfA,
    body: () => ({ criteria: { task: 5, coherence: 5, vocabulary: 5, grammar: 5 }, comment: 'B' }),
  },
]);
