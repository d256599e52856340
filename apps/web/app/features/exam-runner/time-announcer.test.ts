import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeAnnouncer } from './time-announcer';

const MINUTE = 60_000;

describe('time announcer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Ticks every half second, as the runner's timer does, and keeps what would be announced. */
  function run(startMinutes: number, forMs: number, announcer = new TimeAnnouncer()) {
    const deadline = Date.now() + startMinutes * MINUTE;
    const heard: Array<{ minutes: number; at: number }> = [];
    const tick = () => {
      const remaining = Math.max(0, deadline - Date.now());
      const minutes = announcer.update(remaining);
      if (minutes !== null) heard.push({ minutes, at: remaining });
    };
    tick();
    const timer = setInterval(tick, 500);
    vi.advanceTimersByTime(forMs);
    clearInterval(timer);
    return heard;
  }

  it('announces 10, 5 and 1 minute left once each over a whole hour, at the moment each is reached', () => {
    const heard = run(60, 61 * MINUTE);
    expect(heard.map((one) => one.minutes)).toEqual([10, 5, 1]);
    for (const one of heard) {
      expect(one.at).toBeLessThanOrEqual(one.minutes * MINUTE);
      expect(one.at).toBeGreaterThan(one.minutes * MINUTE - 1000);
    }
  });

  it('says nothing for marks already passed when the page opens', () => {
    expect(run(3, 1.5 * MINUTE).map((one) => one.minutes)).toEqual([]);
    expect(run(3, 2.5 * MINUTE).map((one) => one.minutes)).toEqual([1]);
  });

  it('never repeats a mark when a re-sync moves the remaining time back up', () => {
    const announcer = new TimeAnnouncer();
    expect(announcer.update(10 * MINUTE + 400)).toBeNull();
    expect(announcer.update(10 * MINUTE - 100)).toBe(10);
    expect(announcer.update(10 * MINUTE + 2000)).toBeNull();
    expect(announcer.update(10 * MINUTE - 600)).toBeNull();
  });

  it('says only the nearest mark when a sleeping tab wakes past several', () => {
    const announcer = new TimeAnnouncer();
    announcer.update(12 * MINUTE);
    expect(announcer.update(4 * MINUTE)).toBe(5);
    expect(announcer.update(3 * MINUTE)).toBeNull();
    expect(announcer.update(0.5 * MINUTE)).toBe(1);
    expect(announcer.update(0)).toBeNull();
  });
});
