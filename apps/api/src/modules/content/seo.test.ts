import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asEditor: Record<string, string>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  asEditor = await authHeader(
    harness.app,
    await createAccount(harness.database.db, {
      scope: 'admin',
      fullName: 'Biên tập viên SEO',
      permissions: [
        'view_blog',
        'create_blog',
        'update_blog',
        'delete_blog',
        'view_page',
        'create_page',
        'update_page',
        'delete_page',
      ],
    }),
    'admin',
  );
});
afterAll(() => harness.close());

async function create(url: string, payload: object) {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: asEditor,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and published content only, with both languages', async () => {
    const published = await create('/admin/blog-posts', {
      title: 'Bí quyết nghe TOEIC Part 2',
      content: '<p>Nghe từ để hỏi đầu câu.</p>',
      status: 'published',
    });
    const scheduled = await create('/admin/blog-posts', {
      title: 'Bài viết hẹn giờ về IELTS',
      content: '<p>Chưa đến giờ.</p>',
      status: 'published',
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const draft = await create('/admin/blog-posts', { title: 'Bản nháp & ghi chú', content: '<p>Nháp.</p>' });
    const page = await create('/admin/pages', {
      title: 'Giới thiệu',
      slug: 'gioi-thieu',
      content: '<p>Prepwise.</p>',
      status: 'published',
    });
    const hidden = await create('/admin/pages', { title: 'Trang nháp', content: '<p>Nháp.</p>' });
    const bilingual = await create('/admin/pages', {
      title: 'Liên hệ',
      content: '<p>Email.</p>',
      status: 'published',
      title_en: 'Contact',
      content_en: '<p>Email.</p>',
    });

    const response = await harness.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const body = response.body;
    const origin = harness.app.config.publicUrl;
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of [
      '/',
      '/blog',
      '/grammar/tense',
      '/grammar/comparison',
      '/grammar/articles',
      '/grammar/reported-speech',
      '/roadmap',
      '/dictation',
    ]) {
      expect(body).toContain(`<loc>${origin}${path}</loc>`);
    }
    expect(body).toContain(`<loc>${origin}/blog/${published.slug}</loc>`);
    expect(body).toContain(`hreflang="en" href="${origin}/blog/${published.slug}?lang=en"`);
    expect(body).toContain(`<loc>${origin}/${page.slug}</loc>`);
    // A page advertises an English alternate only when it has an English version.
    expect(body).not.toContain(`${origin}/${page.slug}?lang=en`);
    expect(body).toContain(`hreflang="en" href="${origin}/${bilingual.slug}?lang=en"`);
    expect(body).not.toContain(scheduled.slug);
    expect(body).not.toContain(draft.slug);
    expect(body).not.toContain(`/${hidden.slug}<`);
  });

  it('allows crawlers on the public site, keeps them out of private areas and names the sitemap', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const origin = harness.app.config.publicUrl;
    const robots = robotsParser(`${origin}/robots.txt`, response.body);
    const crawler = 'Googlebot';
    for (const open of [
      '/',
      '/blog',
      '/tests',
      '/organizations',
      '/organizations/demo-centre',
      '/organizations/x/test/y',
    ])
      expect(robots.isAllowed(`${origin}${open}`, crawler), open).toBe(true);
    for (const closed of [
      '/admin',
      '/admin/students',
      '/organization',
      '/organization/analytics',
      '/api/v1/tests',
      '/profile',
    ])
      expect(robots.isAllowed(`${origin}${closed}`, crawler), closed).toBe(false);
    expect(response.body).toContain(`Sitemap: ${harness.app.config.publicUrl}/sitemap.xml`);
  });
});
