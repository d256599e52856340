import { expect, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, saveScreenshot } from '../support/page-helpers';

/**
 * Issue 28, a learner with no teacher: a self-registered learner (in no centre) writes the essay of the
 * platform's Grammar & Writing Check. The result says plainly that no teacher will mark it, shows the
 * machine's draft labelled a draft once the job has made it, and lets the learner assess the essay on
 * its rubric, saved and shown as a self-assessment — on a desktop and on a phone.
 */
const SLUG = 'grammar-writing-check-de-luyen-1';
const ESSAY =
  'Hi Sam, you should visit Hue first. The old citadel is quiet and beautifull, and the food is cheap. ' +
  'Also, you can try bun bo Hue near the market. See you soon, Lan';

interface Paper {
  sections: { items: { question?: { id: string; answer_kind: string } }[] }[];
}

test('a learner without a teacher reads the draft feedback and assesses their own essay', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('tu-danh-gia');
  await registerLearner(page.request, email, DEMO_PASSWORD, 'Học viên tự học');
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  const started = await page.request.post(`/api/user/tests/${SLUG}/attempts`, { data: { mode: 'full' } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
  const paper = (
    (await (await page.request.get(`/api/user/attempts/${attemptId}`)).json()) as { result: Paper }
  ).result;
  const essay = paper.sections
    .flatMap((section) => section.items.flatMap((item) => item.question ?? []))
    .find((question) => question.answer_kind === 'essay')!;
  const submitted = await page.request.post(`/api/user/attempts/${attemptId}/submit`, {
    data: { answers: [{ question_id: essay.id, answer: { text: ESSAY }, flagged: false, seq: 1 }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // The draft job runs every minute.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/user/attempts/${attemptId}/result`);
        const text = await response.text();
        return text.includes('"status":"draft_ready"');
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(true);

  await page.goto(`/tests/${SLUG}/result/${attemptId}?part=2`);
  const question = page.getByTestId('review-question').filter({ has: page.getByTestId('answer-marking') });
  const marking = question.getByTestId('answer-marking');
  await expect(marking.getByTestId('marking-status')).toHaveText('Đã có nhận xét nháp');
  await expect(marking.getByTestId('no-teacher')).toContainText('Sẽ không có giáo viên chấm');
  const draft = marking.getByTestId('marking-draft');
  await expect(draft).toContainText('Bản nháp của máy');
  await expect(draft).toContainText('Đây là bản nháp, không phải điểm.');
  await expect(draft.getByTestId('marking-draft-issues')).toContainText('“beautifull”');
  await expect(
    question.getByTestId('your-essay').locator('mark[data-issue="spelling"]', { hasText: 'beautifull' }),
  ).toHaveCount(1);

  // Self-assessment on the essay's rubric (four criteria, 0–10 in half points).
  const self = marking.getByTestId('self-assessment');
  await expect(self).toContainText('Tự đánh giá');
  const save = self.getByRole('button', { name: 'Lưu bài tự đánh giá' });
  await expect(save).toBeDisabled();
  for (const [label, band] of [
    ['Hoàn thành yêu cầu đề bài', '7'],
    ['Mạch lạc và liên kết', '6.5'],
    ['Vốn từ vựng', '6'],
    ['Ngữ pháp', '6.5'],
  ]) {
    await self.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: band, exact: true }).click();
  }
  await save.click();
  await expect(self.getByTestId('self-overall')).toHaveText('Bạn tự ước lượng: band 6.5/10');
  await expectAccessible(page, { include: '[data-testid="answer-marking"]' });
  await marking.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'self-assessment-vi-desktop', { fullPage: false });

  // Read again, on a phone: the self-assessment is stored beside the draft.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(marking.getByTestId('self-assessment').getByTestId('self-overall')).toHaveText(
    'Bạn tự ước lượng: band 6.5/10',
  );
  await expect(
    marking.getByTestId('self-assessment').getByRole('textbox', { name: 'Vốn từ vựng' }),
  ).toHaveValue('6');
  await expectAccessible(page, { include: '[data-testid="answer-marking"]' });
  await marking.getByTestId('self-assessment').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'self-assessment-vi-phone', { fullPage: false });
  expect(problems).toEqual([]);
});
