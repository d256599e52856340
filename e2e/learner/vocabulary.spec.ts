import { expect, test } from '@playwright/test';
import { registerLearner, signInThroughForm, uniqueEmail } from '../support/accounts';
import { DEMO_PASSWORD } from '../support/constants';
import {
  collectConsoleProblems,
  saveScreenshot,
  unexpectedProblems,
  waitForHydration,
} from '../support/page-helpers';

test('a visitor browses the public topics and studies flashcards without an account', async ({ page }) => {
  test.setTimeout(60_000);
  const problems = collectConsoleProblems(page);
  await page.goto('/vocabulary', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Từ vựng theo chủ đề');
  await expect(page).toHaveTitle('Từ vựng tiếng Anh theo chủ đề: TOEIC, IELTS · Prepwise');
  await page.getByRole('link', { name: 'IELTS', exact: true }).click();
  await expect(page).toHaveURL(/\/vocabulary\?exam=ielts$/);
  await expect(page.getByRole('link', { name: /TOEIC: Văn phòng/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /IELTS: Môi trường/ })).toBeVisible();
  await page.getByRole('link', { name: 'Tất cả' }).click();
  await page.getByRole('link', { name: /TOEIC: Văn phòng/ }).click();

  await expect(page).toHaveURL(/\/vocabulary\/toeic-office$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TOEIC: Văn phòng');
  const card = page.getByTestId('flashcard');
  await expect(card).toContainText('agenda');
  // /vocabulary is a static page, so the topic is a fresh document: its keys work once it has hydrated.
  await waitForHydration(page);
  await page.keyboard.press('Space');
  await expect(card).toContainText('chương trình nghị sự');
  await expect(card).toContainText('The budget is the first item on the agenda.');
  await page.keyboard.press('ArrowRight');
  await expect(card).toContainText('colleague');
  await expect(page.getByText('Thẻ 2/20')).toBeVisible();
  // The word is spoken (made on the server by eSpeak NG, offline), from the button or with P.
  const spoken = page.waitForResponse((response) =>
    /\/api\/public\/vocabulary\/words\/[0-9a-f-]+\/audio$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Nghe "colleague"' }).click();
  const audio = await spoken;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  // Saving words needs an account: the page offers to sign in and come back.
  await expect(page.getByRole('link', { name: 'Đăng nhập để lưu từ và ôn tập' })).toHaveAttribute(
    'href',
    /redirectTo=%2Fvocabulary%2Ftoeic-office/,
  );
  await saveScreenshot(page, 'vocabulary-topic-vi-desktop');

  // The learn round: a question answered right, then the score at the end.
  await page.getByRole('button', { name: 'Kiểm tra nhanh' }).click();
  await page.getByRole('button', { name: 'Bắt đầu' }).click();
  await expect(page.getByText('Câu 1/10')).toBeVisible();
  const prompt = await page.getByText(/^Từ ".+" nghĩa là gì\?$/).textContent();
  const headword = /"(.+)"/.exec(prompt ?? '')?.[1];
  const meanings: Record<string, string> = await page.evaluate(async () => {
    const response = await fetch('/api/public/vocabulary/topics/toeic-office');
    const body = await response.json();
    return Object.fromEntries(
      body.result.words.map((w: { headword: string; meaning_vi: string }) => [w.headword, w.meaning_vi]),
    );
  });
  await page.getByRole('radio', { name: meanings[headword!]! }).check();
  await page.getByRole('button', { name: 'Kiểm tra', exact: true }).click();
  await expect(page.getByText('Chính xác!')).toBeVisible();
  // The second question asks for the word of a meaning; the third says a word and asks for it.
  await page.getByRole('button', { name: 'Câu tiếp' }).click();
  const typePrompt = await page.getByText(/^Gõ từ tiếng Anh có nghĩa: /).textContent();
  const meaning = typePrompt!.replace('Gõ từ tiếng Anh có nghĩa: ', '');
  const typed = Object.entries(meanings).find(([, value]) => value === meaning)![0];
  await page.getByRole('textbox', { name: /Gõ từ tiếng Anh có nghĩa/ }).fill(typed.toUpperCase());
  await page.getByRole('button', { name: 'Kiểm tra', exact: true }).click();
  await expect(page.getByText('Chính xác!')).toBeVisible();
  await page.getByRole('button', { name: 'Câu tiếp' }).click();
  await expect(page.getByText('Nghe và gõ lại từ bạn nghe được:')).toBeVisible();
  const heard = page.waitForResponse((response) =>
    /\/vocabulary\/words\/[0-9a-f-]+\/audio$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Nghe lại từ' }).click();
  const wordId = /words\/([0-9a-f-]+)\/audio/.exec((await heard).url())![1];
  const ids: Record<string, string> = await page.evaluate(async () => {
    const body = await (await fetch('/api/public/vocabulary/topics/toeic-office')).json();
    return Object.fromEntries(
      body.result.words.map((w: { id: string; headword: string }) => [w.id, w.headword]),
    );
  });
  await page.getByTestId('listen-answer').fill(ids[wordId!]!);
  await page.getByRole('button', { name: 'Kiểm tra', exact: true }).click();
  await expect(page.getByText('Chính xác!')).toBeVisible();
  await saveScreenshot(page, 'vocabulary-listen-and-type-vi');
  expect(problems).toEqual([]);

  // English: the same page in English, the Vietnamese meanings kept as the words' translations.
  await page.goto('/vocabulary/toeic-office?lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TOEIC: The office');
  await expect(page.getByRole('button', { name: 'Flashcards' })).toBeVisible();
  await expect(page.getByText('Card 1/20')).toBeVisible();
});

test('a learner saves a topic, reviews ten new cards on the FSRS schedule, undoes, and reviews offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const problems = collectConsoleProblems(page);
  const email = uniqueEmail('vocab');
  await registerLearner(request, email, DEMO_PASSWORD);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

  // One word on its own from one topic, then a whole topic.
  await page.goto('/vocabulary/ielts-environment', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Thêm vào từ của tôi: drought' }).click();
  await expect(page.getByRole('button', { name: 'Đã có trong từ của tôi' })).toHaveCount(1);
  await page.goto('/vocabulary/toeic-office', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Thêm cả chủ đề vào từ của tôi' }).click();
  await expect(page.getByRole('status')).toHaveText('Đã thêm 20 từ mới vào danh sách của bạn.');
  await expect(page.getByRole('button', { name: 'Đã có trong từ của tôi' })).toHaveCount(20);

  // Ten new cards a day, so the limit shows.
  await page.goto('/vocabulary/my-words', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('my-word')).toHaveCount(21);
  await page.getByLabel('Số từ mới mỗi ngày').fill('10');
  await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
  await expect(page.getByText('Đã lưu cài đặt ôn tập.')).toBeVisible();
  await page.getByLabel('Tỉ lệ nhớ mục tiêu').fill('0.5');
  await page.getByRole('button', { name: 'Lưu cài đặt' }).click();
  await expect(page.getByText('Tỉ lệ nhớ mục tiêu phải từ 0,70 đến 0,97.')).toBeVisible();
  // The refused save is the one failed request the browser reports so far.
  const refused = problems.splice(0);
  expect(refused).toHaveLength(1);
  expect(unexpectedProblems(refused, [{ status: 422, path: '/api/user/vocabulary/settings' }])).toEqual([]);

  await page.goto('/vocabulary/review', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('due-count')).toHaveText('Đến hạn: 0');
  await expect(page.getByTestId('new-count')).toHaveText('Từ mới hôm nay còn: 10');
  const reviewCard = page.getByTestId('review-card');
  // Words come in the order they were added: the single word first, then the topic's.
  await expect(reviewCard).toContainText('drought');
  await page.keyboard.press('Space');
  await expect(reviewCard).toContainText('hạn hán');
  // Each button names its rating and when the card would come back (FSRS-6 defaults for a new card).
  await expect(page.getByRole('button', { name: /^Quên/ })).toContainText('1 phút');
  await expect(page.getByRole('button', { name: /^Khó/ })).toContainText('6 phút');
  await expect(page.getByRole('button', { name: /^Nhớ/ })).toContainText('10 phút');
  await expect(page.getByRole('button', { name: /^Dễ/ })).toContainText('ngày');
  await saveScreenshot(page, 'vocabulary-review-vi-desktop');
  await page.keyboard.press('3');
  let lastRated = '';
  for (let n = 2; n <= 10; n++) {
    // The reveal button is back once the next card shows: its word is read after that.
    await page.getByRole('button', { name: 'Xem đáp án' }).click();
    lastRated = (await page.getByTestId('review-headword').textContent()) ?? '';
    await page.getByRole('button', { name: n % 3 === 0 ? /^Dễ/ : /^Nhớ/ }).click();
  }
  // The daily limit is spent: only learning cards due within 20 minutes remain to see today.
  await expect(page.getByTestId('new-count')).toHaveText('Từ mới hôm nay còn: 0');

  // The server's schedule for those ten cards: each due date is FSRS's for its single rating.
  const cards = await page.evaluate(async () => {
    const response = await fetch('/api/user/vocabulary/cards?pageSize=50');
    return (await response.json()).result.items as {
      state: number;
      due: string;
      last_review: string | null;
    }[];
  });
  const reviewed = cards.filter((card) => card.last_review !== null);
  expect(reviewed).toHaveLength(10);
  const minutes = reviewed
    .map((card) => Math.round((Date.parse(card.due) - Date.parse(card.last_review!)) / 60_000))
    .sort((a, b) => a - b);
  // Seven "good" (10 minutes, learning) and three "easy" (graduated to days).
  expect(minutes.slice(0, 7)).toEqual([10, 10, 10, 10, 10, 10, 10]);
  expect(minutes.slice(7).every((value) => value >= 24 * 60)).toBe(true);

  // Undo: the last rating is taken back on the server.
  await page.keyboard.press('z');
  await expect(page.getByText('Đã hoàn tác lần đánh giá gần nhất.')).toBeVisible();
  await expect(page.getByTestId('new-count')).toHaveText('Từ mới hôm nay còn: 1');
  // The card taken back is the one shown, to be rated again (not the queue's first due card).
  expect(lastRated).not.toBe('');
  await expect(page.getByTestId('review-headword')).toHaveText(lastRated);
  expect(problems).toEqual([]);

  // Offline: the rating (of the card taken back, rated "good" again) is journaled on the device and sent
  // when the connection returns.
  const reviewsToday = () =>
    page.evaluate(
      async () => (await (await fetch('/api/user/vocabulary/stats')).json()).result.reviews_today,
    );
  expect(await reviewsToday()).toBe(9);
  await expect(page.getByTestId('review-card')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Xem đáp án' }).click();
  await page.getByRole('button', { name: /^Nhớ/ }).click();
  await expect(page.getByText('Bạn đang ngoại tuyến: 1 lượt đánh giá được lưu trên máy')).toBeVisible();
  // The next card shows while offline.
  await expect(page.getByRole('button', { name: 'Xem đáp án' })).toBeVisible();
  const offlineProblems = problems.splice(0);
  await context.setOffline(false);
  await expect(page.getByText('Đã đồng bộ các lượt ôn tập ngoại tuyến.')).toBeVisible();
  await expect(page.getByText(/Bạn đang ngoại tuyến/)).toHaveCount(0);
  expect(await reviewsToday()).toBe(10);
  // What the browser reported while offline is the refused request and nothing else.
  expect(offlineProblems.length).toBeLessThanOrEqual(1);
  for (const problem of offlineProblems)
    expect(problem).toMatch(/^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED( @ \S+)?$/);
  expect(problems).toEqual([]);

  // My words in English: states and the review settings.
  await page.goto('/vocabulary/my-words?lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My words');
  // 21 words: 11 never rated; 7 learning (rated good once, the card taken back among them) and the 3 easy
  // ones graduated.
  const badges = (text: string) => page.getByTestId('my-word').getByText(text, { exact: true });
  await expect(badges('New')).toHaveCount(11);
  await expect(badges('Learnt')).toHaveCount(3);
  await expect(badges('Learning')).toHaveCount(7);
  await page.getByRole('button', { name: 'Remove from my words: drought' }).click();
  await expect(page.getByText('"drought" removed from your list.')).toBeVisible();
  await expect(page.getByTestId('my-word')).toHaveCount(20);
  await page.goto('/vocabulary/review?lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vocabulary review');
  await saveScreenshot(page, 'vocabulary-review-en-desktop');

  // The next day (this learner's clock on the server moved one day, APP_ENV=test only): the review shows
  // exactly the cards FSRS made due by then, and a new day's ten new cards.
  const tomorrow = await page.evaluate(async () => {
    const response = await fetch('/api/test/clock', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    return (await response.json()).result.now as string;
  });
  const scheduled = await page.evaluate(async () => {
    const response = await fetch('/api/user/vocabulary/cards?pageSize=50');
    return (await response.json()).result.items as { state: number; due: string }[];
  });
  // Due by then, or a learning card due within the 20 minutes the queue looks ahead.
  const dueTomorrow = scheduled.filter(
    (card) => card.state !== 0 && Date.parse(card.due) <= Date.parse(tomorrow) + 20 * 60_000,
  ).length;
  expect(dueTomorrow).toBeGreaterThan(0);
  expect(dueTomorrow).toBeLessThan(scheduled.filter((card) => card.state !== 0).length + 1);
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByTestId('due-count')).toHaveText(`Due: ${dueTomorrow}`);
  await expect(page.getByTestId('new-count')).toHaveText('New words left today: 10');
  await saveScreenshot(page, 'vocabulary-review-next-day-en');
});
