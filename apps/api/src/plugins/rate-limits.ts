import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitName, RateRule } from '../config';
import { AppError } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';
import { readAccessToken } from './auth';

/**
 * Abuse limits (issue 13) with @fastify/rate-limit, declared here for every route at once rather than
 * route by route: the named anonymous forms by method and URL, every multipart upload, and every list
 * that takes a `search`. Counters live in the process by default and in Redis when REDIS_URL is set, so
 * several WORKERS and nodes share them. Anonymous callers are counted per IP; uploads and searches of a
 * signed-in caller per account (a school puts hundreds of learners behind one IP).
 */

const NAMED_ROUTES: Record<string, RateLimitName> = {
  'POST /api/user/auth/login': 'signIn',
  'POST /api/admin/auth/login': 'signIn',
  'POST /api/user/auth/login-google': 'signIn',
  'POST /api/user/auth/register': 'register',
  'POST /api/public/organizations/register': 'organizationApplication',
  'POST /api/user/auth/forgot-password': 'forgotPassword',
  'POST /api/user/auth/sign-in-code': 'forgotPassword',
  'POST /api/admin/auth/sign-in-code': 'forgotPassword',
  'POST /api/user/auth/verify-reset-code': 'resetCode',
  'POST /api/user/auth/reset-password': 'resetCode',
  'GET /api/admin/vocabulary-speech': 'speech',
  // Starting an assigned test is where an access code is typed (issue 29): guesses are limited per account.
  'POST /api/user/organizations/:slug/tests/:testSlug/attempts': 'accessCode',
};

/** Limits counted per account when the caller is signed in. */
const PER_ACCOUNT: ReadonlySet<RateLimitName> = new Set(['upload', 'search', 'speech', 'accessCode']);

type RouteLike = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/** Which limit applies to a route, if any (exported for the tests that list them). */
export function rateLimitOf(route: RouteLike): RateLimitName | null {
  const methods = [route.method].flat();
  for (const method of methods) {
    const named = NAMED_ROUTES[`${method} ${route.url}`];
    if (named) return named;
  }
  const schema = route.schema as { consumes?: string[]; querystring?: { shape?: Record<string, unknown> } };
  if (schema?.consumes?.includes('multipart/form-data')) return 'upload';
  if (methods.includes('GET') && schema?.querystring?.shape && 'search' in schema.querystring.shape) {
    return 'search';
  }
  return null;
}

function clientIp(request: FastifyRequest) {
  return `ip:${request.ip}`;
}

/** The account of a valid access token (signature and expiry only: no database read), else the IP. */
async function accountOrIp(request: FastifyRequest): Promise<string> {
  const token = readAccessToken(request);
  if (token) {
    try {
      const claims = await verifyAccessToken(request.server.config.secrets.jwt, token);
      return `user:${claims.sub}`;
    } catch {
      // An invalid token is an anonymous caller; the route's guard answers 401.
    }
  }
  return clientIp(request);
}

export async function registerRateLimits(app: FastifyInstance) {
  const rules = app.config.rateLimits;
  if (!rules) return;

  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    // Short timeouts: a slow Redis must not hold requests; its errors let the request through (logged).
    redis = new Redis(app.config.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableAutoPipelining: true,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'prepwise-rate-limit:' } : {}),
    skipOnError: true,
  });

  // One limiter per limit, on the plugin's one store: the routes of a limit share its counter (the two
  // sign-in forms, the two reset-code steps), keyed by the limit's name and the caller.
  const limiters = new Map(
    (Object.keys(rules) as RateLimitName[]).map((name) => {
      const rule: RateRule = rules[name];
      const keyOf = PER_ACCOUNT.has(name) ? accountOrIp : clientIp;
      const limiter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: async (request: FastifyRequest) => `${name}:${await keyOf(request)}`,
      });
      return [name, limiter] as const;
    }),
  );

  app.addHook('onRoute', (route) => {
    const name = rateLimitOf(route);
    if (!name) return;
    const limiter = limiters.get(name)!;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await limiter(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      const seconds = Math.max(1, limit.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw Object.assign(
        new AppError(429, 'TOO_MANY_REQUESTS', `Too many requests; try again in ${seconds} seconds`),
        { retryAfter: seconds },
      );
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check] as typeof route.onRequest;
  });
}
