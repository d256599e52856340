import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { blogPosts } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { sitePagesStep } from '../../seed/site-content';
import type { SeedContext } from '../../seed/step';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asEditor: Record<string, string>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  // An editor holding every blog and page permission (issue 13), and nothing else.
  asEditor = await authHeader(
    harness.app,
    await createAccount(harness.database.db, {
      scope: 'admin',
      fullName: 'Biên tập viên',
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

async function api(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = asEditor,
) {
  return harness.app.inject({ method, url: `/api${url}`, headers, payload });
}
async function ok(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}
const publicGet = (url: string) => harness.app.inject({ method: 'GET', url: `/api/public${url}` });

describe('blog posts', () => {
  it('keeps drafts and scheduled posts out of public view until their time', async () => {
    const category = await ok('POST', '/admin/blog-categories', { name: 'Mẹo thi TOEIC' });
    expect(category.slug).toBe('meo-thi-toeic');
    const draft = await ok('POST', '/admin/blog-posts', {
      title: 'Làm sao đạt 800 điểm TOEIC trong 3 tháng?',
      category_id: category.id,
      content: `<h2>Lộ trình</h2><p>${'Luyện nghe mỗi ngày. '.repeat(300)}</p>`,
    });
    expect(draft).toMatchObject({
      slug: 'lam-sao-dat-800-diem-toeic-trong-3-thang',
      state: 'draft',
      reading_minutes: 5,
      author: { full_name: 'Biên tập viên' },
    });
    expect((await publicGet(`/blog/posts/${draft.slug}`)).statusCode).toBe(404);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await ok('PUT', `/admin/blog-posts/${draft.id}`, {
      title: draft.title,
      category_id: category.id,
      content: '<h2>Lộ trình</h2><p>Luyện nghe mỗi ngày.</p>',
      status: 'published',
      published_at: future,
    });
    expect(scheduled.state).toBe('scheduled');
    expect((await publicGet(`/blog/posts/${draft.slug}`)).statusCode).toBe(404);
    expect((await publicGet('/blog/posts?category=meo-thi-toeic')).json().result.total).toBe(0);
    expect(
      (await api('GET', '/admin/blog-posts?state=scheduled'))
        .json()
        .result.items.map((p: { id: string }) => p.id),
    ).toContain(draft.id);

    // Time passes.
    await harness.database.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, draft.id));
    const visible = await publicGet(`/blog/posts/${draft.slug}`);
    expect(visible.statusCode).toBe(200);
    expect(visible.json().result).toMatchObject({ title: draft.title, category: { slug: 'meo-thi-toeic' } });
    expect(visible.json().result).not.toHaveProperty('status');
    expect((await publicGet('/blog/posts?category=meo-thi-toeic&search=800')).json().result.total).toBe(1);
  });

  it('signs a post with its byline, or as the editorial team; the public never sees the author’s account', async () => {
    const team = await ok('POST', '/admin/blog-posts', {
      title: 'Năm lỗi phát âm hay gặp',
      content: '<p>Âm cuối, trọng âm và ngữ điệu.</p>',
      status: 'published',
    });
    // The back office knows who wrote it; no byline: the editorial team signs it.
    expect(team).toMatchObject({ author: { full_name: 'Biên tập viên' }, byline: null });
    const signed = await ok('POST', '/admin/blog-posts', {
      title: 'Kinh nghiệm thi IELTS Writing Task 2',
      byline: '  Cô Minh Anh  ',
      content: '<p>Lập dàn ý trong năm phút.</p>',
      status: 'published',
    });
    expect(signed.byline).toBe('Cô Minh Anh');

    const post = (await publicGet(`/blog/posts/${team.slug}`)).json().result;
    expect(post.byline).toBeNull();
    expect(post).not.toHaveProperty('author');
    for (const related of post.related) expect(related).not.toHaveProperty('author');
    expect(post.related.map((r: { byline: string | null }) => r.byline)).toContain('Cô Minh Anh');
    const list = (await publicGet('/blog/posts?pageSize=50')).json().result.items;
    expect(list.find((item: { id: string }) => item.id === signed.id)).toMatchObject({
      byline: 'Cô Minh Anh',
    });
    for (const item of list) expect(item).not.toHaveProperty('author');
    expect(JSON.stringify(list)).not.toContain('Biên tập viên');

    // Cleared, it is the team's again; too long or not text is refused, naming the field.
    const cleared = await ok('PUT', `/admin/blog-posts/${signed.id}`, {
      title: signed.title,
      byline: '',
      content: '<p>Lập dàn ý trong năm phút.</p>',
      status: 'published',
    });
    expect(cleared.byline).toBeNull();
    const tooLong = await api('PUT', `/admin/blog-posts/${signed.id}`, {
      title: signed.title,
      byline: 'x'.repeat(81),
      content: '<p>x</p>',
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ byline: 'common.max_length' });
    const notText = await api('POST', '/admin/blog-posts', { title: 'x', byline: 5, content: '<p>x</p>' });
    expect(notText.statusCode).toBe(422);
    expect(Object.keys(notText.json().errors)).toEqual(['byline']);
  });

  it('removes scripts and dangerous attributes from stored HTML', async () => {
    const post = await ok('POST', '/admin/blog-posts', {
      title: 'Bài viết thử bảo mật',
      status: 'published',
      content:
        '<p onmouseover="steal()">Xin chào</p><script>fetch("/api")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bấm</a><a href="https://prepwise.vn" target="_blank">ok</a><iframe src="https://evil"></iframe>',
    });
    const stored = (await publicGet(`/blog/posts/${post.slug}`)).json().result.content as string;
    expect(stored).not.toMatch(/script|onerror|onmouseover|javascript:|iframe/i);
    expect(stored).toContain('<p>Xin chào</p>');
    expect(stored).toContain('rel="noopener noreferrer"');
  });

  it('numbers a slug made from a taken title, but refuses a taken slug given by hand', async () => {
    const first = await ok('POST', '/admin/blog-posts', {
      title: 'Thì hiện tại hoàn thành',
      content: '<p>a</p>',
    });
    const second = await ok('POST', '/admin/blog-posts', {
      title: 'Thì hiện tại hoàn thành',
      content: '<p>b</p>',
    });
    expect([first.slug, second.slug]).toEqual(['thi-hien-tai-hoan-thanh', 'thi-hien-tai-hoan-thanh-2']);
    const taken = await api('POST', '/admin/blog-posts', {
      title: 'Khác',
      slug: 'thi-hien-tai-hoan-thanh',
      content: '<p>c</p>',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ slug: 'content.slug_taken' });
  });

  it('shows related posts of the same category first', async () => {
    const category = await ok('POST', '/admin/blog-categories', { name: 'IELTS Reading' });
    const posts = [];
    for (const title of [
      'Skimming là gì',
      'Scanning hiệu quả',
      'Matching headings',
      'True False Not Given',
    ]) {
      posts.push(
        await ok('POST', '/admin/blog-posts', {
          title,
          category_id: category.id,
          content: '<p>x</p>',
          status: 'published',
        }),
      );
    }
    const related = (await publicGet(`/blog/posts/${posts[0].slug}`)).json().result.related;
    expect(related).toHaveLength(3);
    expect(related.every((p: { category: { id: string } }) => p.category.id === category.id)).toBe(true);
    const inUse = await api('DELETE', `/admin/blog-categories/${category.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errors).toEqual({ id: 'content.category_in_use' });
  });

  it('accepts only an image as cover and checks every field', async () => {
    const upload = async (name: string, bytes: Uint8Array) => {
      const body = multipartFile('file', name, bytes);
      const asUploader = await authHeader(
        harness.app,
        await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
        'admin',
      );
      return (
        await harness.app.inject({
          method: 'POST',
          url: '/api/admin/media',
          headers: { ...asUploader, ...body.headers },
          payload: body.payload,
        })
      ).json().result;
    };
    const audio = await upload('a.mp3', MP3_STUB);
    const image = await upload('c.png', PNG_1X1);
    const wrong = await api('POST', '/admin/blog-posts', {
      title: 'Ảnh bìa',
      content: '<p>x</p>',
      cover_id: audio.id,
    });
    expect(wrong.json().errors).toEqual({ cover_id: 'question.wrong_media_kind' });
    const right = await ok('POST', '/admin/blog-posts', {
      title: 'Ảnh bìa',
      content: '<p>x</p>',
      cover_id: image.id,
    });
    expect(right.cover.url).toBe(image.url);
    expect(right.cover_alt).toBeNull();
    // The cover's alt text is kept with it, and goes when the cover goes.
    const described = await ok('PUT', `/admin/blog-posts/${right.id}`, {
      title: 'Ảnh bìa',
      content: '<p>x</p>',
      cover_id: image.id,
      cover_alt: '  Một lớp học buổi tối  ',
    });
    expect(described.cover_alt).toBe('Một lớp học buổi tối');
    const tooLong = await api('PUT', `/admin/blog-posts/${right.id}`, {
      title: 'Ảnh bìa',
      content: '<p>x</p>',
      cover_id: image.id,
      cover_alt: 'x'.repeat(201),
    });
    expect(tooLong.json().errors).toEqual({ cover_alt: 'common.max_length' });
    const uncovered = await ok('PUT', `/admin/blog-posts/${right.id}`, {
      title: 'Ảnh bìa',
      content: '<p>x</p>',
      cover_alt: 'Một lớp học buổi tối',
    });
    expect(uncovered).toMatchObject({ cover: null, cover_alt: null });
    const invalid = await api('POST', '/admin/blog-posts', {
      title: '',
      content: '',
      published_at: 'tomorrow',
      meta_title: 'x'.repeat(80),
    });
    expect(invalid.json().errors).toEqual({
      title: 'common.required_field',
      content: 'common.required_field',
      published_at: 'common.invalid_date',
      meta_title: 'common.max_length',
    });
  });
});

describe('blog updates and deletes', () => {
  it('renames a category (its posts follow), updates a post, deletes both; the public side agrees', async () => {
    const category = await ok('POST', '/admin/blog-categories', { name: 'Mẹo làm bài' });
    const post = await ok('POST', '/admin/blog-posts', {
      title: 'Ba mẹo đọc nhanh',
      content: '<p>Đọc câu hỏi trước.</p>',
      category_id: category.id,
      status: 'published',
    });
    expect(category.name_en).toBeNull();
    const renamed = await ok('PUT', `/admin/blog-categories/${category.id}`, {
      name: 'Mẹo thi',
      name_en: 'Exam tips',
      slug: 'meo-thi',
      description: 'Mẹo ngắn',
    });
    expect(renamed).toMatchObject({ name: 'Mẹo thi', name_en: 'Exam tips', slug: 'meo-thi' });
    // Readers in English mode get the English name with the post and in the category list.
    expect((await publicGet(`/blog/posts/${post.slug}`)).json().result.category).toMatchObject({
      name: 'Mẹo thi',
      name_en: 'Exam tips',
    });
    const listed = (await publicGet('/blog/categories')).json().result.items as {
      slug: string;
      name_en: string;
    }[];
    expect(listed.find((entry) => entry.slug === 'meo-thi')?.name_en).toBe('Exam tips');
    const tooLong = await api('PUT', `/admin/blog-categories/${category.id}`, {
      name: 'Mẹo thi',
      name_en: 'x'.repeat(121),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['name_en']);
    const bad = await api('PUT', `/admin/blog-categories/${category.id}`, { name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: 'common.required_field' });

    const edited = await ok('PUT', `/admin/blog-posts/${post.id}`, {
      title: 'Bốn mẹo đọc nhanh',
      content: '<p>Đọc câu hỏi trước, rồi gạch chân từ khóa.</p>',
      category_id: category.id,
      status: 'published',
    });
    expect(edited.title).toBe('Bốn mẹo đọc nhanh');
    expect((await publicGet(`/blog/posts/${edited.slug}`)).json().result.content).toContain(
      'gạch chân từ khóa',
    );

    expect((await api('DELETE', `/admin/blog-posts/${post.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/blog-posts/${post.id}`)).statusCode).toBe(404);
    expect((await publicGet(`/blog/posts/${edited.slug}`)).statusCode).toBe(404);
    // With its post gone, the category may go too.
    expect((await api('DELETE', `/admin/blog-categories/${category.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/blog-categories/${category.id}`)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api('DELETE', `/admin/blog-categories/${unknown}`)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/admin/blog-posts/${unknown}`, { title: 'x', content: '<p>x</p>' })).statusCode,
    ).toBe(404);
  });
});

describe('pages', () => {
  it('serves published pages by slug, hides drafts, and keeps app paths reserved', async () => {
    const page = await ok('POST', '/admin/pages', {
      title: 'Giới thiệu',
      content: '<p>Prepwise là…</p>',
      status: 'published',
    });
    expect(page.slug).toBe('gioi-thieu');
    expect((await publicGet('/pages/gioi-thieu')).json().result.title).toBe('Giới thiệu');
    const draft = await ok('POST', '/admin/pages', { title: 'Tuyển dụng', content: '<p>Sắp có</p>' });
    expect((await publicGet(`/pages/${draft.slug}`)).statusCode).toBe(404);
    const reserved = await api('POST', '/admin/pages', {
      title: 'Admin',
      slug: 'admin',
      content: '<p>x</p>',
    });
    expect(reserved.json().errors).toEqual({ slug: 'content.slug_reserved' });
    const blank = await ok('PUT', `/admin/pages/${draft.id}`, {
      title: 'Tuyển dụng',
      content: '<p>Đang tuyển</p>',
      layout: 'blank',
      status: 'published',
    });
    expect(blank.layout).toBe('blank');
  });

  it('keeps an optional English version, sanitized, and requires its title and content together', async () => {
    const page = await ok('POST', '/admin/pages', {
      title: 'Câu hỏi thường gặp',
      content: '<p>Prepwise miễn phí không?</p>',
      status: 'published',
      title_en: 'Frequently asked questions',
      content_en: '<p>Is Prepwise free?</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      meta_title_en: 'FAQ · Prepwise',
      meta_description_en: 'Answers to common questions about Prepwise.',
    });
    const served = (await publicGet(`/pages/${page.slug}`)).json().result;
    expect(served).toMatchObject({
      title: 'Câu hỏi thường gặp',
      title_en: 'Frequently asked questions',
      meta_title_en: 'FAQ · Prepwise',
      meta_description_en: 'Answers to common questions about Prepwise.',
    });
    expect(served.content_en).toContain('<p>Is Prepwise free?</p>');
    expect(served.content_en).not.toMatch(/<script|onerror|alert/);

    // Half an English version is refused, naming the missing field.
    const titleOnly = await api('PUT', `/admin/pages/${page.id}`, {
      title: 'Câu hỏi thường gặp',
      content: '<p>x</p>',
      title_en: 'FAQ',
    });
    expect(titleOnly.statusCode).toBe(422);
    expect(titleOnly.json().errors).toEqual({ content_en: 'common.required_field' });
    const contentOnly = await api('PUT', `/admin/pages/${page.id}`, {
      title: 'Câu hỏi thường gặp',
      content: '<p>x</p>',
      content_en: '<p>Only content</p>',
    });
    expect(contentOnly.json().errors).toEqual({ title_en: 'common.required_field' });
    const tooLong = await api('PUT', `/admin/pages/${page.id}`, {
      title: 'Câu hỏi thường gặp',
      content: '<p>x</p>',
      title_en: 'FAQ',
      content_en: '<p>x</p>',
      meta_title_en: 'x'.repeat(71),
    });
    expect(tooLong.json().errors).toEqual({ meta_title_en: 'common.max_length' });
    // Nothing of the refused saves was kept.
    expect((await publicGet(`/pages/${page.slug}`)).json().result.content).toBe(
      '<p>Prepwise miễn phí không?</p>',
    );

    // Emptying both fields removes the English version.
    const removed = await ok('PUT', `/admin/pages/${page.id}`, {
      title: 'Câu hỏi thường gặp',
      content: '<p>Prepwise miễn phí không?</p>',
      status: 'published',
      title_en: '',
      content_en: '',
    });
    expect(removed).toMatchObject({ title_en: null, content_en: null, meta_title_en: null });
  });

  it('seeds the terms of use and the privacy policy in Vietnamese and English', async () => {
    // A terms page from before English versions existed: the seed adds English, keeps the rest.
    await ok('POST', '/admin/pages', {
      title: 'Điều khoản sử dụng',
      slug: 'term',
      content: '<p>Bản do quản trị viên sửa.</p>',
      status: 'published',
    });
    const report = await seedDatabase(harness.database.db, {
      demo: false,
      steps: [sitePagesStep],
      context: {} as SeedContext,
    });
    expect(report.applied).toEqual(['site-pages']);
    const upgraded = (await publicGet('/pages/term')).json().result;
    expect(upgraded.content).toBe('<p>Bản do quản trị viên sửa.</p>');
    expect(upgraded.title_en).toBe('Terms of use');
    const terms = (await publicGet('/pages/term')).json().result;
    expect(terms.title).toBe('Điều khoản sử dụng');
    expect(terms.title_en).toBe('Terms of use');
    expect(terms.content_en).toContain('governed by the law of Vietnam');
    const privacy = (await publicGet('/pages/privacy')).json().result;
    expect(privacy).toMatchObject({ layout: 'blank', title_en: 'Privacy policy' });
    expect(privacy.content).toContain('Nghị định 13/2023/NĐ-CP');
    expect(privacy.content_en).toContain('Decree 13/2023/ND-CP');
  });
});

describe('two writers at the same instant', () => {
  // Both find the slug free before either writes; the second write broke the unique index (a 500).
  const both = (url: string, payload: object) =>
    Promise.all([api('POST', url, payload), api('POST', url, payload)]);

  it('two posts, pages or categories with one title both succeed, under different slugs', async () => {
    for (const [url, payload, base] of [
      ['/admin/blog-posts', { title: 'Cùng lúc một tiêu đề', content: '<p>Một</p>' }, 'cung-luc-mot-tieu-de'],
      ['/admin/pages', { title: 'Trang cùng lúc', content: '<p>Một</p>' }, 'trang-cung-luc'],
      ['/admin/blog-categories', { name: 'Chuyên mục cùng lúc' }, 'chuyen-muc-cung-luc'],
    ] as const) {
      const responses = await both(url, payload);
      for (const response of responses) expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      const slugs = responses.map((response) => response.json().result.slug as string).sort();
      expect(slugs, url).toEqual([base, `${base}-2`]);
    }
  });

  it('one slug typed by two writers at once: one is stored, the other answers 409 on slug', async () => {
    const responses = await both('/admin/blog-posts', {
      title: 'Địa chỉ tự chọn',
      slug: 'dia-chi-tu-chon-cung-luc',
      content: '<p>Một</p>',
    });
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ key: 'CONFLICT', errors: { slug: 'content.slug_taken' } });
  });
});

describe('permissions', () => {
  it('keeps learners out of the authoring endpoints, while anyone reads the public ones', async () => {
    const learner = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'user' }),
    );
    expect(
      (await api('POST', '/admin/blog-posts', { title: 'x', content: '<p>x</p>' }, learner)).statusCode,
    ).toBe(403);
    expect((await api('GET', '/admin/pages', undefined, {})).statusCode).toBe(401);
    expect((await publicGet('/blog/posts')).statusCode).toBe(200);
    expect((await publicGet('/blog/categories')).statusCode).toBe(200);
  });

  it('a role with view rights only reads blog posts, blog categories and pages; delete needs delete_*', async () => {
    const category = await ok('POST', '/admin/blog-categories', { name: 'Chỉ xem' });
    const post = await ok('POST', '/admin/blog-posts', { title: 'Bài chỉ xem', content: '<p>x</p>' });
    const page = await ok('POST', '/admin/pages', { title: 'Trang chỉ xem', content: '<p>x</p>' });
    const viewer = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_blog', 'view_page'] }),
      'admin',
    );
    for (const [collection, id, body] of [
      ['blog-categories', category.id, { name: 'Đổi' }],
      ['blog-posts', post.id, { title: 'Đổi', content: '<p>y</p>' }],
      ['pages', page.id, { title: 'Đổi', content: '<p>y</p>' }],
    ] as const) {
      expect((await api('GET', `/admin/${collection}`, undefined, viewer)).statusCode).toBe(200);
      expect((await api('GET', `/admin/${collection}/${id}`, undefined, viewer)).statusCode).toBe(200);
      const create = await api('POST', `/admin/${collection}`, body, viewer);
      expect(create.statusCode, collection).toBe(403);
      expect(create.json().errors).toBeUndefined();
      expect((await api('PUT', `/admin/${collection}/${id}`, body, viewer)).statusCode).toBe(403);
      expect((await api('DELETE', `/admin/${collection}/${id}`, undefined, viewer)).statusCode).toBe(403);
    }
    // update_* alone does not delete: the privacy page cannot be removed by someone who may only edit it.
    const updater = await authHeader(
      harness.app,
      await createAccount(harness.database.db, {
        scope: 'admin',
        permissions: ['view_page', 'update_page', 'view_blog', 'update_blog'],
      }),
      'admin',
    );
    expect(
      (await api('PUT', `/admin/pages/${page.id}`, { title: 'Đã sửa', content: '<p>z</p>' }, updater))
        .statusCode,
    ).toBe(200);
    expect((await api('DELETE', `/admin/pages/${page.id}`, undefined, updater)).statusCode).toBe(403);
    expect((await api('DELETE', `/admin/blog-posts/${post.id}`, undefined, updater)).statusCode).toBe(403);
    expect(
      (await api('DELETE', `/admin/blog-categories/${category.id}`, undefined, updater)).statusCode,
    ).toBe(403);
    // Nothing was changed by the refused calls but the permitted edit.
    expect((await api('GET', `/admin/pages/${page.id}`)).json().result.title).toBe('Đã sửa');
    expect((await api('GET', `/admin/blog-posts/${post.id}`)).json().result.title).toBe('Bài chỉ xem');
    expect((await api('GET', `/admin/blog-categories/${category.id}`)).json().result.name).toBe('Chỉ xem');
  });
});
