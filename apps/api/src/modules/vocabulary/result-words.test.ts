import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { seedDatabase } from '../../seed';
import { demoAccountsStep } from '../../seed/demo-accounts';
import { examStructureStep } from '../../seed/exam-structure';
import { practiceTestsStep } from '../../seed/practice-tests';
import { vocabularyStep } from '../../seed/vocabulary';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
let harness: Awaited<ReturnType<typeof createTestApp>>;
let asLearner: Record<string, string>;
let asOther: Record<string, string>;

const api = (method: 'GET' | 'POST', url: string, payload?: object, headers = asLearner) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

async function ok(method: 'GET' | 'POST', url: string, payload?: object, headers = asLearner) {
  const response = await api(method, url, payload, headers);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json().result;
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: true,
    steps: [examStructureStep, demoAccountsStep, practiceTestsStep, vocabularyStep],
    context: { storage: harness.app.storage },
  });
  asLearner = await authHeader(harness.app, await createAccount(harness.database.db));
  asOther = await authHeader(harness.app, await createAccount(harness.database.db));
}, 120_000);
afterAll(() => harness.close());

describe('words to learn from a result', () => {
  it("offers the vocabulary's words of the missed questions, and marks those added to my words", async () => {
    // Part 5 practised with nothing answered: every question is missed.
    const detail = await ok('GET', `/public/tests/${TOEIC}`);
    const part5 = detail.sections.find((section: { name: string }) => section.name.startsWith('Part 5'));
    const attempt = await ok('POST', `/user/tests/${TOEIC}/attempts`, {
      mode: 'practice',
      section_ids: [part5.id],
    });
    // Not before the result exists.
    expect((await api('GET', `/user/attempts/${attempt.id}/vocabulary`)).statusCode).toBe(409);
    await ok('POST', `/user/attempts/${attempt.id}/submit`, {});

    const { items } = await ok('GET', `/user/attempts/${attempt.id}/vocabulary`);
    expect(items.length).toBeGreaterThan(0);
    const result = await ok('GET', `/user/attempts/${attempt.id}/result`);
    const texts = new Map<number, string>();
    for (const section of result.review)
      for (const item of section.items)
        if (item.kind === 'question')
          texts.set(
            item.question.number,
            [item.question.stem, ...item.question.options.map((o: { content: string }) => o.content)]
              .join(' ')
              .toLowerCase(),
          );
    for (const { word, questions, in_my_words } of items) {
      expect(in_my_words).toBe(false);
      expect(questions.length).toBeGreaterThan(0);
      // The word (or a form of it: its stem) is in each question it names.
      const stem = word.headword.toLowerCase().replace(/(e|y)$/, '');
      for (const number of questions) expect(texts.get(number)).toContain(stem);
    }

    // Added to my words, it says so.
    const first = items[0].word;
    await ok('POST', '/user/vocabulary/cards', { word_id: first.id });
    const again = (await ok('GET', `/user/attempts/${attempt.id}/vocabulary`)).items;
    expect(again.find((item: { word: { id: string } }) => item.word.id === first.id).in_my_words).toBe(true);
    const mine = await ok('GET', '/user/vocabulary/cards');
    expect(mine.items.map((card: { word: { id: string } }) => card.word.id)).toContain(first.id);

    // Another learner's result is not found, nor a malformed id.
    expect((await api('GET', `/user/attempts/${attempt.id}/vocabulary`, undefined, asOther)).statusCode).toBe(
      404,
    );
    expect((await api('GET', '/user/attempts/not-a-uuid/vocabulary')).statusCode).toBe(404);
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/user/attempts/${attempt.id}/vocabulary` }))
        .statusCode,
    ).toBe(401);
  });
});
