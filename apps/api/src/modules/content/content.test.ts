import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { blogPosts } from '../../db/schema';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asEditor: Record<string, string>;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  // Blog and pages carry the spec's empty permission: any back-office account, even one with no role.
  asEditor = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', fullName: 'Biên tập viên' }),
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
});
