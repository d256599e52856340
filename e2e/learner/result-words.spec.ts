import { expect, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/*
 * Issue 17, "add to my words" from an exam review: under a result, the vocabulary's words in the
 * questions the learner missed, added to my words in one click — in Vietnamese, then in English.
 */
const TOEIC_SLUG = 'toeic-listening-reading-de-luyen-1';

test('a learner adds a word from the questions they missed to my words', async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('result-words');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  // Part 5 practised and handed in blank: every question is missed.
  await page.goto(`/tests/${TOEIC_SLUG}`);
  const id = await page.evaluate(async (slug) => {
    const call = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`/api${path}`, {
          method,
          credentials: 'include',
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json();
    const detail = await call('GET', `/public/tests/${slug}`);
    const part5 = detail.result.sections.find((section: { name: string }) =>
      section.name.startsWith('Part 5'),
    );
    const started = await call('POST', `/user/tests/${slug}/attempts`, {
      mode: 'practice',
      section_ids: [part5.id],
    });
    await call('POST', `/user/attempts/${started.result.id}/submit`, {});
    return started.result.id as string;
  }, TOEIC_SLUG);

  await page.goto(`/tests/${TOEIC_SLUG}/result/${id}`);
  const section = page.getByTestId('result-words');
  await expect(section.getByRole('heading', { name: 'Từ vựng trong các câu bạn làm sai' })).toBeVisible({
    timeout: 20_000,
  });
  const first = section.getByTestId('result-word').first();
  const headword = (await first.locator('p').first().textContent())!.trim();
  await expect(first).toContainText(/Có ở câu \d+/);
  await first.getByRole('button', { name: `Thêm vào từ của tôi: ${headword}` }).click();
  await expect(first.getByRole('button', { name: 'Đã có trong từ của tôi' })).toBeDisabled();
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'result-words-vi', { fullPage: false });

  // It is in my words, and the result says so after a reload.
  await page.goto('/vocabulary/my-words');
  await expect(page.getByRole('main')).toContainText(headword);
  await page.goto(`/tests/${TOEIC_SLUG}/result/${id}?lang=en`);
  const english = page.getByTestId('result-words');
  await expect(english.getByRole('heading', { name: 'Words from the questions you missed' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(english.getByTestId('result-word').first().getByRole('button')).toBeDisabled();
  expect(problems).toEqual([]);
});
