import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

type FetchCall = { url: string; method: string };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const expired = () => json(401, { statusCode: 401, message: 'jwt expired', key: 'EXPIRED_TOKEN' });

/** Browser globals the client touches, in a Node test. */
function stubBrowser(options: { strategy?: string; locks?: boolean } = {}) {
  const location = { reload: vi.fn(), assign: vi.fn(), replace: vi.fn() };
  const storage = new Map<string, string>();
  vi.stubGlobal('document', {
    cookie: options.strategy ? `locale=vi; strategy=${options.strategy}` : 'locale=vi',
  });
  vi.stubGlobal('window', { location });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  const lockRequests: string[] = [];
  vi.stubGlobal(
    'navigator',
    options.locks
      ? {
          locks: {
            request: async (name: string, callback: () => Promise<unknown>) => {
              lockRequests.push(name);
              return callback();
            },
          },
        }
      : {},
  );
  return { location, lockRequests };
}

function stubFetch(answer: (call: FetchCall, index: number) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET' };
      calls.push(call);
      return answer(call, calls.length - 1);
    }),
  );
  return calls;
}

async function loadClient() {
  vi.resetModules();
  return import('./api-client');
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 50)),
  ]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Untyped GET and PUT on any path: the transport under test, below the typed client. */
function rawCalls(apiRequest: (method: 'GET' | 'PUT', path: string, body?: unknown) => Promise<unknown>) {
  return {
    get: (path: string) => apiRequest('GET', path),
    put: (path: string, body: unknown) => apiRequest('PUT', path, body),
  };
}

describe('apiRequest', () => {
  it('resolves with the envelope result and never retries other errors', async () => {
    stubBrowser({ strategy: 'user' });
    const calls = stubFetch((call) =>
      call.url.endsWith('/ok')
        ? json(200, { statusCode: 200, message: 'OK', result: { a: 1 } })
        : json(403, { statusCode: 403, message: 'No', key: 'FORBIDDEN' }),
    );
    const { apiRequest, ApiError } = await loadClient();
    const api = rawCalls(apiRequest);
    await expect(api.get('/user/ok')).resolves.toEqual({ a: 1 });
    const failure = await api.get('/user/forbidden').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 403, key: 'FORBIDDEN', message: 'No' });
    expect(calls.map((call) => call.url)).toEqual(['/api/user/ok', '/api/user/forbidden']);
  });

  it('reports code 500 when the body has no status code (seed-spec §8)', async () => {
    stubBrowser({ strategy: 'user' });
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const api = rawCalls((await loadClient()).apiRequest);
    await expect(api.get('/user/x')).rejects.toMatchObject({ code: 500, key: 'INTERNAL_ERROR' });
  });

  it('runs one refresh for concurrent EXPIRED_TOKEN answers, then reloads the page', async () => {
    const { location } = stubBrowser({ strategy: 'educator' });
    const calls = stubFetch((call) =>
      call.url.includes('refresh-token')
        ? json(200, { statusCode: 200, message: 'OK', result: {} })
        : expired(),
    );
    const api = rawCalls((await loadClient()).apiRequest);
    const first = api.get('/user/auth/info');
    const second = api.put('/user/auth/update', { full_name: 'Lan' });
    const third = api.get('/user/something');
    expect(await settled(Promise.race([first, second, third]))).toBe('pending');
    const refreshes = calls.filter((call) => call.url.includes('refresh-token'));
    expect(refreshes).toEqual([{ url: '/api/educator/auth/refresh-token', method: 'POST' }]);
    expect(location.reload).toHaveBeenCalledOnce();
  });

  it('over a form with unsaved changes, sends the request again after the refresh instead of reloading', async () => {
    const { location } = stubBrowser({ strategy: 'user' });
    let refreshed = false;
    const calls = stubFetch((call) => {
      if (call.url.includes('refresh-token')) {
        refreshed = true;
        return json(200, { statusCode: 200, message: 'OK', result: {} });
      }
      return refreshed ? json(200, { statusCode: 200, message: 'OK', result: { saved: true } }) : expired();
    });
    const { apiRequest } = await loadClient();
    const { registerUnsavedChangesGuard } = await import('./unsaved-changes-registry');
    const unregister = registerUnsavedChangesGuard({ dirty: () => true });
    const api = rawCalls(apiRequest);
    const [save, info] = await Promise.all([
      api.put('/user/auth/update', { phone: '0901234567' }),
      api.get('/user/auth/info'),
    ]);
    unregister();
    expect(save).toEqual({ saved: true });
    expect(info).toEqual({ saved: true });
    expect(calls.map((call) => `${call.method} ${call.url}`).sort()).toEqual(
      [
        'PUT /api/user/auth/update',
        'GET /api/user/auth/info',
        'POST /api/user/auth/refresh-token',
        'PUT /api/user/auth/update',
        'GET /api/user/auth/info',
      ].sort(),
    );
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('with Web Locks, retries the original request first and skips the refresh when another tab did it', async () => {
    const { location, lockRequests } = stubBrowser({ strategy: 'user', locks: true });
    const calls = stubFetch((_call, index) =>
      index === 0 ? expired() : json(200, { statusCode: 200, message: 'OK', result: { saved: true } }),
    );
    const api = rawCalls((await loadClient()).apiRequest);
    await expect(api.put('/user/auth/update', { full_name: 'Lan' })).resolves.toEqual({ saved: true });
    expect(lockRequests).toEqual(['prepwise:token-refresh']);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /api/user/auth/update',
      'PUT /api/user/auth/update',
    ]);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('logs, reports and signs out when the refresh fails', async () => {
    const { location } = stubBrowser({ strategy: 'admin' });
    const { notifications } = await import('@mantine/notifications');
    const calls = stubFetch((call) => {
      if (call.url.includes('refresh-token')) {
        return json(401, { statusCode: 401, message: 'bad refresh', key: 'INVALID_TOKEN' });
      }
      if (call.url.includes('logout')) return json(200, { statusCode: 200, message: 'OK', result: {} });
      return expired();
    });
    const api = rawCalls((await loadClient()).apiRequest);
    expect(await settled(api.get('/admin/auth/info'))).toBe('pending');
    // Staff land on the staff sign-in, told that their session ended.
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith('/sign-in?as=staff&reason=expired'));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/admin/auth/info',
      'POST /api/admin/auth/refresh-token',
      'POST /api/admin/auth/logout',
    ]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('401 INVALID_TOKEN'));
    expect(vi.mocked(notifications.show)).toHaveBeenCalledOnce();
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('sends the user to /sign-in when there is no strategy to refresh with', async () => {
    const { location } = stubBrowser();
    const calls = stubFetch(() => expired());
    const api = rawCalls((await loadClient()).apiRequest);
    expect(await settled(api.get('/user/auth/info'))).toBe('pending');
    expect(location.replace).toHaveBeenCalledWith('/sign-in?reason=expired');
    expect(calls).toHaveLength(1);
  });
});
