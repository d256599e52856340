import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signInAs, signInThroughForm, uniqueEmail } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { DEMO_PASSWORD } from '../support/constants';
import {
  collectConsoleProblems,
  saveScreenshot,
  unexpectedProblems,
  waitForHydration,
} from '../support/page-helpers';

/*
 * The learner home (issue 14): goal, study streak, what to do next and progress across tests, for the
 * seeded demo learner (who has practised two tests, has mistakes to review and an assigned test) and for
 * a new learner who sets a goal, does a dictation and leaves a test unfinished.
 */

const PHONE = { width: 375, height: 812 };

const TEXTS = {
  vi: {
    heading: 'Chào Nguyễn Minh Khoa',
    menu: 'Góc học tập',
    goal: 'Mục tiêu của tôi',
    streak: 'Chuỗi ngày học',
    next: 'Việc nên làm tiếp',
    progress: 'Tiến bộ qua các bài làm',
    weak: 'Dạng câu hỏi bạn yếu nhất',
    mistakes: /câu cần xem lại trong sổ lỗi sai/,
    assignment: 'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối của Trung tâm Anh ngữ Prepwise Demo',
    practice: 'Luyện tập',
  },
  en: {
    heading: 'Hello, Nguyễn Minh Khoa',
    menu: 'My study home',
    goal: 'My goal',
    streak: 'Study streak',
    next: 'What to do next',
    progress: 'Progress across tests',
    weak: 'Your weakest question types',
    mistakes: /in your mistake notebook/,
    assignment: 'Grammar & writing check – B1 evening class from Trung tâm Anh ngữ Prepwise Demo',
    practice: 'Practice',
  },
} as const;

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const locale of ['vi', 'en'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`the demo learner's home shows progress, weak spots and next steps (${locale}, ${device})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const text = TEXTS[locale];
      const problems = collectConsoleProblems(page);
      if (device === 'phone') await page.setViewportSize(PHONE);
      await signInAs(page, 'learner');
      if (locale === 'en') await page.goto('/?lang=en');

      // Where a signed-in learner lands, the home's first action and the account menu lead there.
      await expect(page.getByTestId('hero-dashboard')).toBeVisible();
      await waitForHydration(page);
      // The account menu is a chunk of its own: click until it has loaded and opens.
      const item = page.getByRole('menuitem', { name: text.menu });
      await expect(async () => {
        if (!(await item.isVisible()))
          await page.getByRole('button', { name: /account menu|menu tài khoản/i }).click();
        await expect(item).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await item.click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
      for (const name of [text.goal, text.streak, text.next, text.weak, text.progress]) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      expect(await page.getByTestId('weak-spot').count()).toBeGreaterThan(0);
      await expect(page.getByTestId('next-mistakes')).toContainText(text.mistakes);
      // The demo centre assigns its class two tests (the manual one and the smart one).
      await expect(page.getByTestId('next-assignment')).toHaveCount(2);
      await expect(page.getByTestId('next-assignment').filter({ hasText: text.assignment })).toHaveCount(1);
      // The chart's text alternative: every recent attempt, newest first, in a table (a list on phones).
      const rows =
        device === 'desktop'
          ? page.getByTestId('progress-table').locator('tbody tr')
          : page.getByTestId('progress-list').locator('li');
      expect(await rows.count()).toBeGreaterThan(0);
      await expect(rows.first()).toBeVisible();
      await expect(rows.first()).toContainText(text.practice);
      await expect(page.getByTestId('streak-strip').locator('li')).toHaveCount(14);
      await expect(page.getByTestId('progress-chart')).toBeVisible();

      if (device === 'phone') await noSideways(page);
      await saveScreenshot(page, `learner-dashboard-${locale}-${device}`);
      if (device === 'desktop' && locale === 'vi') {
        await expectAccessible(page, { include: '[data-testid="learner-dashboard"]' });
      }

      // A weak spot leads to a test to practise it.
      await page.getByTestId('weak-spot').first().getByRole('link').click();
      await expect(page).toHaveURL(/\/tests\/[a-z0-9-]+$/);
      expect(unexpectedProblems(problems, [])).toEqual([]);
    });
  }
}

test('a new learner sets a goal, builds a streak with a dictation and resumes an unfinished test (vi, en)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('dashboard');
  await registerLearner(request, email, DEMO_PASSWORD, 'Trần Thu Hà');
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chào Trần Thu Hà');
  await expect(page.getByTestId('streak-current')).toHaveText('0 ngày liên tiếp');
  await expect(page.getByText('Kết quả của bạn sẽ hiện ở đây sau bài làm đầu tiên.')).toBeVisible();
  await expect(page.getByTestId('next-tests')).toContainText('Không có việc nào đang chờ.');
  await expect(page.getByTestId('weak-spots')).toContainText('Chưa có dạng yếu');

  // The goal: a TOEIC score off the scale's steps is refused by the server, naming the field.
  await page.getByTestId('goal-edit').click();
  const form = page.getByTestId('goal-form');
  await form.getByRole('radio', { name: 'TOEIC' }).check({ force: true });
  await form.getByLabel('Điểm mục tiêu').fill('652');
  const inDays = new Date(Date.now() + 40 * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel('Ngày thi').fill(inDays);
  await form.getByRole('button', { name: 'Lưu mục tiêu' }).click();
  await expect(form.getByText('Điểm mục tiêu không hợp lệ.')).toBeVisible();
  await form.getByLabel('Điểm mục tiêu').fill('750');
  await form.getByRole('button', { name: 'Lưu mục tiêu' }).click();
  await expect(page.getByTestId('goal-summary')).toContainText('Mục tiêu: TOEIC 750');
  await expect(page.getByTestId('goal-summary')).toContainText('Còn 40 ngày');
  // Saved on the server: a reload shows it.
  await page.reload();
  await expect(page.getByTestId('goal-summary')).toContainText('Mục tiêu: TOEIC 750');

  // A dictation sentence checked today starts the streak.
  const list = (await (await page.request.get('/api/public/dictation')).json()).result.items as {
    id: string;
  }[];
  await page.goto(`/dictation/${list[0]!.id}`);
  await waitForHydration(page);
  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/checks') && response.request().method() === 'POST',
  );
  await page.getByRole('textbox').fill('Hi, this is Mai');
  await page.getByRole('button', { name: 'Kiểm tra' }).click();
  expect((await recorded).status()).toBe(200);

  // An unfinished test is the first thing to do next.
  const started = await page.request.post('/api/user/tests/ielts-academic-reading-de-luyen-1/attempts', {
    data: { mode: 'full' },
  });
  expect([200, 201]).toContain(started.status());
  const attemptId = (await started.json()).result.id as string;

  await page.goto('/dashboard');
  await expect(page.getByTestId('streak-current')).toHaveText('1 ngày liên tiếp');
  await expect(page.getByText('Hôm nay bạn đã học.')).toBeVisible();
  const resume = page.getByTestId('next-resume');
  await expect(resume).toContainText('Làm tiếp IELTS');
  await expect(resume).toContainText(/Đã trả lời 0\/\d+ câu/);
  await saveScreenshot(page, 'learner-dashboard-new-learner-vi-desktop');

  // English: the same home.
  await page.goto('/dashboard?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Trần Thu Hà');
  await expect(page.getByTestId('goal-summary')).toContainText('Target: TOEIC 750');
  await expect(page.getByTestId('goal-summary')).toContainText('40 days to go');
  await expect(page.getByTestId('streak-current')).toHaveText('1 day in a row');
  await expect(page.getByTestId('next-resume')).toContainText('Resume IELTS');
  await saveScreenshot(page, 'learner-dashboard-new-learner-en-desktop');
  await waitForHydration(page);
  await page.getByTestId('next-resume').getByRole('link', { name: 'Resume' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/${attemptId}$`));
  await expect(page.getByTestId('save-status')).toBeVisible({ timeout: 15_000 });
  expect(unexpectedProblems(problems, [{ status: 422, path: '/api/user/dashboard/goal' }])).toEqual([]);
});

test('a visitor is sent to sign in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
});
