import { describe, expect, it } from 'vitest';
import { moveItem } from './answers';
import { anchorFrom, elapsedMs, formatDuration, remainingMs } from './server-clock';

describe('server clock', () => {
  const state = {
    started_at: '2030-05-01T08:00:00.000Z',
    deadline_at: '2030-05-01T10:00:00.000Z',
    server_now: '2030-05-01T09:30:00.000Z',
  };

  it('counts down from the server deadline using only monotonic time since the answer', () => {
    const anchor = anchorFrom(state, 1000);
    expect(remainingMs(anchor, 1000)).toBe(30 * 60_000);
    expect(remainingMs(anchor, 61_000)).toBe(29 * 60_000);
    expect(remainingMs(anchor, 1000 + 31 * 60_000)).toBe(0);
  });

  it('re-anchors on a later server answer, whatever the client clock says', () => {
    const first = anchorFrom(state, 0);
    const later = anchorFrom(
      { deadline_at: state.deadline_at, server_now: '2030-05-01T09:45:00.000Z' },
      5000,
      first,
    );
    expect(remainingMs(later, 5000)).toBe(15 * 60_000);
    expect(elapsedMs(later, 5000)).toBe(105 * 60_000);
  });

  it('has no countdown for untimed practice but still measures elapsed time', () => {
    const anchor = anchorFrom({ ...state, deadline_at: null }, 0);
    expect(remainingMs(anchor, 10)).toBeNull();
    expect(elapsedMs(anchor, 2000)).toBe(90 * 60_000 + 2000);
  });

  it('formats durations', () => {
    expect(formatDuration(65_000)).toBe('01:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});

describe('moveItem', () => {
  it('moves a piece one place and ignores moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
