import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createPracticeTestApp } from '../../../test/practice-test';
import { tests } from '../../db/schema';

/*
 * Dictation (issue 14): the listening transcripts of free published tests whose reviews show them, one
 * sentence at a time, each spoken by the server's synthesizer.
 */

const TOEIC = 'toeic-listening-reading-de-luyen-1';

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let asLearner: Record<string, string>;

const get = (url: string, headers?: Record<string, string>) =>
  harness.app.inject({ method: 'GET', url: `/api${url}`, headers });

interface Summary {
  id: string;
  test: { slug: string };
  exam: { name: string };
  part: { name: string; position: number };
  first_question: number;
  last_question: number;
  level: string | null;
  sentence_count: number;
  word_count: number;
}

async function list(): Promise<Summary[]> {
  const response = await get('/public/dictation');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.items;
}

const setToeic = (values: Partial<typeof tests.$inferInsert>) =>
  harness.database.db.update(tests).set(values).where(eq(tests.slug, TOEIC));

beforeAll(async () => {
  harness = await createPracticeTestApp();
  asLearner = await authHeader(harness.app, await createAccount(harness.database.db));
});
afterAll(async () => {
  await harness.app.close();
  await harness.database.destroy();
});

describe('dictation exercises', () => {
  it('lists the transcripts of the TOEIC listening groups by part, with neutral labels', async () => {
    const items = await list();
    // Parts 3 and 4 of the seeded TOEIC test carry transcripts: 13 conversations and 10 talks.
    expect(items.map((item) => item.part.name).filter((name) => name.includes('3'))).toHaveLength(13);
    expect(items.map((item) => item.part.name).filter((name) => name.includes('4'))).toHaveLength(10);
    expect(items).toHaveLength(23);
    const first = items[0]!;
    expect(first).toMatchObject({
      test: { slug: TOEIC },
      part: { position: 3 },
      first_question: 32,
      last_question: 34,
      level: 'B1',
    });
    expect(first.sentence_count).toBeGreaterThan(5);
    expect(first.word_count).toBeGreaterThan(50);
    // Group titles are for authors: "Choosing a venue …" would give answers away.
    expect(JSON.stringify(items)).not.toContain('Conversation 2');
    // Each exercise is in the sitemap, in both languages.
    const sitemap = (await harness.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`/dictation/${first.id}</loc>`);
    expect(sitemap).toContain(`/dictation/${first.id}?lang=en"`);
  });

  it('cuts a transcript into sentences with their speakers', async () => {
    const [first] = await list();
    const response = await get(`/public/dictation/${first!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const exercise = response.json().result;
    expect(exercise.sentences).toHaveLength(first!.sentence_count);
    expect(exercise.sentences[0]).toEqual({
      index: 0,
      speaker: 'Woman',
      text: 'Hi, this is Mai from Harbor Design.',
    });
    expect(exercise.sentences[2].speaker).toBe('Man');
    expect(exercise.sentences.every((sentence: { text: string }) => !/<|&amp;/.test(sentence.text))).toBe(
      true,
    );
    expect((await get('/public/dictation/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('uses only transcripts a test review already shows to anyone', async () => {
    const [first] = await list();
    // Answers never shown: its transcripts stay hidden.
    await setToeic({ answerVisibility: 'never' });
    expect(await list()).toEqual([]);
    expect((await get(`/public/dictation/${first!.id}`)).statusCode).toBe(404);
    // A pack test's review belongs to its buyers.
    await setToeic({ answerVisibility: 'after_submit', access: 'pack' });
    expect(await list()).toEqual([]);
    // An unpublished test is not in the catalogue at all.
    await setToeic({ access: 'free', status: 'archived' });
    expect(await list()).toEqual([]);
    await setToeic({ status: 'published' });
    expect(await list()).toHaveLength(23);
  });

  it("waits while the learner's open attempt holds the transcript", async () => {
    const [first] = await list();
    const started = await harness.app.inject({
      method: 'POST',
      url: `/api/user/tests/${TOEIC}/attempts`,
      headers: asLearner,
      payload: { mode: 'full' },
    });
    expect([200, 201], started.body).toContain(started.statusCode);
    const held = await get(`/public/dictation/${first!.id}`, asLearner);
    expect(held.statusCode).toBe(409);
    expect(held.json().errors).toEqual({ attempt: 'dictation.attempt_open' });
    expect((await get(`/public/dictation/${first!.id}/sentences/0/audio`, asLearner)).statusCode).toBe(409);
    // A visitor (or the same learner after submitting) practises.
    expect((await get(`/public/dictation/${first!.id}`)).statusCode).toBe(200);
    const submitted = await harness.app.inject({
      method: 'POST',
      url: `/api/user/attempts/${started.json().result.id}/submit`,
      headers: asLearner,
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await get(`/public/dictation/${first!.id}`, asLearner)).statusCode).toBe(200);
  });

  it('speaks each sentence as WAV, made once and kept', async () => {
    const [first] = await list();
    const url = `/public/dictation/${first!.id}/sentences/1/audio`;
    const spoken = await get(url);
    expect(spoken.statusCode, spoken.body).toBe(200);
    expect(spoken.headers['content-type']).toBe('audio/wav');
    expect(spoken.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(spoken.rawPayload.length).toBeGreaterThan(40_000);
    const again = await get(url);
    expect(again.rawPayload.equals(spoken.rawPayload)).toBe(true);
    expect((await get(`/public/dictation/${first!.id}/sentences/99/audio`)).statusCode).toBe(404);
    expect((await get(`/public/dictation/${first!.id}/sentences/x/audio`)).statusCode).toBe(404);
  });
});
