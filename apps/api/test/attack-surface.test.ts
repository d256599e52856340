import { randomUUID } from 'node:crypto';
import { ORGANIZATION_PERMISSIONS } from '@prepwise/contract';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Requirement } from '../src/plugins/auth';
import { authHeader, createAccount } from './factories';
import { createTestApp } from './helpers';
import { createOrganization, type Headers } from './isolation/world';

/**
 * Issue 13: every operation of the OpenAPI document, tried as an attacker would.
 * - The authorization matrix: each operation × anonymous, learner, second learner, educator (an
 *   organization's owner), staff without any permission, and admin; the outcome (401, 403 or past the
 *   guard) follows from the route's declared requirement.
 * - The fuzz: fast-check inputs built from each operation's zod schemas (its body's and query's field
 *   names, its path parameters) filled with hostile values; no answer may be a 5xx. FUZZ_RUNS sets the
 *   runs per operation (default 3 for `npm test`; the bench runs more).
 * - Nesting depth (issue 26): 5,000 arrays one inside another, sent to every operation that reads a body,
 *   answer 400 with the key, never a 5xx.
 * All fail when an operation of the document is not covered.
 */

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 3;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  /** As Fastify registered it: `/api/admin/tests/:id`. */
  url: string;
  route: RouteOptions;
  requirement: Requirement | undefined;
}

type Caller = 'anonymous' | 'learner' | 'secondLearner' | 'educator' | 'staffWithout' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'learner', 'secondLearner', 'educator', 'staffWithout', 'admin'];

let harness: Awaited<ReturnType<typeof createTestApp>>;
const headersOf: Record<Caller, Headers> = {
  anonymous: {},
  learner: {},
  secondLearner: {},
  educator: {},
  staffWithout: {},
  admin: {},
};
let operations: Operation[] = [];
let documented: string[] = [];

const keyOf = (operation: { method: string; url: string }) => `${operation.method} ${operation.url}`;
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/** Sessions ending mid-run would turn every later request of that caller into a 401: they go last. */
const endsSession = (url: string) => /\/logout$/.test(url);

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await harness.app.jobs.start();
  const db = harness.database.db;
  headersOf.learner = await authHeader(harness.app, await createAccount(db));
  headersOf.secondLearner = await authHeader(harness.app, await createAccount(db));
  headersOf.educator = (await createOrganization(harness.app)).asOwner;
  headersOf.staffWithout = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin' }),
    'admin',
  );
  headersOf.admin = await authHeader(
    harness.app,
    await createAccount(db, { scope: 'admin', isAdmin: true }),
    'admin',
  );

  const document = harness.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
  const byDocumentKey = new Map<string, Operation>();
  for (const route of harness.app.routeList) {
    for (const method of [route.method].flat()) {
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const handlers = [route.preValidation ?? [], route.preHandler ?? []].flat() as {
        requirement?: Requirement;
      }[];
      byDocumentKey.set(`${method} ${toOpenApiPath(route.url)}`, {
        method: method as Method,
        url: route.url,
        route,
        requirement: handlers.find((handler) => handler.requirement)?.requirement,
      });
    }
  }
  operations = documented
    .map((key) => byDocumentKey.get(key))
    .filter((operation): operation is Operation => operation !== undefined)
    .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
});
afterAll(() => harness.close());

/** Percent-encoding as a client would send it; a lone surrogate goes out as its raw (invalid) UTF-8 bytes. */
function encodeSegment(value: string) {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) =>
      /^[\ud800-\udfff]$/.test(part)
        ? Buffer.from([
            0xe0 | (part.charCodeAt(0) >> 12),
            0x80 | ((part.charCodeAt(0) >> 6) & 0x3f),
            0x80 | (part.charCodeAt(0) & 0x3f),
          ])
            .toString('hex')
            .replace(/(..)/g, '%$1')
        : encodeURIComponent(part),
    )
    .join('');
}

/** The URL with each path parameter replaced. */
function fillPath(url: string, value: (name: string) => string) {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeSegment(value(name)));
}

function send(
  operation: Operation,
  caller: Caller,
  input: { url?: string; body?: unknown; query?: object } = {},
) {
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return harness.app.inject({
    method: operation.method,
    url: input.url ?? fillPath(operation.url, () => randomUUID()),
    headers: headersOf[caller],
    ...(input.query ? { query: input.query as Record<string, string> } : {}),
    ...(hasBody ? { payload: (input.body ?? {}) as object } : {}),
  });
}

/** Whether a caller gets past the route's guard, by its declared requirement. */
function expectedAccess(requirement: Requirement | undefined, caller: Caller): 'allowed' | 401 | 403 {
  if (!requirement) return 'allowed';
  if (caller === 'anonymous') return 401;
  const needed = requirement.permission === undefined ? [] : [requirement.permission].flat();
  const strategy =
    caller === 'educator' ? 'educator' : caller === 'staffWithout' || caller === 'admin' ? 'admin' : 'user';
  if (!requirement.strategies.includes(strategy)) return 403;
  if (needed.length === 0 || caller === 'admin') return 'allowed';
  if (caller === 'educator') {
    return needed.some((permission) => (ORGANIZATION_PERMISSIONS as readonly string[]).includes(permission))
      ? 'allowed'
      : 403;
  }
  return 403;
}

describe('the OpenAPI document', () => {
  it('has every documented operation among the routes tested here', () => {
    expect(documented.length).toBeGreaterThan(100);
    const tested = new Set(
      operations.map((operation) => `${operation.method} ${toOpenApiPath(operation.url)}`),
    );
    expect(documented.filter((key) => !tested.has(key))).toEqual([]);
  });
});

describe('the authorization matrix', () => {
  it('every operation × six callers answers as the route declares, never a 5xx', async () => {
    const mismatches: string[] = [];
    for (const operation of operations) {
      for (const caller of CALLERS) {
        const response = await send(operation, caller);
        const expected = expectedAccess(operation.requirement, caller);
        const status = response.statusCode;
        // An open route (sign-in, refresh, public pages) answers by its own rules: only a 5xx is wrong.
        if (!operation.requirement) {
          if (status >= 500) mismatches.push(`${keyOf(operation)} as ${caller}: ${status} ${response.body}`);
          continue;
        }
        const outcome = status >= 500 ? `${status}` : status === 401 || status === 403 ? status : 'allowed';
        // Past the guard, a business rule may still answer 403 with its own key; the guard's is FORBIDDEN.
        const guardDenial = outcome === 403 && response.json().key === 'FORBIDDEN';
        const seen = outcome === 403 && !guardDenial ? 'allowed' : outcome;
        if (status >= 500 || seen !== expected) {
          mismatches.push(
            `${keyOf(operation)} as ${caller}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`,
          );
        }
        if (outcome === 'allowed' || seen === 'allowed') {
          // Nothing about a body's shape reaches a caller the guard refuses; allowed callers may see it.
          continue;
        }
        expect(response.json().errors, `${keyOf(operation)} as ${caller}`).toBeUndefined();
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------- fuzz

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '2023-02-30',
  '9999-99-99',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '',
  ' ',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'x'.repeat(70_000),
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53, -(2 ** 31) - 1, 0, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.array(fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 3 }), { maxLength: 2 }),
);

/** The field names of a zod object schema (through pipes, optional and nullable wrappers). */
function fieldsOf(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 6; depth++) {
    const def = (current as unknown as { def?: Record<string, unknown> }).def;
    if (!def) return [];
    if (def.type === 'object') return Object.keys((def.shape as object) ?? {});
    current = (def.innerType ?? def.in ?? def.schema) as z.ZodType | undefined;
  }
  return [];
}

/** An input for the operation: its body's and query's fields and its path parameters, hostile. */
function inputFor(operation: Operation) {
  const schema = (operation.route.schema ?? {}) as { body?: unknown; querystring?: unknown };
  const bodyFields = fieldsOf(schema.body);
  const queryFields = fieldsOf(schema.querystring);
  const params = [...operation.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const body =
    bodyFields.length > 0
      ? fc.oneof(
          fc.record(Object.fromEntries(bodyFields.map((field) => [field, hostileValue])), {
            requiredKeys: [],
          }),
          hostileValue,
        )
      : hostileValue;
  const query = fc.record(Object.fromEntries(queryFields.map((field) => [field, hostileString])), {
    requiredKeys: [],
  });
  const path = fc.record(
    Object.fromEntries(params.map((name) => [name, fc.oneof(hostileString, fc.uuid())])),
  );
  return fc.record({ body, query, path });
}

/** The caller the guard lets through, so the input reaches validation and the handler. */
function callerFor(operation: Operation): Caller {
  return CALLERS.find((caller) => expectedAccess(operation.requirement, caller) === 'allowed') ?? 'admin';
}

describe('generated hostile input', () => {
  it(
    `no operation answers a 5xx (${FUZZ_RUNS} runs per operation)`,
    async () => {
      const failures: string[] = [];
      for (const operation of operations.filter((candidate) => !endsSession(candidate.url))) {
        const caller = callerFor(operation);
        let last = '';
        const result = await fc.check(
          fc.asyncProperty(inputFor(operation), async ({ body, query, path }) => {
            const url = fillPath(operation.url, (name) => String((path as Record<string, string>)[name]));
            const response = await send(operation, caller, { url, body, query: query as object });
            last = `${response.statusCode} ${response.body.slice(0, 160)}`;
            return response.statusCode < 500;
          }),
          { numRuns: FUZZ_RUNS, seed: Number(process.env.FUZZ_SEED) || undefined, endOnFailure: true },
        );
        if (result.failed) {
          failures.push(
            `${keyOf(operation)} as ${caller}: ${last} ← ${JSON.stringify(result.counterexample).slice(0, 300)} ${String(result.errorInstance ?? '').slice(0, 200)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    },
    60_000 + FUZZ_RUNS * 15_000,
  );
});

describe('deeply nested JSON', () => {
  /** 10 KB: 5,000 arrays one inside another (it overflowed the stack in validation: 500 on 133 routes). */
  const deepArrays = `${'['.repeat(5000)}${']'.repeat(5000)}`;

  it('every operation that reads a body answers 400 with the key, as any caller, never a 5xx', async () => {
    const failures: string[] = [];
    const withBody = operations.filter((operation) => operation.method !== 'GET');
    expect(withBody.length).toBeGreaterThan(100);
    // Each deep body cost ~0.75 s when it reached validation: a broken run stops at 20 failures.
    for (const operation of withBody) {
      if (failures.length >= 20) break;
      for (const caller of ['anonymous', callerFor(operation)] as const) {
        const response = await harness.app.inject({
          method: operation.method,
          url: fillPath(operation.url, () => randomUUID()),
          headers: { ...headersOf[caller], 'content-type': 'application/json' },
          payload: deepArrays,
        });
        const body = response.body.startsWith('{') ? response.json() : {};
        if (response.statusCode !== 400 || body.errors?._ !== 'common.nesting_too_deep') {
          failures.push(
            `${keyOf(operation)} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
