import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/*
 * Issue 14, "the site itself": in English mode levels, categories, exams, parts, question types and tests
 * carry their English names (falling back to the Vietnamese ones), a Vietnamese-only post says so, and /test-history
 * shows cards on a phone.
 */

const TOEIC = '/tests/toeic-listening-reading-de-luyen-1';
const POST = '/blog/lo-trinh-tu-hoc-toeic-650-trong-3-thang-cho-nguoi-mat-goc';
const ENGLISH_LEVEL =
  /^[ABC][12] – (Beginner|Elementary|Intermediate|Upper intermediate|Advanced|Proficiency)$/;

test('/tests in English names the categories, levels, exams and tests in English', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await page.goto('/tests?lang=en', { waitUntil: 'networkidle' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const categories = page.getByLabel('Category', { exact: true }).locator('option');
  await expect(categories).toContainText(['All', 'TOEIC', 'IELTS', 'General English']);
  const levels = await page.getByLabel('Level', { exact: true }).locator('option').allTextContents();
  expect(levels.length).toBeGreaterThan(1);
  for (const level of levels.slice(1)) expect(level).toMatch(ENGLISH_LEVEL);
  const exams = page.getByLabel('Exam', { exact: true }).locator('optgroup');
  await expect(exams.first()).toHaveAttribute('label', 'TOEIC');
  await expect(
    page.getByLabel('Exam', { exact: true }).locator('optgroup[label="General English"]'),
  ).toHaveCount(1);

  const toeic = page
    .getByTestId('test-card')
    .filter({ hasText: 'TOEIC Listening & Reading – Practice test 1' });
  await expect(toeic).toBeVisible();
  await expect(toeic).toContainText('B1 – Intermediate');
  // The seeded tests' cards (other specs add tests named only in Vietnamese, which fall back to it).
  const seeded = page.getByTestId('test-card').filter({
    has: page.getByRole('heading', {
      name: /^(TOEIC Listening & Reading|IELTS Academic Reading|Grammar & Writing Check) – (Practice test 1|Review test \(Premium\))$/,
    }),
  });
  await expect(seeded).toHaveCount(4);
  for (const card of await seeded.all()) {
    await expect(card).not.toContainText('Đề luyện');
    await expect(card).not.toContainText('Đề ôn tập');
    await expect(card).not.toContainText('Trung cấp');
  }
  await saveScreenshot(page, 'english-names-catalogue-desktop');

  // A category chosen: the heading names it in English too.
  await page.goto('/tests?category=general-english&lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('General English');
  expect(problems).toEqual([]);
});

test('a test in English shows its title, exam, level and parts in English; Vietnamese stays Vietnamese', async ({
  page,
}) => {
  await page.goto(`${TOEIC}?lang=en`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'TOEIC Listening & Reading – Practice test 1',
  );
  await expect(page).toHaveTitle('TOEIC Listening & Reading – Practice test 1 · Prepwise');
  const parts = page.getByTestId('parts-table');
  await expect(parts).toContainText('Part 1 – Photographs');
  await expect(parts).toContainText('Part 2 – Question–response');
  await expect(parts).toContainText('Part 7 – Reading comprehension');
  await expect(parts).not.toContainText('Mô tả tranh');
  await expect(page.getByTestId('test-description')).toContainText('7 parts, 200 questions, 120 minutes');
  await saveScreenshot(page, 'english-names-test-detail-desktop');

  await page.goto(`${TOEIC}?lang=vi`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TOEIC Listening & Reading – Đề luyện 1');
  await expect(page.getByTestId('parts-table')).toContainText('Part 1 – Mô tả tranh');
  await expect(page.getByTestId('test-description')).toContainText('7 phần, 200 câu, 120 phút');
});

test('a post written only in Vietnamese says so in English mode, and not in Vietnamese', async ({ page }) => {
  await page.goto(`${POST}?lang=en`, { waitUntil: 'networkidle' });
  const note = page.getByTestId('post-language-note');
  await expect(note).toHaveText('This article is available in Vietnamese only.');
  await expect(note).toHaveAttribute('lang', 'en');
  await expect(page.locator('article').first()).toHaveAttribute('lang', 'vi');
  // The seeded posts are the editorial team's: signed so in English.
  await expect(page.getByTestId('post-byline')).toHaveText('By the Prepwise team');
  await expect(page.getByTestId('post-meta')).toContainText('min read');
  // Its category reads in English.
  await expect(page.locator('main')).toContainText('TOEIC preparation');
  await expect(page.locator('main')).not.toContainText('Luyện thi TOEIC');
  await saveScreenshot(page, 'english-names-post-note-desktop', { fullPage: false });

  // The blog's categories too, on the list and as its heading.
  await page.goto('/blog?lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'IELTS preparation', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'TOEIC preparation', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TOEIC preparation');

  await page.goto(`${POST}?lang=vi`, { waitUntil: 'networkidle' });
  await expect(page.getByTestId('post-language-note')).toHaveCount(0);
  await expect(page.locator('article').first()).not.toHaveAttribute('lang', 'vi');
});

test('a learner’s progress and result pages name the test and its parts in English', async ({ page }) => {
  await signInAs(page, 'learner');
  await page.goto('/test-history?lang=en', { waitUntil: 'networkidle' });
  await page
    .getByTestId('history-table')
    .getByRole('link', { name: 'TOEIC Listening & Reading – Practice test 1' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'TOEIC Listening & Reading – Practice test 1',
  );
  await page.getByRole('link', { name: 'View result' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'TOEIC Listening & Reading – Practice test 1',
  );
  const parts = page.getByTestId('part-results');
  await expect(parts).toContainText(
    /Part \d – (Photographs|Question–response|Conversations|Talks|Incomplete sentences|Text completion|Reading comprehension)/,
  );
  for (const vietnamese of ['Mô tả tranh', 'Hỏi – đáp', 'Hội thoại', 'Bài nói', 'Hoàn thành', 'Đọc hiểu'])
    await expect(parts).not.toContainText(vietnamese);
  await expect(page.getByTestId('review-part-title')).not.toContainText(
    /Mô tả|Hỏi|Hội thoại|Bài nói|Hoàn thành|Đọc hiểu/,
  );
  await saveScreenshot(page, 'english-names-result-desktop', { fullPage: false });

  // The Grammar & Writing result's breakdown names its question types in English.
  await page.goto('/test-history?lang=en', { waitUntil: 'networkidle' });
  await page
    .getByTestId('history-table')
    .getByRole('link', { name: 'Grammar & Writing Check – Practice test 1' })
    .click();
  await page.getByRole('link', { name: 'View result' }).first().click();
  const typeRows = page.getByTestId('breakdown-row').and(page.locator('[data-dimension="question_type"]'));
  await expect(typeRows.filter({ hasText: 'Single choice' })).toHaveCount(1);
  await expect(typeRows.filter({ hasText: 'Ordering' })).toHaveCount(1);
  for (const vietnamese of ['Trắc nghiệm', 'Sắp xếp', 'Bài viết', 'Điền vào'])
    await expect(page.getByTestId('breakdown-table')).not.toContainText(vietnamese);
  await page.getByTestId('result-breakdown').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'english-names-result-breakdown-desktop', { fullPage: false });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('/test-history shows a card per test with its scores in view, in English', async ({ page }) => {
    await signInAs(page, 'learner');
    await page.goto('/test-history?lang=en', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test history');
    const cards = page.getByTestId('history-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('history-table')).toBeHidden();
    // Every figure is on screen without scrolling sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // The demo learner's TOEIC test: a scaled score out of 990.
    const toeic = cards.filter({ hasText: 'TOEIC Listening & Reading – Practice test 1' });
    const best = toeic.getByTestId('history-card-best');
    await expect(best).toBeVisible();
    await expect(best).toHaveText(/^\d+ \/ 990$/);
    const box = await best.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await expect(toeic).toContainText('Best');
    await expect(toeic).toContainText('Latest');
    await expect(page.getByTestId('history-cards')).not.toContainText('Đề luyện');
    await saveScreenshot(page, 'english-names-test-history-phone');
  });
});
