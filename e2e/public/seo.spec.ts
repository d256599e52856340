import { expect, test } from '@playwright/test';

const SEEDED_POST = '/blog/lo-trinh-tu-hoc-toeic-650-trong-3-thang-cho-nguoi-mat-goc';

test('a post is server-rendered with title, description, canonical, hreflang, Open Graph and Article data', async ({
  request,
}) => {
  const response = await request.get(SEEDED_POST);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<title>Lộ trình tự học TOEIC 650[^<]*· Prepwise<\/title>/);
  expect(html).toMatch(/<meta name="description" content="Kế hoạch 12 tuần[^"]*"/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+${SEEDED_POST}"`));
  expect(html).toMatch(
    new RegExp(`<link rel="alternate" hrefLang="en" href="[^"]+${SEEDED_POST}\\?lang=en"`),
  );
  expect(html).toContain('property="og:type" content="article"');
  expect(html).toContain('property="og:title"');
  const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@type': 'Article',
    headline: expect.stringContaining('TOEIC 650'),
  });
  // Long posts get a table of contents from their headings.
  expect(html).toContain('data-testid="toc"');
  expect(html).toMatch(/<h2 id="thang-1-xay-lai-nen-ngu-phap-va-tu-vung">/);
});

test('?lang=en serves the English version to a visitor without cookies', async ({ request }) => {
  const html = await (await request.get('/grammar/tense?lang=en')).text();
  expect(html).toContain('<html lang="en"');
  expect(html).toContain('The 12 English tenses');
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/grammar\/tense\?lang=en"/);
  // The ?lang=en visit left a cookie in this request context; ?lang=vi switches back.
  const vi = await (await request.get('/grammar/tense?lang=vi')).text();
  expect(vi).toContain('<html lang="vi"');
  expect(vi).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]+\/grammar\/tense"/);
});

test('sitemap.xml lists published content and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain(`${SEEDED_POST}</loc>`);
  expect(xml).toContain('/grammar/tense</loc>');
  expect(xml).toContain('/privacy</loc>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
});

test('the home page shows the latest posts and the roadmap teaser', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('data-testid="latest-posts"');
  expect(html).toContain('Lộ trình tự học TOEIC 650');
  expect(html).toContain('href="/roadmap"');
});
