import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { PNG_1X1 } from '../../../test/multipart';
import { grammarWritingStructure } from '../../../test/organization-test';

/**
 * Issue 26: pictures in an organization's rich text come from our storage. A picture of another site is
 * fetched when the text is saved and stored in the organization's media; one that cannot be fetched (or
 * must not be: a private address) refuses the field. The "other site" is a local server of ours, allowed
 * by REMOTE_IMAGES_ALLOW_HOST (refused in production); every other private address stays refused.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let pictures: Server;
let site: string;
const requested: string[] = [];
let center: TestOrganization;
let asAdmin: Record<string, string>;
let examId: string;
let grammarPart: string;
let singleType: string;

beforeAll(async () => {
  pictures = createServer((request, response) => {
    requested.push(request.url ?? '');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/pic.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
    if (path === '/page.html') return response.writeHead(200, { 'content-type': 'image/png' }).end('<html>');
    if (path === '/huge.png') {
      const huge = Buffer.alloc(6 * 1024 * 1024);
      PNG_1X1.copy(huge);
      return response.writeHead(200, { 'content-type': 'image/png' }).end(huge);
    }
    if (path === '/moved.png') return response.writeHead(302, { location: '/pic.png' }).end();
    if (path === '/slow.png') return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  const port = (pictures.address() as AddressInfo).port;
  site = `https://127.0.0.1:${port}`;
  harness = await createTestApp({
    env: { REMOTE_IMAGES_ALLOW_HOST: `127.0.0.1:${port}`, REMOTE_IMAGES_TIMEOUT_SECONDS: '1' },
  });
  await harness.app.ready();
  ({ examId, grammarPart, singleType } = await grammarWritingStructure(harness.app));
  center = await createOrganization(harness.app, { name: 'Trung tâm Ảnh Ngoài' });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
});
afterAll(async () => {
  await harness?.close();
  pictures.closeAllConnections();
  await new Promise((resolve) => pictures.close(resolve));
});

const call = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

let n = 0;
const single = (stem: string, extra: Record<string, unknown> = {}) => ({
  format_id: grammarPart,
  question_type_id: singleType,
  stem: `<p>${stem} (${n++})</p>`,
  options: [
    { key: 'A', content: 'study' },
    { key: 'B', content: 'studies' },
  ],
  answer: { key: 'B' },
  ...extra,
});
const img = (src: string) => `<img src="${src}" alt="a picture" />`;
const MEDIA_SRC = /src="\/api\/media\/([0-9a-f-]{36})"/;

describe('pictures in organization-written rich text come from our storage (issue 26)', () => {
  it('fetches another site’s picture at save time into the organization’s media, once per picture', async () => {
    requested.length = 0;
    const url = `${site}/pic.png?size=1&amp;v=2`;
    const response = await call(
      'POST',
      '/educator/questions',
      center.asOwner,
      single(`Look: ${img(url)}`, {
        options: [
          { key: 'A', content: img(url) },
          { key: 'B', content: 'studies' },
        ],
        explanation_vi: `<p>${img(url)}</p>`,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const question = response.json().result;
    for (const html of [question.stem, question.options[0].content, question.explanation_vi]) {
      expect(html).toMatch(MEDIA_SRC);
      expect(html).not.toContain('127.0.0.1');
    }
    expect(requested).toEqual(['/pic.png?size=1&v=2']);
    const id = MEDIA_SRC.exec(question.stem)![1];
    const file = await harness.app.inject({
      method: 'GET',
      url: `/api/media/${id}`,
      headers: center.asOwner,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('private'); // the organization's file
    expect(Buffer.from(file.rawPayload).equals(PNG_1X1)).toBe(true);
  });

  it('does so for a group’s passage and questions, and a test’s description', async () => {
    const group = await call('POST', '/educator/question-groups', center.asOwner, {
      format_id: grammarPart,
      title: 'Lan’s week',
      passage: `<p>Lan ___ (1) in Da Nang. ${img(`${site}/pic.png`)}</p>`,
      questions: [{ ...single(`(1) ${img(`${site}/pic.png`)}`), format_id: undefined }],
    });
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().result.passage).toMatch(MEDIA_SRC);
    expect(group.json().result.questions[0].stem).toMatch(MEDIA_SRC);

    const test = await call('POST', '/educator/tests', center.asOwner, {
      exam_id: examId,
      title: 'Đề có ảnh',
      duration_minutes: 30,
      description: `<p>${img(`${site}/pic.png`)}</p>`,
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().result.description).toMatch(MEDIA_SRC);
  });

  it('refuses a picture it cannot fetch with 422 on the field and a key', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stem: `<p>${img(`${site}/missing.png`)}</p>` }, 'stem', 'media.remote_image_unavailable'],
      [{ stem: `<p>${img(`${site}/moved.png`)}</p>` }, 'stem', 'media.remote_image_unavailable'],
      [{ stem: `<p>${img(`${site}/slow.png`)}</p>` }, 'stem', 'media.remote_image_unavailable'],
      [
        {
          options: [
            { key: 'A', content: 'study' },
            { key: 'B', content: img(`${site}/page.html`) },
          ],
        },
        'options.1.content',
        'media.remote_image_not_image',
      ],
      [
        { explanation_en: `<p>${img(`${site}/huge.png`)}</p>` },
        'explanation_en',
        'media.remote_image_too_large',
      ],
    ];
    for (const [fields, field, key] of cases) {
      const response = await call('POST', '/educator/questions', center.asOwner, single('Seen?', fields));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ key: 'VALIDATION_FAILED', errors: { [field]: key } });
    }
  });

  it('never reaches a private address, whatever the name or spelling: 422 refused, no request made', async () => {
    requested.length = 0;
    const port = new URL(site).port;
    for (const src of [
      `https://localhost:${port}/pic.png`, // a name for loopback, not the allowed host
      `https://127.0.0.2:${port}/pic.png`,
      `https://10.0.0.7/pic.png`,
      `https://169.254.169.254/latest/meta-data.png`,
      `https://[::1]:${port}/pic.png`,
      `https://[::ffff:127.0.0.1]:${port}/pic.png`,
      `https://user:secret@127.0.0.1:${port}/pic.png`,
    ]) {
      const response = await call('POST', '/educator/questions', center.asOwner, single(`${img(src)}`));
      expect(response.statusCode, `${src}: ${response.body}`).toBe(422);
      expect(response.json().errors).toEqual({ stem: 'media.remote_image_refused' });
    }
    expect(requested).toEqual([]);
  });

  it('keeps the platform’s own https pictures as written (platform staff content, as before)', async () => {
    requested.length = 0;
    const response = await call(
      'POST',
      '/admin/questions',
      asAdmin,
      single(img('https://upload.wikimedia.org/wikipedia/commons/a.png')),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.stem).toContain(
      'src="https://upload.wikimedia.org/wikipedia/commons/a.png"',
    );
    expect(requested).toEqual([]);
  });
});
