import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@prepwise/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, createOrganizationStaff } from '../../../test/isolation/world';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { media } from '../../db/schema';
import { SEED_MEDIA_DIR } from '../../seed/practice-tests';
import { variantKey } from './image-variants';

/*
 * Issue 19: a phone downloads a cover at its own width. `/api/media/:id?w=N` serves an uploaded picture
 * resized to N pixels as WebP (made once, then kept), with the original's access rules.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let cover: { id: string; url: string };

async function upload(url: string, headers: Record<string, string>, name: string, bytes: Buffer) {
  const body = multipartFile('file', name, bytes);
  const response = await harness.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: string; url: string };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
  const png = await readFile(path.join(SEED_MEDIA_DIR, 'blog-toeic-650-roadmap.png'));
  cover = await upload('/api/admin/media', asAdmin, 'cover.png', png);
}, 120_000);
afterAll(() => harness.close());

describe('pictures at a chosen width', () => {
  it('are made for every width by a job right after the upload, before anyone asks for one', async () => {
    await harness.app.jobs.start();
    const png = await sharp({ create: { width: 1000, height: 400, channels: 3, background: '#2f6fb5' } })
      .png()
      .toBuffer();
    const banner = await upload('/api/admin/media', asAdmin, 'banner.png', png);
    const [row] = await harness.database.db.select().from(media).where(eq(media.id, banner.id));
    const stored = async () => {
      const sizes = await Promise.all(
        IMAGE_WIDTHS.map((width) => harness.app.storage.head(variantKey(row!.sha256, width))),
      );
      return sizes.filter(Boolean).length;
    };
    await expect.poll(stored, { timeout: 30_000, interval: 200 }).toBe(IMAGE_WIDTHS.length);
    // A visitor's request at a width reads the stored copy (never enlarged: 1,280 stays 1,000 wide).
    const copy = await harness.app.storage.head(variantKey(row!.sha256, 1280));
    const served = await get(`${banner.url}?w=1280`);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBe(copy!.size);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1000);
  });

  it('serves a 1,200-pixel PNG cover at 480 pixels as a much smaller WebP, the same bytes every time', async () => {
    const original = await get(cover.url);
    expect(original.headers['content-type']).toBe('image/png');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);

    const small = await get(`${cover.url}?w=480`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(252); // 630 × 480 / 1200: proportions kept
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length / 3);

    // Made once and kept: the next request streams the stored copy, byte for byte.
    const again = await get(`${cover.url}?w=480`);
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(small.headers.etag);
    expect(small.headers.etag).not.toBe(original.headers.etag);
    const revalidated = await get(`${cover.url}?w=480`, { 'if-none-match': small.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never enlarges a picture smaller than the width asked for', async () => {
    const dot = await upload('/api/admin/media', asAdmin, 'dot.png', PNG_1X1);
    const response = await get(`${dot.url}?w=1280`);
    expect(response.headers['content-type']).toBe('image/webp');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1);
  });

  it('refuses a width it does not offer, naming the field', async () => {
    for (const w of ['333', 'big', '-480']) {
      const response = await get(`${cover.url}?w=${w}`);
      expect(response.statusCode, w).toBe(422);
      expect(response.json().errors).toHaveProperty('w');
    }
  });

  it('serves audio as it is, whatever the width', async () => {
    const audio = await upload('/api/admin/media', asAdmin, 'clip.mp3', MP3_STUB);
    const response = await get(`${audio.url}?w=320`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.equals(MP3_STUB)).toBe(true);
  });

  it("keeps an organization's private picture private at every width", async () => {
    const organization = await createOrganization(harness.app);
    const staff = await createOrganizationStaff(harness.app, organization.id, ['create_question']);
    const picture = await upload('/api/educator/media', staff.headers, 'diagram.png', PNG_1X1);
    const stranger = await authHeader(harness.app, await createAccount(harness.database.db));
    expect((await get(`${picture.url}?w=320`)).statusCode).toBe(404);
    expect((await get(`${picture.url}?w=320`, stranger)).statusCode).toBe(404);
    const own = await get(`${picture.url}?w=320`, staff.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });
});
