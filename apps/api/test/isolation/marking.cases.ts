import { expect } from 'vitest';
import { attemptOfA } from './practice-tests.cases';
import { defineCases } from './world';

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
    method: 'PUT',
    url: '/api/educator/marking/:attemptId/:questionId',
    setup: attemptOfA,
    body: () => ({ criteria: { task: 5, coherence: 5, vocabulary: 5, grammar: 5 }, comment: 'B' }),
  },
]);
