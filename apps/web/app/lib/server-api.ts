import { type ApiPath, buildPath, type PathsFor, type RequestOf, type ResultOf } from './api-client';
import type { ApiCallResult, ServerApi } from './load-context';

type Paths = import('./api-schema').paths;
type GetOperation<P> = P extends ApiPath ? NonNullable<Paths[`/api${P}`]['get']> : never;
type NoKeys = Record<never, never>;
type Args<R> = NoKeys extends R ? [request?: R] : [request: R];

/**
 * What a loader reads: the success envelope's `result` when `ok`, the error's `key` otherwise (the
 * answer is not parsed again: the API's own serializer wrote it from the same schemas).
 */
export interface ServerAnswer<T> {
  result: T;
  key?: string;
  message?: string;
}

/**
 * The typed form of a loader's in-process API call (`context.api`): the path below `/api` with its
 * `{parameters}`, as for the browser's `client` (lib/api-client.ts); the answer's body is typed from the
 * OpenAPI document.
 */
export function server(api: ServerApi) {
  return {
    get: <P extends PathsFor<'get'>>(
      path: P,
      ...[request]: Args<RequestOf<GetOperation<P>>>
    ): Promise<ApiCallResult<ServerAnswer<ResultOf<GetOperation<P>>>>> =>
      api.get(`/api${buildPath(path, request)}`),
  };
}
