import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectConsoleProblems, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

/** A cover image that has loaded, reserves its size and says what it shows. */
async function expectCover(cover: Locator) {
  await cover.scrollIntoViewIfNeeded();
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('alt', /\S{3,}/);
  await expect(cover).toHaveAttribute('width', /^\d+$/);
  await expect(cover).toHaveAttribute('height', /^\d+$/);
  // The 1,200-pixel original is offered in served widths (srcset): the browser takes the copy its slot
  // needs, a WebP at exactly that width.
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const currentSrc = await cover.evaluate((image: HTMLImageElement) => image.currentSrc);
  const served = /\?w=(\d+)$/.exec(currentSrc);
  expect(served, currentSrc).not.toBeNull();
  // An <img> with srcset reports its width in CSS pixels; the file's own width, from a bare Image:
  const fileWidth = await cover.evaluate(async (_, source) => {
    const file = new Image();
    file.src = source;
    await file.decode();
    return file.naturalWidth;
  }, currentSrc);
  expect(fileWidth).toBe(Number(served![1]));
  expect(fileWidth).toBeLessThan(1200);
}

function recordRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return requests;
}

test('a learner opens a new grammar lesson from the hub and gets instant, explained feedback', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await page.goto('/grammar', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngữ pháp tiếng Anh');
  // The hub lists the tenses, comparison and the eight topic lessons.
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(10);
  await saveScreenshot(page, 'grammar-hub-vi-desktop');
  await page.getByRole('link', { name: /Mạo từ a, an, the/ }).click();
  await expect(page).toHaveURL(/\/grammar\/articles$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mạo từ a, an, the');
  await expect(page.getByRole('navigation', { name: 'Đường dẫn' })).toContainText('Mạo từ a, an, the');
  await expect(page.getByRole('heading', { level: 2, name: 'A và an' })).toBeVisible();
  await expect(page.locator('#a-an em').first()).toHaveText('Chị tôi là kế toán.');
  await expect(page.getByRole('cell', { name: 'an hour, an honest answer' })).toBeVisible();
  await expect(page.locator('#mistakes')).toContainText('She is an accountant.');

  // Graded in the browser: choosing sends no request, and the explanation comes in Vietnamese.
  const requests = recordRequests(page);
  const exercise = page.getByTestId('exercise-articles');
  const questions = exercise.locator('fieldset');
  await questions.nth(0).getByRole('radio', { name: 'an', exact: true }).check();
  await expect(questions.nth(0).getByTestId('feedback')).toHaveText('Chính xác!');
  await expect(questions.nth(0).getByTestId('explanation')).toContainText('h câm');
  await questions.nth(1).getByRole('radio', { name: 'an', exact: true }).check();
  await expect(questions.nth(1).getByTestId('feedback')).toHaveText('Chưa đúng. Đáp án: a');
  await expect(questions.nth(1).getByTestId('explanation')).toContainText('University đọc /juː/');
  await expect(exercise.getByTestId('score')).toHaveText('Bạn đúng 1/6 câu');
  expect(requests).toEqual([]);
  await exercise.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'grammar-articles-vi-desktop', { fullPage: false });

  expect(problems).toEqual([]);
});

test('in English the lessons, their tables and the explanations of the answers are English', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await page.goto('/grammar/articles', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles: a, an and the');
  await expect(page.locator('#mistakes')).toContainText('A job with a singular noun always needs a/an');
  await expect(page.locator('#a-an em')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.goto('/grammar', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('English grammar');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(10);
  await saveScreenshot(page, 'grammar-hub-en-desktop');
  await page.getByRole('link', { name: /Conditional sentences/ }).click();
  await expect(page).toHaveURL(/\/grammar\/conditionals$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditional sentences');
  await expect(page.getByRole('columnheader', { name: 'If-clause' })).toBeVisible();
  const conditionals = page.getByTestId('exercise-conditionals').locator('fieldset');
  await conditionals.nth(0).getByRole('radio', { name: 'will arrive', exact: true }).check();
  await expect(conditionals.nth(0).getByTestId('feedback')).toHaveText('Not quite. The answer is: arrives');
  await expect(conditionals.nth(0).getByTestId('explanation')).toHaveText(
    'The main clause has will, so this is the first conditional: present simple after if, arrives.',
  );
  await conditionals.nth(0).getByRole('radio', { name: 'arrives', exact: true }).check();
  await expect(conditionals.nth(0).getByTestId('feedback')).toHaveText('Correct!');
  await conditionals.nth(0).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'grammar-conditionals-en-desktop', { fullPage: false });

  // A lesson that does not exist is a 404, not an empty page.
  const missing = await page.goto('/grammar/no-such-lesson');
  expect(missing?.status()).toBe(404);
  expect(unexpectedProblems(problems, [{ status: 404, path: '/grammar/no-such-lesson' }])).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a lesson with a table fits the screen', async ({ page }) => {
    await page.goto('/grammar/modal-verbs', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Động từ khuyết thiếu');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'grammar-modal-verbs-vi-phone');
  });
});

const SEEDED_POSTS = [
  'lo-trinh-tu-hoc-toeic-650-trong-3-thang-cho-nguoi-mat-goc',
  '5-loi-ngu-phap-nguoi-viet-hay-mac-trong-toeic-part-5',
  'ielts-reading-cach-lam-dang-true-false-not-given-khong-bi-lui',
  'tu-5-0-len-6-5-ielts-nen-uu-tien-ky-nang-nao-truoc',
];

test('the blog shows the seeded posts with their covers, on the cards and on the post', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectConsoleProblems(page);
  await page.goto('/blog', { waitUntil: 'networkidle' });
  // Other specs publish posts of their own on the same server: the four seeded ones are checked.
  for (const slug of SEEDED_POSTS) {
    const card = page.locator(`a[data-testid="post-card"][href="/blog/${slug}"]`);
    await expect(card).toHaveCount(1);
    await expectCover(card.getByTestId('post-cover'));
  }
  await expect(page.getByRole('img', { name: /Tờ bài làm có năm câu được chấm/ })).toHaveAttribute(
    'src',
    /^\/api\/media\//,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'blog-covers-vi-desktop', { fullPage: false });

  await page.getByTestId('post-card').filter({ hasText: '5 lỗi ngữ pháp' }).click();
  await expect(page).toHaveURL(/\/blog\/5-loi-ngu-phap-nguoi-viet-hay-mac-trong-toeic-part-5$/);
  const cover = page.locator('article').getByTestId('post-cover');
  await expectCover(cover);
  await expect(cover).toHaveAttribute('alt', /cây bút đỏ/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'blog-post-cover-vi-desktop', { fullPage: false });
  expect(problems).toEqual([]);
});
