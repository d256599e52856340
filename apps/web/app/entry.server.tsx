import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  ServerBuild,
} from 'react-router';
import { createRequestHandler as createRouterRequestHandler, ServerRouter } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce';
import { createNamespaceResolver, pagePathname } from './lib/i18n-routes.server';
import { lowPriorityModulePreloads } from './lib/script-priority.server';

/*
 * The API process (apps/api/src/plugins/web.ts) takes these from the build it loads, so the
 * request handler always comes from the same react-router copy as the route modules.
 */
export { createReadableStreamFromReadable };

/**
 * React Router's request handler, plus the translation namespaces of the requested page
 * (`context.i18nNamespaces`, from the matched routes' `handle.i18n`), which the root loader ships.
 */
export function createRequestHandler(build: ServerBuild, mode?: string) {
  const handle = createRouterRequestHandler(build, mode);
  const namespacesFor = createNamespaceResolver(build.routes);
  return (request: Request, context?: AppLoadContext) => {
    const i18nNamespaces = namespacesFor(pagePathname(request));
    return handle(request, Object.assign(context ?? ({} as AppLoadContext), { i18nNamespaces }));
  };
}

export const streamTimeout = 5_000;

/** Pages and their data depend on the locale and colour-scheme cookies: never share them between users. */
function markPersonalised(headers: Headers) {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
  headers.append('Vary', 'Cookie');
}

/** Seed-spec §8: crawlers get the status code of an error, never the error page itself. */
function crawlerErrorResponse(status: number, headers: Headers): Response {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('X-Robots-Tag', 'noindex');
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${status}</title></head><body></body></html>`;
  return new Response(html, { status, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
): Promise<Response> | Response {
  markPersonalised(responseHeaders);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const userAgent = request.headers.get('user-agent');
  const isCrawler = userAgent !== null && isbot(userAgent);
  if (isCrawler && responseStatusCode >= 400)
    return crawlerErrorResponse(responseStatusCode, responseHeaders);

  return new Promise((resolve, reject) => {
    let statusCode = responseStatusCode;
    let shellRendered = false;
    const readyEvent = isCrawler || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Every inline script of the page (hydration data, streamed boundaries) carries the nonce.
    const nonce = loadContext?.cspNonce;
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads(() => {
            clearTimeout(timeout);
            timeout = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell is ready reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  markPersonalised(response.headers);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
