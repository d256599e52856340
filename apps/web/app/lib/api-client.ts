import { API_BASE, type Envelope } from '@prepwise/contract';
import { ApiError, networkError, readJson, toApiError } from './api-error';
import { recoverFromExpiredToken } from './token-refresh';

export { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function send(method: HttpMethod, url: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = body instanceof FormData;
  // A FormData body sets its own multipart content type (with the boundary).
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  // The API writes mails and messages in the language the user sees on the page, which is not always
  // the browser's own (Vietnamese by default whatever the browser says).
  const pageLanguage = typeof document === 'undefined' ? '' : (document.documentElement?.lang ?? '');
  if (pageLanguage) headers['accept-language'] = pageLanguage;
  return fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
}

/**
 * Calls the API from the browser (seed-spec §7): same-origin `/api`, the httpOnly token cookies
 * travel by themselves, never retried — except that a 401 EXPIRED_TOKEN hands over to the
 * token refresh (seed-spec §4). Resolves with `result`; rejects with an {@link ApiError}.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const url = `${API_BASE}${path}`;
  let response: Response;
  try {
    response = await send(method, url, body);
    if (response.status === 401) {
      const payload = (await readJson(response.clone())) as { key?: unknown } | undefined;
      if (payload?.key === 'EXPIRED_TOKEN')
        response = await recoverFromExpiredToken(() => send(method, url, body));
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw networkError(error);
  }
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(payload, response.status);
  return (payload as Envelope<T> | undefined)?.result as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
  /** Sends one file as multipart/form-data (field `file`). */
  upload: <T>(path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<T>('POST', path, form);
  },
};
