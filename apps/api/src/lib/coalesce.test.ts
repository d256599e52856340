import { describe, expect, it } from 'vitest';
import { batchLoader, singleFlight } from './coalesce';

describe('batchLoader', () => {
  it('answers lookups made in one turn with one load, each with its own key', async () => {
    const loads: string[][] = [];
    const get = batchLoader(async (keys) => {
      loads.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const answers = await Promise.all([get('a'), get('b'), get('a'), get('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(loads).toEqual([['a', 'b', 'missing']]);
    // A later turn is a new load: nothing is kept.
    expect(await get('a')).toBe('A');
    expect(loads).toHaveLength(2);
  });

  it('splits a very large turn into loads of at most 500 keys', async () => {
    const sizes: number[] = [];
    const get = batchLoader(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((key) => [key, Number(key)]));
    });
    const keys = Array.from({ length: 1_201 }, (_, index) => String(index));
    expect(await Promise.all(keys.map(get))).toEqual(keys.map(Number));
    expect(sizes).toEqual([500, 500, 201]);
  });

  it('fails every lookup of a failed load, and only those', async () => {
    let fail = true;
    const get = batchLoader(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((key) => [key, key]));
    });
    const failed = await Promise.allSettled([get('a'), get('b')]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('a')).toBe('a');
  });
});

describe('singleFlight', () => {
  it('shares a running lookup between callers and runs again once it has answered', async () => {
    let runs = 0;
    let finish = (_value: string) => {};
    const lookup = singleFlight(
      (key) =>
        new Promise<string>((resolve) => {
          runs += 1;
          finish = (value) => resolve(`${key}:${value}`);
        }),
    );
    const first = lookup('toeic');
    const second = lookup('toeic');
    expect(runs).toBe(1);
    finish('one');
    expect(await Promise.all([first, second])).toEqual(['toeic:one', 'toeic:one']);
    const third = lookup('toeic');
    expect(runs).toBe(2);
    finish('two');
    expect(await third).toBe('toeic:two');
  });

  it('lets a failure reach every waiting caller, then tries again', async () => {
    let attempt = 0;
    const lookup = singleFlight(async (key) => {
      attempt += 1;
      if (attempt === 1) throw new Error('once');
      return key;
    });
    const outcomes = await Promise.allSettled([lookup('x'), lookup('x')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await lookup('x')).toBe('x');
  });
});
