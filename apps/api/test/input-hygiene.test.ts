import { count, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, users } from '../src/db/schema';
import { signAccessToken, verifyAccessToken } from '../src/lib/tokens';
import { safeErrorSerializer } from '../src/plugins/errors';
import { authHeader, createAccount, uniqueEmail } from './factories';
import { createTestApp } from './helpers';
import { createOrganization } from './isolation/world';
import { MP3_STUB, multipartFile, PNG_1X1 } from './multipart';

/** Issue 13: no client input causes a 5xx; text a column cannot hold is refused in one shared place. */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asLearner: Record<string, string>;
let asStaff: Record<string, string>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  asLearner = await authHeader(harness.app, await createAccount(harness.database.db));
  asStaff = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', permissions: ['create_question'] }),
    'admin',
  );
});
afterAll(() => harness.close());

const inject = (options: InjectOptions) => harness.app.inject(options);
const register = (payload: object) =>
  inject({ method: 'POST', url: '/api/user/auth/register', payload: payload as never });
const validRegistration = () => ({
  full_name: 'Lê Minh Châu',
  email: uniqueEmail('hygiene'),
  password: 'Hoc-tieng-Anh-2026',
  password_confirmation: 'Hoc-tieng-Anh-2026',
});

describe('text a column cannot hold', () => {
  it('a NUL in any JSON text field answers 422 naming the field, also for anonymous forms', async () => {
    const response = await register({ ...validRegistration(), full_name: 'Lê\u0000Châu' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      key: 'VALIDATION_FAILED',
      errors: { full_name: 'common.invalid_characters' },
    });

    const application = await inject({
      method: 'POST',
      url: '/api/public/organizations/register',
      payload: {
        organization: { name: 'Trung tâm\u0000A', email: uniqueEmail('org') },
        owner: {
          full_name: 'Phạm Lan',
          email: uniqueEmail('owner'),
          password: 'x',
          password_confirmation: 'x',
        },
      },
    });
    expect(application.statusCode).toBe(422);
    expect(application.json().errors).toEqual({ 'organization.name': 'common.invalid_characters' });
  });

  it('a lone UTF-16 surrogate answers 422, in a body and in a query', async () => {
    const raw = JSON.stringify(validRegistration()).replace('"Lê Minh Châu"', '"L\\ud800"');
    const response = await inject({
      method: 'POST',
      url: '/api/user/auth/register',
      payload: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ full_name: 'common.invalid_characters' });

    const search = await inject({ method: 'GET', url: '/api/public/blog/posts?search=a%00b' });
    expect(search.statusCode).toBe(422);
    expect(search.json().errors).toEqual({ search: 'common.invalid_characters' });
  });

  it('%00 in a path parameter or a page address answers 404', async () => {
    for (const url of [
      '/api/public/blog/posts/a%00b',
      '/api/public/pages/%00',
      '/api/public/organizations/x%00',
    ]) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().key).toBe('NOT_FOUND');
    }
    expect((await inject({ method: 'GET', url: '/%00' })).statusCode).toBe(404);
  });

  it('an impossible date answers 422 on the field, a real leap day is kept', async () => {
    const impossible = await inject({
      method: 'PUT',
      url: '/api/user/auth/update',
      headers: asLearner,
      payload: { full_name: 'Trần Thu Hà', date_of_birth: '2023-02-30' },
    });
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().errors).toEqual({ date_of_birth: 'common.invalid_date' });
    const leap = await inject({
      method: 'PUT',
      url: '/api/user/auth/update',
      headers: asLearner,
      payload: { full_name: 'Trần Thu Hà', date_of_birth: '2004-02-29' },
    });
    expect(leap.statusCode, leap.body).toBe(200);
    expect(leap.json().result.date_of_birth).toBe('2004-02-29');
  });
});

describe('nesting depth', () => {
  /** 10 KB of JSON: 5,000 arrays, one inside the other. */
  const deepArrays = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const deepObjects = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/json' } });

  it('a body nested deeper than 64 answers 400 with its key, anonymous or signed in, arrays or objects', async () => {
    for (const [url, headers] of [
      ['/api/user/auth/register', {}],
      ['/api/user/auth/login', {}],
      ['/api/admin/questions', asStaff],
    ] as const) {
      for (const body of [deepArrays, deepObjects, `{"full_name":${deepArrays}}`]) {
        const response = await postJson(url, body, headers);
        expect(response.statusCode, `${url} ${body.slice(0, 12)}`).toBe(400);
        expect(response.json()).toMatchObject({
          key: 'BAD_REQUEST',
          errors: { _: 'common.nesting_too_deep' },
        });
      }
    }
  });

  it('is refused before authentication and costs little: 50 deep bodies in well under a second', async () => {
    const started = performance.now();
    for (let index = 0; index < 50; index++) {
      const response = await postJson('/api/admin/blog-posts', deepArrays);
      expect(response.statusCode).toBe(400);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts only brackets outside strings: 64 levels pass, 65 do not, brackets in text are text', async () => {
    const nested = (depth: number) => `${'['.repeat(depth - 1)}{"full_name":1}${']'.repeat(depth - 1)}`;
    // 64 levels reach validation (422 for the wrong shape), 65 are refused before it.
    expect((await postJson('/api/user/auth/register', nested(64))).statusCode).toBe(422);
    expect((await postJson('/api/user/auth/register', nested(65))).statusCode).toBe(400);
    // 300 brackets inside one string (with an escaped quote among them) are text: the sign-in reads the
    // body and refuses the unknown account.
    const bracketsInText = await postJson(
      '/api/user/auth/login',
      JSON.stringify({
        email: uniqueEmail('brackets'),
        password: `${'[{'.repeat(100)} \\" ${'['.repeat(100)}`,
      }),
    );
    expect(bracketsInText.statusCode, bracketsInText.body).toBe(401);
    expect(bracketsInText.json().key).toBe('INVALID_CREDENTIALS');
  });

  it('a deep query string is only text: never a 5xx', async () => {
    const deepKey = `search${'[a]'.repeat(5000)}=x`;
    const response = await inject({ method: 'GET', url: `/api/public/blog/posts?${deepKey}` });
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('dates the database cannot hold', () => {
  /** PostgreSQL has no year 0, and an offset can carry year 0001 back into it. */
  const YEAR_ZERO = ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59+07:00', '0001-01-01T00:30:00+01:00'];
  let asAdmin: Record<string, string>;
  beforeAll(async () => {
    asAdmin = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
  });

  it('a blog post published in year 0 answers 422 on published_at', async () => {
    for (const published_at of YEAR_ZERO) {
      const response = await inject({
        method: 'POST',
        url: '/api/admin/blog-posts',
        headers: asAdmin,
        payload: { title: 'Năm số không', content: '<p>Nội dung</p>', status: 'published', published_at },
      });
      expect(response.statusCode, `${published_at} ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ published_at: 'common.invalid_date' });
    }
    const earliest = await inject({
      method: 'POST',
      url: '/api/admin/blog-posts',
      headers: asAdmin,
      payload: { title: 'Năm một', content: '<p>Nội dung</p>', published_at: '0001-01-01T00:00:00Z' },
    });
    expect(earliest.statusCode, earliest.body).toBe(200);
  });

  it('a report from day 0000-01-01 answers 422 on from', async () => {
    for (const url of ['/api/admin/analytics', '/api/admin/transactions', '/api/admin/transactions/export']) {
      const response = await inject({
        method: 'GET',
        url: `${url}?from=0000-01-01&to=0000-02-01`,
        headers: asAdmin,
      });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ from: 'common.invalid_field', to: 'common.invalid_field' });
    }
  });
});

describe('URLs a user may store', () => {
  const update = (avatar_url: string) =>
    inject({
      method: 'PUT',
      url: '/api/user/auth/update',
      headers: asLearner,
      payload: { full_name: 'Trần Thu Hà', avatar_url },
    });

  it('refuses javascript:, http: and internal addresses', async () => {
    for (const url of [
      'javascript:alert(1)',
      'http://example.com/a.png',
      'https://127.0.0.1/a.png',
      'https://localhost/a.png',
      'https://[::1]/a.png',
      'data:image/png;base64,AAAA',
    ]) {
      const response = await update(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors).toEqual({ avatar_url: 'common.invalid_url' });
    }
  });

  it('keeps an https address and one of our media files', async () => {
    for (const url of ['https://cdn.example.com/a.png', '/api/media/0b6c2f39-6d8e-4d53-9c55-1d1f7c1a2b3c']) {
      const response = await update(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.avatar_url).toBe(url);
    }
  });

  it('an organization application refuses a javascript: website', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/public/organizations/register',
      payload: { organization: { website: 'javascript:alert(1)' }, owner: {} },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['organization.website']).toBe('common.invalid_url');
  });
});

const mediaCount = async () => (await harness.database.db.select({ n: count() }).from(media))[0]!.n;

describe('uploads', () => {
  it('a filename with a NUL answers 422 on file and stores nothing', async () => {
    const before = await mediaCount();
    const upload = multipartFile('file', 'a\u0000.png', PNG_1X1, 'image/png');
    const response = await inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { ...asStaff, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: 'common.invalid_characters' });
    expect(await mediaCount()).toBe(before);
  });

  it('an audio file over 20 MiB answers 413 and is never stored, whatever its size over the limit', async () => {
    const before = await mediaCount();
    for (const extra of [1, 7, 64 * 1024]) {
      const bytes = Buffer.concat([MP3_STUB, Buffer.alloc(20 * 1024 * 1024 - MP3_STUB.length + extra)]);
      const upload = multipartFile('file', 'long.mp3', bytes, 'audio/mpeg');
      const response = await inject({
        method: 'POST',
        url: '/api/admin/media',
        headers: { ...asStaff, ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode, `20 MiB + ${extra}`).toBe(413);
      expect(response.json().errors).toEqual({ file: 'media.too_large' });
    }
    expect(await mediaCount()).toBe(before);
  });
});

describe('a multipart body cut mid-file', () => {
  /** A 64 KB file whose request ends `cut` bytes in: within the part's headers, or halfway through the file. */
  const cutUpload = (filename: string, cut: 'headers' | 'file') => {
    const upload = multipartFile('file', filename, Buffer.concat([PNG_1X1, Buffer.alloc(64 * 1024, 0x41)]));
    const end = cut === 'headers' ? 80 : upload.payload.length - 32 * 1024;
    return { headers: upload.headers, payload: upload.payload.subarray(0, end) };
  };

  it('answers 400 on every upload route and stores nothing', async () => {
    const asAdmin = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
    const organization = await createOrganization(harness.app);
    const uploadRoutes = harness.app.routeList.filter((route) =>
      ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'),
    );
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(10);
    const before = await mediaCount();
    const failures: string[] = [];
    for (const route of uploadRoutes) {
      const url = route.url.replace(':organizationId', organization.id);
      const caller = url.startsWith('/api/educator/') ? organization.asOwner : asAdmin;
      for (const [filename, cut] of [
        ['cut.png', 'file'],
        ['cut.csv', 'file'],
        ['cut.png', 'headers'],
      ] as const) {
        const upload = cutUpload(filename, cut);
        const response = await inject({
          method: 'POST',
          url,
          headers: { ...caller, ...upload.headers },
          payload: upload.payload,
        });
        if (response.statusCode !== 400 || !response.json().errors?.file) {
          failures.push(
            `${url} ${filename} cut in ${cut}: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await mediaCount()).toBe(before);
  });
});

describe('authentication and permission come before the body', () => {
  const badBody = { title: 42, nonsense: true };

  it('an anonymous caller gets 401 with no field details', async () => {
    const response = await inject({ method: 'POST', url: '/api/admin/blog-posts', payload: badBody });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors).toBeUndefined();
    const nul = await inject({ method: 'POST', url: '/api/admin/blog-posts', payload: { title: 'a\u0000' } });
    expect(nul.statusCode).toBe(401);
  });

  it('a learner on a back-office route gets 403 with no field details', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/admin/questions',
      headers: asLearner,
      payload: badBody,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toBeUndefined();
  });

  it('a token whose strategy differs from its session’s is refused', async () => {
    const token = asLearner.authorization!.slice('Bearer '.length);
    const claims = await verifyAccessToken(harness.app.config.secrets.jwt, token);
    const forged = await signAccessToken(
      harness.app.config.secrets.jwt,
      { ...claims, strategy: 'admin' },
      600,
    );
    const response = await inject({
      method: 'GET',
      url: '/api/admin/auth/info',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().key).toBe('INVALID_TOKEN');
    // The genuine token still works.
    expect((await inject({ method: 'GET', url: '/api/user/auth/info', headers: asLearner })).statusCode).toBe(
      200,
    );
  });
});

describe('database errors in the log', () => {
  it('carry the statement and the error, never the parameter values', async () => {
    const email = uniqueEmail('secret');
    const values = {
      fullName: 'Bí Mật',
      email,
      scope: 'user' as const,
      passwordHash: '$argon2id$v=19$secret-hash',
      phone: '0912345678',
    };
    await harness.database.db.insert(users).values(values);
    let caught: unknown;
    try {
      await harness.database.db.insert(users).values(values);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    const logged = JSON.stringify(safeErrorSerializer(caught));
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('23505');
    for (const secret of [email, '$argon2id$v=19$secret-hash', '0912345678', 'Bí Mật']) {
      expect(logged).not.toContain(secret);
    }
    // The raw error does carry them: the serializer is what keeps them out.
    expect(String((caught as Error).message)).toContain(email);
    await harness.database.db.execute(sql`select 1`);
  });
});
