import type { AttemptHighlights } from '@prepwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPracticeTestApp, learnerOf, paperOf, startAttempt } from '../../../test/practice-test';
import { ieltsReadingTest1 } from '../../seed/content/ielts';

/** Highlights and notes on an attempt's reading passages (issue 14): the learner's own, validated. */

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;

beforeAll(async () => {
  harness = await createPracticeTestApp();
}, 120_000);
afterAll(() => harness?.close());

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function learnerWithAttempt() {
  const { headers } = await learnerOf(harness.app);
  const attemptId = await startAttempt(harness.app, ieltsReadingTest1.slug, headers, { mode: 'full' });
  const paper = await paperOf(harness.app, attemptId, headers);
  const groups = paper.sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'group' && item.group.passage ? [item.group.id] : [])),
  );
  expect(groups.length).toBeGreaterThan(1);
  return { headers, attemptId, groups };
}

describe('highlights on passages', () => {
  it('keeps the learner’s set, hands it to another device, and ignores an older save', async () => {
    const { headers, attemptId, groups } = await learnerWithAttempt();
    const empty = await call('GET', `/user/attempts/${attemptId}/highlights`, headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().result).toEqual({ highlights: [], updated_at: null });

    const set = {
      highlights: [
        {
          id: 'h1',
          group_id: groups[0],
          start: 10,
          end: 42,
          text: 'cities are warmer than',
          note: '  ý chính ',
        },
        { id: 'h2', group_id: groups[1], start: 0, end: 5, text: 'Terra', note: '' },
      ],
      updated_at: '2026-11-25T07:00:00.000Z',
    };
    const saved = await call('PUT', `/user/attempts/${attemptId}/highlights`, headers, set);
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = saved.json().result as AttemptHighlights;
    expect(kept.highlights.map((h) => [h.id, h.note])).toEqual([
      ['h1', 'ý chính'],
      ['h2', null],
    ]);
    expect(kept.updated_at).toBe('2026-11-25T07:00:00.000Z');
    // Another device reads the same set.
    const read = (await call('GET', `/user/attempts/${attemptId}/highlights`, headers)).json().result;
    expect(read).toEqual(kept);

    // A save made earlier (a device offline for a while) does not undo the newer one.
    const stale = await call('PUT', `/user/attempts/${attemptId}/highlights`, headers, {
      highlights: [],
      updated_at: '2026-11-25T06:59:00.000Z',
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().result.highlights).toHaveLength(2);
    // A newer one replaces it: one highlight removed.
    const newer = await call('PUT', `/user/attempts/${attemptId}/highlights`, headers, {
      highlights: [set.highlights[0]],
      updated_at: '2026-11-25T07:01:00.000Z',
    });
    expect(newer.json().result.highlights.map((h: { id: string }) => h.id)).toEqual(['h1']);

    // Kept after the attempt is submitted, for the review.
    expect(
      (await call('POST', `/user/attempts/${attemptId}/submit`, headers, { answers: [] })).statusCode,
    ).toBe(200);
    const after = (await call('GET', `/user/attempts/${attemptId}/highlights`, headers)).json().result;
    expect(after.highlights.map((h: { id: string }) => h.id)).toEqual(['h1']);
  });

  it('is the learner’s own: another learner gets 404 reading or writing it, a visitor 401', async () => {
    const { headers, attemptId, groups } = await learnerWithAttempt();
    await call('PUT', `/user/attempts/${attemptId}/highlights`, headers, {
      highlights: [{ id: 'mine', group_id: groups[0], start: 0, end: 3, text: 'The', note: 'riêng tư' }],
      updated_at: new Date().toISOString(),
    });
    const { headers: other } = await learnerOf(harness.app);
    expect((await call('GET', `/user/attempts/${attemptId}/highlights`, other)).statusCode).toBe(404);
    const overwrite = await call('PUT', `/user/attempts/${attemptId}/highlights`, other, {
      highlights: [],
      updated_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(overwrite.statusCode).toBe(404);
    expect((await call('GET', `/user/attempts/${attemptId}/highlights`, {})).statusCode).toBe(401);
    const mine = (await call('GET', `/user/attempts/${attemptId}/highlights`, headers)).json().result;
    expect(mine.highlights.map((h: { note: string }) => h.note)).toEqual(['riêng tư']);
  });

  it('refuses a highlight off the attempt’s passages, an empty or inverted range, and notes past the limits', async () => {
    const { headers, attemptId, groups } = await learnerWithAttempt();
    const put = (highlights: object[], updated_at: unknown = new Date().toISOString()) =>
      call('PUT', `/user/attempts/${attemptId}/highlights`, headers, { highlights, updated_at });
    const one = { id: 'a', group_id: groups[0], start: 5, end: 9, text: 'heat', note: null };

    const foreign = await put([{ ...one, group_id: '00000000-0000-4000-8000-000000000000' }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ highlights: 'attempt.highlight_not_in_attempt' });
    const inverted = await put([{ ...one, start: 9, end: 5 }]);
    expect(inverted.statusCode).toBe(422);
    expect(Object.values(inverted.json().errors)).toEqual(['common.invalid_field']);
    const longNote = await put([{ ...one, note: 'x'.repeat(501) }]);
    expect(longNote.statusCode).toBe(422);
    expect(Object.values(longNote.json().errors)).toEqual(['common.max_length']);
    const badId = await put([{ ...one, id: 'no spaces allowed' }]);
    expect(badId.statusCode).toBe(422);
    const tooMany = await put(Array.from({ length: 201 }, (_, i) => ({ ...one, id: `h${i}` })));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ highlights: 'common.max_length' });
    const noTime = await put([one], 'yesterday');
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json().errors).toEqual({ updated_at: 'common.invalid_field' });
    // Nothing was kept.
    expect(
      (await call('GET', `/user/attempts/${attemptId}/highlights`, headers)).json().result.highlights,
    ).toEqual([]);
  });
});
