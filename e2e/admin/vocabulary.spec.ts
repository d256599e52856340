import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { collectConsoleProblems, label, saveScreenshot, unexpectedProblems } from '../support/page-helpers';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

test('an admin creates a topic and adds a word to it; a visitor finds both in the public pages', async ({
  page,
  browser,
}) => {
  // Two forms, two uploads, a duplicate refusal, screens in both languages and a visitor: 22 s here,
  // 90 s on a busy CI, more on a machine shared with other builds.
  test.setTimeout(300_000);
  const unique = Date.now().toString(36);
  const nameVi = `Nhà hàng ${unique}`;
  const headword = `menu-${unique}`;
  await signInAs(page, 'admin');
  const problems = collectConsoleProblems(page);

  // The sidebar leads to the topics; the seeded ones are listed with their word counts.
  await page.getByRole('link', { name: 'Chủ đề từ vựng', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/topic$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Chủ đề từ vựng' })).toBeVisible();
  // The list loads in the browser after the page.
  await expect(page.getByRole('row', { name: /TOEIC: Văn phòng/ })).toContainText('20', { timeout: 15_000 });
  await page.getByRole('link', { name: 'Thêm chủ đề' }).click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/topic\/create$/);

  // A missing name is named next to its field.
  await page.getByLabel(label('Tên (tiếng Anh)')).fill('At the restaurant');
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('vocabulary-topic-form')).toContainText('Tên (tiếng Việt)');
  await page.getByLabel(label('Tên (tiếng Việt)')).fill(nameVi);
  await page.getByLabel(label('Mô tả (tiếng Việt)')).fill('Gọi món, thanh toán và phục vụ.');
  await page.getByLabel(label('Mô tả (tiếng Anh)')).fill('Ordering, paying and service.');
  await page.getByLabel('Công khai').check();
  await saveScreenshot(page, 'admin-vocabulary-topic-form-vi');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/topic$/, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(unique);
  const topicRow = page.getByRole('row', { name: new RegExp(nameVi) });
  await expect(topicRow).toContainText(`/vocabulary/nha-hang-${unique}`, { timeout: 15_000 });

  await expect(page).toHaveURL(new RegExp(`search=${unique}`));
  // A search still being typed when a menu link is clicked is dropped: the link's page opens and stays.
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(`${unique}-more`);
  await page.getByRole('link', { name: 'Danh sách từ', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/list$/, { timeout: 15_000 });
  await page.waitForTimeout(1_000); // three times the search's pause: a late search would show by now
  await expect(page).toHaveURL(/\/admin\/vocabulary\/list$/);
  await expect(page.getByRole('textbox', { name: 'Tìm kiếm' })).toHaveValue('');
  // A word in that topic.
  await page.getByRole('link', { name: 'Thêm từ' }).click();
  await page.getByLabel(label('Từ')).fill(headword);
  await page.getByLabel(label('Phiên âm (IPA)')).fill('/ˈmenjuː/');
  await page.getByLabel(label('Nghĩa tiếng Việt')).fill('thực đơn');
  await page
    .getByLabel(label('Định nghĩa tiếng Anh'))
    .fill('a list of the food you can order in a restaurant');
  await page.getByLabel(label('Câu ví dụ (tiếng Anh)')).fill('Could we see the menu, please?');
  await page.getByLabel(label('Bản dịch câu ví dụ')).fill('Cho chúng tôi xem thực đơn được không?');
  await page.getByRole('textbox', { name: 'Chủ đề' }).click();
  await page.getByRole('option', { name: nameVi }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/list$/, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(headword);
  await expect(page.getByRole('row', { name: new RegExp(headword) })).toContainText(nameVi, {
    timeout: 15_000,
  });

  // Its edit page shows what was saved; a changed meaning is saved and listed.
  await page.getByRole('link', { name: `Sửa ${headword}` }).click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/list\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sửa từ vựng' })).toBeVisible();
  await expect(page.getByLabel(label('Từ'))).toHaveValue(headword);
  await expect(page.getByLabel(label('Câu ví dụ (tiếng Anh)'))).toHaveValue('Could we see the menu, please?');
  await expect(page.getByTestId('vocabulary-word-form')).toContainText(nameVi);
  await page.getByLabel(label('Nghĩa tiếng Việt')).fill('thực đơn, danh sách món');
  // The author's picture and recording, uploaded to the media library; the recording replaces the
  // generated pronunciation.
  const form = page.getByTestId('vocabulary-word-form');
  await form.getByTestId('media-image').locator('input[type=file]').setInputFiles(fixture('tiny.png'));
  await expect(form.getByTestId('media-image').getByRole('img')).toBeVisible({ timeout: 15_000 });
  await form.getByTestId('media-audio').locator('input[type=file]').setInputFiles(fixture('short-clip.mp3'));
  await expect(form.getByTestId('media-audio').getByTestId('audio-player')).toBeVisible({ timeout: 15_000 });
  await expect(form).toContainText('thay cho phát âm tự tạo');
  await saveScreenshot(page, 'admin-vocabulary-word-edit-vi');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/admin\/vocabulary\/list$/, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(headword);
  await expect(page.getByRole('row', { name: new RegExp(headword) })).toContainText(
    'thực đơn, danh sách món',
    {
      timeout: 15_000,
    },
  );
  // Opened again, the edit form shows both files.
  await page.getByRole('link', { name: `Sửa ${headword}` }).click();
  await expect(page.getByTestId('media-image').getByRole('img')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('media-audio').getByTestId('audio-player')).toHaveAttribute(
    'src',
    /\/api\/media\/[0-9a-f-]{36}$/,
  );
  await page.goto('/admin/vocabulary/list');

  // The same word again is refused on its field.
  await page.getByRole('link', { name: 'Thêm từ' }).click();
  await page.getByLabel(label('Từ')).fill(headword.toUpperCase());
  await page.getByLabel(label('Nghĩa tiếng Việt')).fill('thực đơn');
  await page.getByLabel(label('Định nghĩa tiếng Anh')).fill('again');
  await page.getByTestId('form-submit').click();
  // The refusal is told in the form's alert and next to the field.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Từ này (cùng từ loại) đã có trong danh sách.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Từ', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  const refused = problems.splice(0);
  expect(refused).toHaveLength(1);
  expect(unexpectedProblems(refused, [{ status: 409, path: '/api/admin/vocabulary-words' }])).toEqual([]);

  // English admin screens.
  await page.goto('/admin/vocabulary/topic?lang=en', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Vocabulary topics' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add topic' })).toBeVisible();
  expect(problems).toEqual([]);

  // A visitor sees the new topic and its word.
  const visitor = await browser.newPage();
  await visitor.goto(`/vocabulary/nha-hang-${unique}`, { waitUntil: 'networkidle' });
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(nameVi);
  await expect(visitor.getByTestId('flashcard')).toContainText(headword);
  await expect(visitor.getByTestId('flashcard-image')).toHaveAttribute('src', /\/api\/media\//);
  await expect(visitor.getByTestId('flashcard-image')).toHaveJSProperty('complete', true);
  // The speaker plays the author's recording, not the synthesized word.
  const played = visitor.waitForRequest((request) => /\/api\/media\/[0-9a-f-]{36}$/.test(request.url()));
  await visitor
    .getByRole('button', { name: new RegExp(headword) })
    .first()
    .click();
  await played;
  await saveScreenshot(visitor, 'vocabulary-topic-word-media-vi');
  await visitor.goto(`/vocabulary/nha-hang-${unique}?lang=en`, { waitUntil: 'networkidle' });
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('At the restaurant');
  const sitemap = await (await visitor.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/vocabulary/nha-hang-${unique}</loc>`);
  await visitor.close();
});

test('adding a word, the admin takes a WordNet sense, the suggested pronunciation and hears it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'admin');
  const problems = collectConsoleProblems(page);
  await page.goto('/admin/vocabulary/list/create');
  await page.getByLabel(label('Từ')).fill('schedule');
  await page.getByRole('button', { name: 'Gợi ý (WordNet)' }).click();
  const senses = page.getByTestId('word-help-senses');
  await expect(senses).toContainText('plan for an activity or event', { timeout: 20_000 });
  await expect(senses).toContainText('an ordered list of times at which things are planned to occur');
  // The pronunciation fills the empty IPA field; the author's choice of sense fills the rest.
  await expect(page.getByLabel(label('Phiên âm (IPA)'))).toHaveValue(/^\/sk.*d.*l\/$/);
  // Nouns first, then verbs (WordNet's order within each): the verb sense is the third.
  await senses.getByRole('button', { name: 'Dùng nghĩa 3' }).click();
  await expect(page.getByRole('textbox', { name: 'Từ loại' })).toHaveValue('verb');
  await expect(page.getByLabel(label('Định nghĩa tiếng Anh'))).toHaveValue('plan for an activity or event');
  // Every field stays the author's: a changed definition is kept.
  await page.getByLabel(label('Định nghĩa tiếng Anh')).fill('to plan when something will happen');
  await expect(page.getByLabel(label('Định nghĩa tiếng Anh'))).toHaveValue(
    'to plan when something will happen',
  );
  const spoken = page.waitForResponse((response) =>
    response.url().includes('/api/admin/vocabulary-speech?text=schedule'),
  );
  await page.getByRole('button', { name: 'Nghe "schedule"' }).click();
  const audio = await spoken;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  await saveScreenshot(page, 'admin-vocabulary-word-help-vi');

  // A word WordNet does not know still gets its pronunciation; in English (a new tab: this form has
  // unsaved changes).
  await page.context().addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }]);
  const english = await page.context().newPage();
  const englishProblems = collectConsoleProblems(english);
  await english.goto('/admin/vocabulary/list/create');
  await english.getByLabel(label('Word')).fill('Prepwise');
  await english.getByRole('button', { name: 'Suggest (WordNet)' }).click();
  await expect(english.getByTestId('word-help-none')).toContainText('WordNet does not know "Prepwise"', {
    timeout: 20_000,
  });
  await expect(english.getByLabel(label('Pronunciation (IPA)'))).not.toHaveValue('');
  await saveScreenshot(english, 'admin-vocabulary-word-help-en');
  expect(englishProblems).toEqual([]);
  expect(unexpectedProblems(problems, [])).toEqual([]);
});
