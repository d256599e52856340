import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { sendApiNotFound } from './errors';
import { withScriptNonce } from './security-headers';

export interface RegisterWebOptions {
  mode: 'production' | 'development';
  /** Absolute path of apps/web. */
  webRoot: string;
}

/*
 * The web app's server build re-exports these from its entry (apps/web/app/entry.server.tsx), so
 * requests are handled by the very react-router copy the route modules use; apps/api does not
 * depend on react-router itself.
 */
type FetchHandler = (request: Request, loadContext?: unknown) => Promise<Response>;

interface WebServerBuild {
  entry: {
    module: {
      createRequestHandler?: (build: WebServerBuild, mode?: string) => FetchHandler;
      createReadableStreamFromReadable?: (source: Readable) => ReadableStream<Uint8Array>;
    };
  };
}

/** Matches `ServerApi` in apps/web/app/lib/load-context.ts (the web app never imports Fastify). */
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface ApiCallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}
interface ApiCallResult<T = unknown> {
  status: number;
  ok: boolean;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}
interface WebLoadContext {
  /** This response's Content-Security-Policy nonce, for the page's inline scripts. */
  cspNonce: string;
  api: {
    call<T = unknown>(method: ApiMethod, path: string, options?: ApiCallOptions): Promise<ApiCallResult<T>>;
    get<T = unknown>(path: string, options?: Omit<ApiCallOptions, 'body'>): Promise<ApiCallResult<T>>;
  };
}

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';
const FORWARDED_TO_API = ['cookie', 'authorization', 'accept-language', 'user-agent'] as const;
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the React Router app from the API process: every path Fastify has no route for, except
 * /api, is rendered by React Router. Production loads the built app; development runs Vite in
 * middleware mode so edits hot-reload.
 */
export async function registerWeb(app: FastifyInstance, options: RegisterWebOptions): Promise<void> {
  if (options.mode === 'development') {
    await registerDevelopment(app, options.webRoot);
  } else {
    await registerProduction(app, options.webRoot);
  }
}

async function registerProduction(app: FastifyInstance, webRoot: string) {
  const serverBuildFile = path.join(webRoot, 'build/server/index.js');
  const clientDir = path.join(webRoot, 'build/client');
  if (!existsSync(serverBuildFile) || !existsSync(clientDir)) {
    throw new Error(`The web app is not built (${serverBuildFile} is missing); run \`npm run build\` first.`);
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as WebServerBuild;
  const { createRequestHandler, createReadableStreamFromReadable } = requireRuntime(build);
  const handle = createRequestHandler(build, 'production');

  await app.register(async (web) => {
    // One route per built file (wildcard: false), so unknown paths still reach the SSR catch-all.
    await web.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const fromAssets = path.relative(clientDir, filePath).split(path.sep)[0] === 'assets';
        res.setHeader('cache-control', fromAssets ? IMMUTABLE_CACHE : SHORT_CACHE);
      },
    });
    registerCatchAll(web, app, async () => ({ handle, createReadableStreamFromReadable }));
  });
}

async function registerDevelopment(app: FastifyInstance, webRoot: string) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });

  await app.register(async (web) => {
    await web.register(middie);
    web.use(vite.middlewares);
    registerCatchAll(web, app, async () => {
      // Loaded per request so that edits to routes and loaders apply without a restart.
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as WebServerBuild;
      const { createRequestHandler, createReadableStreamFromReadable } = requireRuntime(build);
      return { handle: createRequestHandler(build, 'development'), createReadableStreamFromReadable };
    });
    web.setErrorHandler((error, _request, reply) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      return reply.send(error);
    });
  });
}

function requireRuntime(build: WebServerBuild) {
  const { createRequestHandler, createReadableStreamFromReadable } = build.entry.module;
  if (typeof createRequestHandler !== 'function' || typeof createReadableStreamFromReadable !== 'function') {
    throw new Error(
      'The web entry (app/entry.server.tsx) must re-export createRequestHandler and createReadableStreamFromReadable.',
    );
  }
  return { createRequestHandler, createReadableStreamFromReadable };
}

interface WebRuntime {
  handle: FetchHandler;
  createReadableStreamFromReadable: (source: Readable) => ReadableStream<Uint8Array>;
}

function registerCatchAll(web: FastifyInstance, app: FastifyInstance, getRuntime: () => Promise<WebRuntime>) {
  // Bodies stay unread so React Router's actions receive the raw stream (forms, uploads).
  web.removeAllContentTypeParsers();
  web.addContentTypeParser('*', (_request, _payload, done) => done(null));

  web.route({
    method: METHODS,
    url: '/*',
    handler: async (request, reply) => {
      if (isApiPath(request.url)) return sendApiNotFound(request, reply);

      const bodyLimit = app.initialConfig.bodyLimit ?? 1_048_576;
      const declaredLength = Number(request.headers['content-length'] ?? 0);
      if (declaredLength > bodyLimit) {
        return reply.code(413).type('text/plain; charset=utf-8').send('Payload Too Large');
      }

      const runtime = await getRuntime();
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const fetchRequest = toFetchRequest(request, runtime, bodyLimit, controller.signal);
      const context = createLoadContext(app, request);
      const response = await runtime.handle(fetchRequest, context);
      return sendFetchResponse(reply, response, {
        googleSignIn: Boolean(app.config?.google.clientId),
        nonce: context.cspNonce,
      });
    },
  });
}

function toFetchRequest(
  request: FastifyRequest,
  runtime: WebRuntime,
  bodyLimit: number,
  signal: AbortSignal,
) {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = runtime.createReadableStreamFromReadable(request.raw.pipe(limitBytes(bodyLimit)));
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** Fails the body stream once it passes `limit` bytes (chunked bodies declare no length). */
function limitBytes(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new Error(`Request body larger than ${limit} bytes`));
      else callback(null, chunk);
    },
  });
}

/** Sources Google Identity Services needs (https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy). */
const GOOGLE_IDENTITY_SOURCES: Record<string, string> = {
  'script-src': 'https://accounts.google.com/gsi/client',
  'style-src': 'https://accounts.google.com/gsi/style',
  'frame-src': 'https://accounts.google.com/gsi/',
  'connect-src': 'https://accounts.google.com/gsi/',
};

/** Widens a Content-Security-Policy just enough for the "Sign in with Google" button. */
export function allowGoogleIdentity(policy: string): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const widened = directives.map((directive) => {
    const [name = ''] = directive.split(/\s+/, 1);
    const source = GOOGLE_IDENTITY_SOURCES[name];
    if (!source) return directive;
    seen.add(name);
    return `${directive} ${source}`;
  });
  for (const [name, source] of Object.entries(GOOGLE_IDENTITY_SOURCES)) {
    if (!seen.has(name)) widened.push(`${name} 'self' ${source}`);
  }
  return widened.join(';');
}

function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  page: { googleSignIn: boolean; nonce: string },
) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && response.headers.get('content-type')?.includes('text/html')) {
    // The page's inline scripts carry this response's nonce (entry.server.tsx); no other runs.
    let pagePolicy = withScriptNonce(policy, page.nonce);
    if (page.googleSignIn) {
      // Pages may show Google's sign-in button: its script, styles and popup need these sources.
      pagePolicy = allowGoogleIdentity(pagePolicy);
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    }
    reply.header('content-security-policy', pagePolicy);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.body === null || reply.request.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(response.body));
}

/** The `context` of every loader and action: an in-process client for this same API. */
function createLoadContext(app: FastifyInstance, incoming: FastifyRequest): WebLoadContext {
  const forwarded: Record<string, string> = { 'x-request-id': incoming.id };
  for (const name of FORWARDED_TO_API) {
    const value = incoming.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }

  async function call<T>(method: ApiMethod, apiPath: string, options: ApiCallOptions = {}) {
    if (!isApiPath(apiPath)) throw new Error(`In-process API calls take an /api path, got ${apiPath}`);
    const headers: Record<string, string> = { ...forwarded, accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({
      method,
      url: apiPath,
      headers,
      payload: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const isJson =
      String(response.headers['content-type'] ?? '').includes('json') && response.body.length > 0;
    return {
      status: response.statusCode,
      ok: response.statusCode >= 200 && response.statusCode < 300,
      headers: response.headers as Record<string, string | string[] | undefined>,
      body: (isJson ? JSON.parse(response.body) : undefined) as T,
    };
  }

  return {
    cspNonce: randomBytes(16).toString('base64'),
    api: {
      call,
      get: (apiPath, options) => call('GET', apiPath, options),
    },
  };
}
