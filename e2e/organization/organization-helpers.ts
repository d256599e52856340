import { type Browser, expect, type Page } from '@playwright/test';
import { registerLearner, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';

/** The demo centre of the seed, its join code and its manual test for the B1 evening class. */
export const CENTER = 'prepwise-demo-center';
export const JOIN_CODE = 'PWDEMO26';
export const MANUAL_TEST = {
  slug: 'kiem-tra-ngu-phap-va-viet-b1',
  title: 'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối',
  /** What learners read in English mode. */
  titleEn: 'Grammar & writing check – B1 evening class',
};

/** A new learner who joined the demo centre with its code, signed in in a browser context of their own. */
export async function newStudent(
  browser: Browser,
  baseURL: string,
  locale: 'vi' | 'en',
  name: string,
  prefix = 'student',
) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'locale', value: locale, url: baseURL }]);
  const page = await context.newPage();
  const email = uniqueEmail(`${prefix}-${locale}`);
  await registerLearner(page.request, email, DEMO_PASSWORD, name);
  const login = await page.request.post('/api/user/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const joined = await page.request.post('/api/user/organizations/join', { data: { code: JOIN_CODE } });
  expect(joined.status(), await joined.text()).toBe(200);
  const info = await page.request.get('/api/user/auth/info');
  const id = ((await info.json()) as { result: { id: string } }).result.id;
  return { context, page, id };
}

/** The teacher's class of one student (through the portal's API), and the seeded manual test's id. */
export async function classWithStudent(page: Page, name: string, studentId: string) {
  const created = await page.request.post('/api/educator/classes', { data: { name } });
  expect(created.status(), await created.text()).toBe(200);
  const classId = ((await created.json()) as { result: { id: string } }).result.id;
  const added = await page.request.post(`/api/educator/classes/${classId}/students`, {
    data: { user_ids: [studentId] },
  });
  expect(added.status(), await added.text()).toBe(200);
  const tests = await page.request.get(`/api/educator/tests?search=${encodeURIComponent('B1 buổi tối')}`);
  const testId = (
    (await tests.json()) as { result: { items: { id: string; slug: string }[] } }
  ).result.items.find((item) => item.slug === MANUAL_TEST.slug)!.id;
  return { classId, testId };
}

type Paper = {
  sections: { items: { kind: string; question?: { id: string; answer_kind: string } }[] }[];
};

/**
 * The teacher assigns the seeded manual test to the class (open now, answers after the close time) and
 * the student submits it with only the essay answered, through the API (the runner has its own specs).
 */
export async function submitManualEssay(
  teacher: Page,
  learner: Page,
  { classId, testId, text }: { classId: string; testId: string; text: string },
) {
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
  const assigned = await teacher.request.post(`/api/educator/tests/${testId}/assignments`, {
    data: {
      opens_at: hours(-1),
      closes_at: hours(72),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'after_close',
      class_ids: [classId],
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const started = await learner.request.post(
    `/api/user/organizations/${CENTER}/tests/${MANUAL_TEST.slug}/attempts`,
  );
  expect(started.status(), await started.text()).toBe(201);
  const attemptId = ((await started.json()) as { result: { id: string } }).result.id;
  const paper = (
    (await (await learner.request.get(`/api/user/attempts/${attemptId}`)).json()) as { result: Paper }
  ).result;
  const essay = paper.sections
    .flatMap((section) => section.items.flatMap((item) => item.question ?? []))
    .find((question) => question.answer_kind === 'essay')!;
  const submitted = await learner.request.post(`/api/user/attempts/${attemptId}/submit`, {
    data: { answers: [{ question_id: essay.id, answer: { text }, flagged: false, seq: 1 }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return { attemptId, essayId: essay.id };
}
