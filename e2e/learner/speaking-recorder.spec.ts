import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems } from '../support/page-helpers';

/*
 * A spoken answer is never lost (issue 28). Chromium's fake microphone plays the committed tone
 * (playwright.config.ts, project `speaking`). The learner records question 1; the connection drops in
 * the middle of it, so the rest of the chunks stay in the journal; the page is reloaded while uploads
 * still fail; once they go through again the upload resumes from what the server holds, and the
 * learner submits. The server's recording is whole: about the speaking time long.
 */

const SLUG = 'speaking-warm-up-1';

interface Recording {
  status: string;
  duration_ms: number | null;
  duration_source: string | null;
  mime: string | null;
}

async function startAttempt(page: Page): Promise<{ attemptId: string; questionIds: string[] }> {
  const started = await page.request.post(`/api/user/tests/${SLUG}/attempts`, { data: { mode: 'full' } });
  expect([200, 201]).toContain(started.status());
  const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
  const paper = (await (await page.request.get(`/api/user/attempts/${attemptId}`)).json()) as {
    result: { sections: { items: { kind: string; question: { id: string } }[] }[] };
  };
  const questionIds = paper.result.sections.flatMap((section) =>
    section.items.map((item) => item.question.id),
  );
  return { attemptId, questionIds };
}

test('a recording survives a lost connection and a reload, and reaches the server whole', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('speaker');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  const { attemptId, questionIds } = await startAttempt(page);

  await page.goto(`/tests/${SLUG}/exam/${attemptId}`);
  const recorder = page.getByTestId('speaking-recorder').first();
  await expect(recorder).toBeVisible({ timeout: 15_000 });
  await recorder.getByRole('button', { name: 'Bắt đầu chuẩn bị' }).click();
  await expect(recorder.getByTestId('speaking-preparing')).toBeVisible();
  await expect(recorder.getByTestId('speaking-recording')).toBeVisible({ timeout: 10_000 });
  await expect(recorder.getByTestId('level-meter')).toBeVisible();
  // The fake microphone's tone moves the meter.
  await expect
    .poll(async () => Number(await recorder.getByTestId('level-meter').getAttribute('data-level')), {
      timeout: 5_000,
    })
    .toBeGreaterThan(0);

  // The connection drops after a few seconds of speaking: the chunks go on into the journal only.
  await page.waitForTimeout(3_000);
  await context.setOffline(true);
  await page.route('**/api/user/attempts/*/recordings/**', (route) => route.abort('internetdisconnected'));

  // Speaking time over: the recorder stops by itself and the runner moves to question 2.
  await expect(page.locator('[data-testid="exam-question"][data-current]')).toHaveAttribute(
    'data-number',
    '2',
    {
      timeout: 15_000,
    },
  );
  // Reload with uploads still failing: the journal still holds the recording.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  const status = await page.request.get(`/api/user/attempts/${attemptId}/recordings/${questionIds[0]}`);
  const partial = ((await status.json()) as { result: { status: string; chunks: number[] } }).result;
  expect(partial.status).toBe('uploading');
  // Question 1 says its recording is kept on this device while it is being sent.
  await page.getByRole('button', { name: 'Câu trước' }).click();
  const first = page.locator(`#question-${questionIds[0]}`);
  await expect(first.getByTestId('speaking-done')).toContainText('đã giữ trên thiết bị');
  await expectAccessible(page);

  // The connection is back: the upload resumes from what the server holds, and the learner submits.
  await page.unroute('**/api/user/attempts/*/recordings/**');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/user/attempts/${attemptId}/recordings/${questionIds[0]}`)
          ).json()) as { result: Recording }
        ).result.status,
      { timeout: 20_000 },
    )
    .toBe('complete');
  await expect(first.getByTestId('speaking-done')).toContainText('đã lưu');
  await page.getByRole('button', { name: 'Nộp bài', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nộp bài ngay' }).click();
  await page.waitForURL(new RegExp(`/result/${attemptId}`), { timeout: 20_000 });

  const stored = (
    (await (
      await page.request.get(`/api/user/attempts/${attemptId}/recordings/${questionIds[0]}`)
    ).json()) as { result: Recording }
  ).result;
  expect(stored).toMatchObject({ status: 'complete', mime: 'audio/webm', duration_source: 'container' });
  // 8 seconds of speaking time, recorded in 1-second chunks.
  expect(stored.duration_ms).toBeGreaterThan(6_500);
  expect(stored.duration_ms).toBeLessThan(9_500);
  // Only the requests refused while the connection was down may fail.
  expect(
    problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED/.test(problem)),
  ).toEqual([]);
});

test('a refused microphone is said plainly, and the retry records', async ({ page }) => {
  const email = uniqueEmail('speaker-mic');
  await registerLearner(page.request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  const { attemptId } = await startAttempt(page);
  // The learner refuses the browser's first request for the microphone, then allows it.
  await page.addInitScript(() => {
    const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    let asked = 0;
    navigator.mediaDevices.getUserMedia = (constraints) => {
      asked += 1;
      if (asked === 1) return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      return real(constraints);
    };
  });
  await page.goto(`/tests/${SLUG}/exam/${attemptId}`);
  const recorder = page.getByTestId('speaking-recorder').first();
  await recorder.getByRole('button', { name: 'Bắt đầu chuẩn bị' }).click();
  const refused = recorder.getByTestId('mic-error');
  await expect(refused).toBeVisible({ timeout: 10_000 });
  await expect(refused).toContainText('Trình duyệt chưa được phép dùng micro');
  await refused.getByRole('button', { name: 'Thử lại' }).click();
  await expect(recorder.getByTestId('speaking-recording')).toBeVisible();
});
