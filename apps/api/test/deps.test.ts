import { describe, expect, expectTypeOf, it } from 'vitest';
import type { buildApp } from '../src/app';
import { type DepsOf, makeDeps } from '../src/deps';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Issue 27: a service takes one Deps object (or the part of it it needs), never the Fastify instance. The
 * app is decorated with the very names of Deps (`app.db`, `app.mail`, `app.now` …), so a structural type
 * alone would let a caller pass `app` for `app.deps`; Deps carries a mark the app has not. These checks
 * run when the API is typechecked (`npm run typecheck`), the test only states them.
 */
describe('Deps', () => {
  it('is what app.deps is, and a type the Fastify app does not fit though it has the same names', () => {
    expectTypeOf<App['deps']>().toExtend<DepsOf<'config' | 'db' | 'jobs' | 'mail' | 'log' | 'now'>>();
    expectTypeOf<Pick<App, 'db' | 'now'>>().toExtend<{ db: App['deps']['db']; now: App['deps']['now'] }>();
    expectTypeOf<App>().not.toExtend<DepsOf<'db'>>();
    expectTypeOf<App>().not.toExtend<DepsOf<'db' | 'mail' | 'now'>>();
  });

  it('is made from its parts by makeDeps, and a plain object of the same parts is not one', () => {
    const now = () => new Date(Date.UTC(2031, 4, 6));
    const deps = makeDeps({ now });
    expect(deps.now).toBe(now);
    expect(deps.now().toISOString()).toBe('2031-05-06T00:00:00.000Z');
    expectTypeOf(deps).toExtend<DepsOf<'now'>>();
    expectTypeOf({ now }).not.toExtend<DepsOf<'now'>>();
    // A spread keeps the mark: a caller may hand a service the app's Deps with its transaction as `db`.
    expectTypeOf({ ...deps }).toExtend<DepsOf<'now'>>();
  });
});
