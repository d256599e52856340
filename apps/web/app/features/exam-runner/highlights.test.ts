import { describe, expect, it } from 'vitest';
import { type HighlightRecord, pickHighlights } from './highlights';

const one = { id: 'h1', group_id: 'g', start: 0, end: 4, text: 'Rice', note: null };
const local = (updatedAt: string | null, synced: boolean, highlights = [one]): HighlightRecord => ({
  attemptId: 'a',
  highlights,
  updatedAt,
  synced,
});

describe('which highlights a reload shows', () => {
  it('the server’s, unless the journal holds a newer set not saved yet', () => {
    const server = { highlights: [], updated_at: '2026-11-25T07:00:00.000Z' };
    expect(pickHighlights(null, server, 'a')).toEqual({
      attemptId: 'a',
      highlights: [],
      updatedAt: server.updated_at,
      synced: true,
    });
    // Made offline after the server's set: kept, to be sent.
    expect(pickHighlights(local('2026-11-25T07:05:00.000Z', false), server, 'a').highlights).toEqual([one]);
    // Saved already, or older than another device's save: the server's wins.
    expect(pickHighlights(local('2026-11-25T07:05:00.000Z', true), server, 'a').highlights).toEqual([]);
    expect(pickHighlights(local('2026-11-25T06:00:00.000Z', false), server, 'a').highlights).toEqual([]);
    // Never saved on the server.
    const never = { highlights: [], updated_at: null };
    expect(pickHighlights(local('2026-11-25T06:00:00.000Z', false), never, 'a').highlights).toEqual([one]);
  });

  it('the journal’s when the server cannot be asked (offline)', () => {
    expect(pickHighlights(local('2026-11-25T06:00:00.000Z', true), null, 'a').highlights).toEqual([one]);
    expect(pickHighlights(null, null, 'a')).toMatchObject({ highlights: [], synced: false });
  });
});
