import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerLearner, uniqueEmail, waitForAccessTokenExpiry } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import {
  collectConsoleProblems,
  saveScreenshot,
  unexpectedProblems,
  waitForHydration,
} from '../support/page-helpers';

/*
 * Runs against the server with ACCESS_TOKEN_TTL=6 (project `short-tokens`, playwright.config.ts): a
 * learner who comes back after the access token expired opens a result page and the test history with a
 * 200 (the server renders "restoring the session", the browser refreshes and reloads), never a 500; and
 * the exam runner renews the token before saving, so no save meets a 401 and the page never reloads.
 */

const IELTS = 'ielts-academic-reading-de-luyen-1';

async function signedInLearner(context: BrowserContext, language: 'vi' | 'en') {
  const email = uniqueEmail('expired');
  await registerLearner(context.request, email, DEMO_PASSWORD);
  const login = await context.request.post('/api/user/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await context.addCookies([{ name: 'locale', value: language, url: test.info().project.use.baseURL! }]);
}

/**
 * An API call with the context's cookies; a token that expired meanwhile (six seconds) is renewed
 * once through the refresh endpoint, as the browser would.
 */
async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: object) {
  const send = () => (method === 'GET' ? request.get(path) : request.post(path, { data }));
  let response = await send();
  if (response.status() === 401) {
    expect((await request.post('/api/user/auth/refresh-token')).status()).toBe(200);
    response = await send();
  }
  return response;
}

/** A submitted practice of IELTS Passage 1, made through the API with the context's cookies. */
async function submittedAttempt(request: APIRequestContext): Promise<string> {
  const detail = await call(request, 'GET', `/api/public/tests/${IELTS}`);
  const sectionId = ((await detail.json()) as { result: { sections: { id: string }[] } }).result.sections[0]!
    .id;
  const started = await call(request, 'POST', `/api/user/tests/${IELTS}/attempts`, {
    mode: 'practice',
    section_ids: [sectionId],
  });
  expect(started.status()).toBe(201);
  const id = ((await started.json()) as { result: { id: string } }).result.id;
  const submitted = await call(request, 'POST', `/api/user/attempts/${id}/submit`, {});
  expect(submitted.status()).toBe(200);
  return id;
}

function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

for (const language of ['vi', 'en'] as const) {
  const history = language === 'vi' ? 'Lịch sử làm bài' : 'Test history';

  test(`an expired session opens a result and the test history without a 500 (${language})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const problems = collectConsoleProblems(page);
    await signedInLearner(context, language);
    const attemptId = await submittedAttempt(context.request);
    await waitForAccessTokenExpiry(context.request);

    const result = await page.goto(`/tests/${IELTS}/result/${attemptId}`);
    expect(result?.status()).toBe(200);
    // The browser renews the session and reloads: the learner sees the result, still signed in.
    await expect(page.getByTestId('review-question').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('IELTS');
    await saveScreenshot(page, `expired-session-result-${language}`, { fullPage: false });
    // Signed in and hydrated: the page has cleared its refresh mark (a second expired render within
    // seconds of a refresh would otherwise count as a refresh loop and sign out).
    await waitForHydration(page);

    await waitForAccessTokenExpiry(context.request);
    const historyPage = await page.goto('/test-history');
    expect(historyPage?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: history })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    await waitForHydration(page);

    await waitForAccessTokenExpiry(context.request);
    const progress = await page.goto(`/test-history/${IELTS}/result/${attemptId}`);
    expect(progress?.status()).toBe(200);
    await expect(page.getByTestId('review-question').first()).toBeVisible({ timeout: 15_000 });
    // The failures a renewal provokes on purpose: the refresher's first look at the session and, when the
    // six seconds run out again while a slow page loads its side panels, those calls of the attempt (the
    // client renews and reloads; the learner is still signed in on the result above).
    expect(
      unexpectedProblems(problems, [
        { status: 401, path: '/api/user/auth/info' },
        {
          status: 401,
          path: new RegExp(`^/api/user/attempts/${attemptId}/(vocabulary|notebook|highlights)$`),
        },
      ]),
    ).toEqual([]);
  });
}

test('the exam runner renews the token before saving: no 401, no reload', async ({ page, context }) => {
  test.setTimeout(60_000);
  const problems = collectConsoleProblems(page);
  await signedInLearner(context, 'vi');
  const started = await call(context.request, 'POST', `/api/user/tests/${IELTS}/attempts`, { mode: 'full' });
  expect(started.status()).toBe(201);
  const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
  await page.goto(`/tests/${IELTS}/exam/${attemptId}`);
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  // From here on (the page may have renewed an already expired session while it opened): no 401, no reload.
  const unauthorized: string[] = [];
  const refreshes: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(response.url());
    if (response.url().includes('/auth/refresh-token')) refreshes.push(response.url());
  });
  const loads = countLoads(page);

  const question = page.locator('[data-testid="exam-question"][data-current]');
  await question.getByRole('combobox').first().selectOption('i');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await waitForAccessTokenExpiry(context.request);
  await question.getByRole('combobox').first().selectOption('iii');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  expect(refreshes.length).toBeGreaterThan(0);
  expect(unauthorized).toEqual([]);
  expect(loads.count).toBe(0);
  // Opening the page may have met the token expired (six seconds): the page renews it then, as any
  // page does. After the runner is open, no request meets a 401 (`unauthorized` above).
  expect(
    unexpectedProblems(problems, [
      { status: 401, path: '/api/user/auth/info' },
      { status: 401, path: `/api/user/attempts/${attemptId}` },
    ]),
  ).toEqual([]);
});
