import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems, saveScreenshot, waitForHydration } from '../support/page-helpers';

/*
 * Dictation (issue 14): a visitor opens the list, an exercise from the TOEIC listening parts, hears a
 * sentence (a WAV made on the server), types it with one mistake, sees the wrong word marked, moves on
 * and finishes with a summary — in Vietnamese and English, on a desktop and a phone.
 */

const PHONE = { width: 390, height: 844 };

const TEXTS = {
  vi: {
    title: 'Chép chính tả tiếng Anh',
    card: 'Câu 32–34',
    part: 'Part 3 – Hội thoại ngắn',
    progress: (n: number, total: number) => `Câu ${n}/${total}`,
    play: 'Nghe câu này',
    replay: 'Nghe lại',
    answer: 'Gõ câu bạn nghe được',
    check: 'Kiểm tra',
    next: 'Câu tiếp',
    finish: 'Xem kết quả',
    result: 'Đúng 6/7 từ',
    help: /Ctrl \+ Space để nghe lại/,
    accuracy: 'Độ chính xác: 86%',
  },
  en: {
    title: 'English dictation',
    card: 'Questions 32–34',
    part: 'Part 3',
    progress: (n: number, total: number) => `Sentence ${n}/${total}`,
    play: 'Play this sentence',
    replay: 'Replay',
    answer: 'Type the sentence you heard',
    check: 'Check',
    next: 'Next',
    finish: 'See results',
    result: '6/7 words right',
    help: /Ctrl \+ Space to replay/,
    accuracy: 'Accuracy: 86%',
  },
} as const;

async function noSideways(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

for (const locale of ['vi', 'en'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`a visitor does a dictation with word-level feedback (${locale}, ${device})`, async ({ page }) => {
      test.setTimeout(90_000);
      const text = TEXTS[locale];
      const problems = collectConsoleProblems(page);
      if (device === 'phone') await page.setViewportSize(PHONE);

      await page.goto(`/dictation${locale === 'en' ? '?lang=en' : ''}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
      await expect(
        page.getByRole('heading', { level: 2, name: `TOEIC Listening & Reading · ${text.part}` }),
      ).toBeVisible();
      await waitForHydration(page);
      if (device === 'phone') await noSideways(page);
      await saveScreenshot(page, `dictation-list-${locale}-${device}`, { fullPage: false });

      await page.getByTestId('dictation-card').filter({ hasText: text.card }).click();
      await expect(page).toHaveURL(/\/dictation\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      const exercise = (await (await page.request.get(`/api/public/dictation/${id}`)).json()).result;
      const sentences: { text: string }[] = exercise.sentences;
      expect(sentences[0]!.text).toBe('Hi, this is Mai from Harbor Design.');
      await expect(page.getByTestId('dictation-progress')).toHaveText(text.progress(1, sentences.length));
      await expect(page.getByText(text.help)).toBeVisible();
      await waitForHydration(page);

      // The sentence is heard: the audio element's source is a WAV made by the server.
      await page.getByRole('button', { name: text.play }).click();
      const audio = page.getByTestId('dictation-audio');
      await expect(audio).toHaveAttribute('src', `/api/public/dictation/${id}/sentences/0/audio`);
      const wav = await page.request.get((await audio.getAttribute('src'))!);
      expect(wav.status()).toBe(200);
      expect(wav.headers()['content-type']).toBe('audio/wav');
      expect((await wav.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
      // The speed is the player's rate.
      await page.getByText('0.75×').click();
      await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.playbackRate)).toBe(0.75);

      // Ctrl+Space replays from the text box.
      const box = page.getByRole('textbox', { name: text.answer });
      await audio.evaluate((element: HTMLAudioElement) => {
        element.dataset.plays = '0';
        element.addEventListener('play', () => {
          element.dataset.plays = String(Number(element.dataset.plays) + 1);
        });
      });
      await box.press('Control+Space');
      await expect(audio).toHaveAttribute('data-plays', '1');

      // Typed with one mistake ("May" for "Mai"), checked with Enter.
      await box.fill('hi this is May from harbor design');
      await box.press('Enter');
      const feedback = page.getByTestId('dictation-feedback');
      await expect(feedback).toContainText(text.result);
      const wrong = page.getByTestId('dictation-diff').locator('[data-status="wrong"]');
      await expect(wrong).toHaveCount(1);
      await expect(wrong).toHaveText('MayMai');
      await expect(page.getByTestId('dictation-diff').locator('[data-status="correct"]')).toHaveCount(6);
      await expect(page.getByTestId('dictation-answer')).toHaveText(sentences[0]!.text);
      await expect(page.getByRole('button', { name: text.replay })).toBeVisible();
      if (device === 'phone') await noSideways(page);
      await saveScreenshot(page, `dictation-checked-${locale}-${device}`);
      // The colours of the feedback keep their contrast.
      await expectAccessible(page);

      // Enter again: the next sentence, with its own audio.
      await box.press('Enter');
      await expect(page.getByTestId('dictation-progress')).toHaveText(text.progress(2, sentences.length));
      await expect(audio).toHaveAttribute('src', `/api/public/dictation/${id}/sentences/1/audio`);
      await expect(box).toHaveValue('');
      for (let n = 2; n < sentences.length; n++) await page.getByRole('button', { name: text.next }).click();
      await expect(page.getByTestId('dictation-progress')).toHaveText(
        text.progress(sentences.length, sentences.length),
      );
      await page.getByRole('button', { name: text.finish }).click();
      await expect(page.getByTestId('dictation-summary')).toContainText(text.accuracy);
      await saveScreenshot(page, `dictation-summary-${locale}-${device}`, { fullPage: false });
      expect(problems).toEqual([]);
    });
  }
}
