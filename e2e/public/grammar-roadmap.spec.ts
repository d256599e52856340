import { expect, test } from '@playwright/test';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

test('a visitor opens the grammar lessons and completes an exercise, then the roadmap', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Ngữ pháp' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngữ pháp tiếng Anh');
  await page.getByRole('link', { name: /12 thì trong tiếng Anh/ }).click();
  await expect(page).toHaveURL(/\/grammar\/tense$/);
  await expect(
    page.getByRole('heading', { level: 2, name: '1. Hiện tại đơn (Present simple)' }),
  ).toBeVisible();
  await expect(page.locator('#present-simple em').first()).toHaveText('Cô ấy kiểm tra email mỗi sáng.');

  // Exercises are graded in the browser: choosing an option sends no request.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const exercise = page.getByTestId('exercise-present-simple');
  await exercise.getByRole('radio', { name: 'goes', exact: true }).check();
  await expect(exercise.getByTestId('feedback').first()).toHaveText('Chính xác!');
  expect(requests).toEqual([]);
  await exercise.getByRole('radio', { name: 'not eat', exact: true }).check();
  await expect(exercise.getByTestId('feedback').nth(1)).toContainText("Đáp án: don't eat");
  await exercise.getByRole('radio', { name: 'Does', exact: true }).check();
  await expect(exercise.getByTestId('score')).toHaveText('Hoàn thành! Bạn đúng 2/3 câu.');
  await saveScreenshot(page, 'grammar-tense-vi-desktop', { fullPage: false });

  // In English, the explanations switch language.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The 12 English tenses');
  await expect(page.getByText('Habits and things that happen regularly.')).toBeVisible();
  // The lesson itself comes again from the server in English: names, notes, no Vietnamese translations.
  await expect(page.getByRole('heading', { level: 2, name: '1. Present simple', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link').nth(11)).toHaveText(
    'Future perfect continuous',
  );
  await expect(page.locator('#present-simple em')).toHaveCount(0);
  await expect(page.locator('#present-simple')).toContainText(
    'After does, the main verb goes back to its base form.',
  );
  await expect(page.locator('#present-simple')).not.toContainText('Khi đã có does');
  const exerciseEn = page.getByTestId('exercise-past-simple');
  await exerciseEn.getByRole('radio', { name: 'has moved', exact: true }).check();
  await expect(exerciseEn.getByTestId('feedback').first()).toHaveText('Not quite. The answer is: moved');
  await exerciseEn.getByRole('radio', { name: 'moved', exact: true }).check();
  await expect(exerciseEn.getByTestId('feedback').first()).toHaveText('Correct!');
  await saveScreenshot(page, 'grammar-tense-en-desktop', { fullPage: false });

  await page.goto('/grammar/comparison');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comparatives and superlatives');
  const comparison = page.getByTestId('exercise-comparison');
  await comparison.getByRole('radio', { name: 'bigger', exact: true }).check();
  await expect(comparison.getByTestId('feedback').first()).toHaveText('Correct!');
  await expect(page.getByRole('cell', { name: 'the best' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Short adjectives: add -er / -est' }),
  ).toBeVisible();
  await expect(page.locator('#short-adjectives em')).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Roadmap' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learning roadmaps by goal');
  for (const goal of ['TOEIC 450', 'TOEIC 650', 'TOEIC 850+', 'IELTS 5.0', 'IELTS 6.5+']) {
    await expect(page.getByRole('heading', { level: 2, name: goal })).toBeVisible();
  }
  const toeic650 = page.locator('section#toeic-650');
  await toeic650.getByRole('link', { name: /Comparatives and superlatives/ }).click();
  await expect(page).toHaveURL(/\/grammar\/comparison$/);
  // Practice-test steps link to published tests of the catalogue.
  await page.goto('/roadmap');
  await expect(page.locator('a[href^="/tests/"]').first()).toBeVisible();
  await saveScreenshot(page, 'roadmap-en-desktop');
  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  expect(problems).toEqual([]);
});
