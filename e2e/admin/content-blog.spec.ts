import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/** A tiny valid PNG (2×2, blue), uploaded as the post's cover. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDAwMDAAAANAAEB1+/gjAAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin writes and publishes a post with an image; a visitor finds it, reads it in both languages', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Mẹo luyện nghe TOEIC Part 2 số ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);

  // The sidebar leads to the posts; the editor page loads CKEditor on demand.
  await page.getByRole('link', { name: 'Bài viết', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bài viết' })).toBeVisible();
  await page.getByRole('link', { name: 'Viết bài mới' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/create$/);

  await page
    .getByLabel(/^Tiêu đề/)
    .first()
    .fill(title);
  const editor = page.locator('.ck-editor__editable');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.type('Ở Part 2, hãy nghe thật kỹ từ để hỏi ở đầu câu. ');
  await page.keyboard.type('Câu hỏi Where thường có đáp án chỉ nơi chốn.');
  await page.getByTestId('cover-field').locator('input[type=file]').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByTestId('cover-field').getByRole('img')).toBeVisible();
  await page.getByText('Đăng ngay', { exact: true }).click();
  await saveScreenshot(page, 'admin-blog-editor-desktop');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/blog$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByTestId('post-state')).toHaveText('Đã đăng');

  // A visitor (no session) finds the post through the blog search and reads it.
  const visitor = await browser.newPage();
  const problems = collectConsoleProblems(visitor);
  await visitor.goto('/blog', { waitUntil: 'networkidle' });
  await visitor.getByRole('searchbox', { name: 'Tìm bài viết' }).fill('Part 2 số');
  await visitor.getByRole('button', { name: 'Tìm', exact: true }).click();
  await expect(visitor).toHaveURL(/search=/);
  await visitor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor.getByTestId('post-content')).toContainText('từ để hỏi ở đầu câu');
  // No byline written: the editorial team signs it, never the admin's account name.
  await expect(visitor.getByTestId('post-byline')).toHaveText('Tác giả: Đội ngũ Prepwise');
  await expect(visitor.getByTestId('post-meta')).not.toContainText('Quản trị Prepwise');
  await expect(visitor.getByTestId('post-meta')).toContainText('phút đọc');
  const cover = visitor.locator('article header img');
  await expect(cover).toHaveAttribute('src', /^\/api\/media\//);
  // The picture arrives after the page: wait for it to load, then check it decoded to real pixels.
  await cover.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(visitor.getByTestId('share-links').getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    /facebook\.com\/sharer/,
  );

  // Switching to English translates the page around the (Vietnamese) post.
  await visitor.getByRole('button', { name: 'English' }).click();
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
  await expect(visitor.getByTestId('post-meta')).toContainText('min read');
  await expect(visitor.getByTestId('post-byline')).toHaveText('By the Prepwise team');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);

  // The admin signs the post with a writer's name: readers see it in both languages.
  await row.getByRole('link', { name: title, exact: true }).click();
  const byline = page.getByRole('textbox', { name: 'Tên ký bài' });
  await byline.fill('Cô Minh Anh');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await visitor.reload({ waitUntil: 'networkidle' });
  await expect(visitor.getByTestId('post-byline')).toHaveText('By Cô Minh Anh');
  expect(problems).toEqual([]);
  await visitor.close();
});

test('admin lists: state filter, categories and pages', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/blog');
  await page.getByRole('textbox', { name: 'Trạng thái' }).click();
  await page.getByRole('option', { name: 'Đã đăng' }).click();
  await expect(page.getByTestId('posts-table')).toContainText('Lộ trình tự học TOEIC 650');

  await page.goto('/admin/blog-category');
  await expect(page.getByTestId('categories-table')).toContainText('Luyện thi TOEIC');
  await page.getByRole('link', { name: 'Thêm chuyên mục' }).click();
  const stamp = Date.now().toString(36);
  await page.getByRole('textbox', { name: 'Tên', exact: true }).fill(`Ngữ pháp ${stamp}`);
  await page.getByRole('textbox', { name: 'Tên tiếng Anh' }).fill(`Grammar ${stamp}`);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog-category$/);
  // Opened again, it keeps its English name (readers in English mode see it once it holds posts).
  await page
    .getByTestId('categories-table')
    .getByRole('link', { name: `Ngữ pháp ${stamp}`, exact: true })
    .click();
  await expect(page.getByRole('textbox', { name: 'Tên tiếng Anh' })).toHaveValue(`Grammar ${stamp}`);

  await page.goto('/admin/pages');
  await expect(page.getByTestId('pages-table')).toContainText('Điều khoản sử dụng');
  await expect(page.getByTestId('pages-table')).toContainText('Trang trống');
  await saveScreenshot(page, 'admin-pages-desktop');
});

test('deleting a blog category that still holds posts asks first, then shows why it was refused', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/blog-category');
  await page.getByRole('link', { name: 'Luyện thi TOEIC', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/blog-category\/[^/]+\/edit$/);

  await page.getByRole('button', { name: 'Xóa Luyện thi TOEIC' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Luyện thi TOEIC');
  await dialog.getByRole('button', { name: 'Xóa', exact: true }).click();
  // The category is in use: the dialog stays open with the translated reason, and nothing is deleted.
  await expect(dialog.getByTestId('form-error')).toHaveText(
    'Danh mục vẫn còn bài viết; hãy chuyển các bài viết sang danh mục khác hoặc xóa chúng trước.',
  );
  await saveScreenshot(page, 'admin-blog-category-delete-refused');
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/edit$/);
});
