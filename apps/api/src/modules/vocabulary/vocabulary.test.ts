import { createEmptyCard, fsrs, type Grade } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/helpers';
import { createOrganization } from '../../../test/isolation/world';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { buildApp } from '../../app';
import { seedDatabase } from '../../seed';
import { vocabularyStep } from '../../seed/vocabulary';

type App = Awaited<ReturnType<typeof buildApp>>;
let app: App;
let database: TestDatabase;
// The server's clock, moved by the tests: 2026-03-02 09:00 in Vietnam.
let clock = new Date('2026-03-02T02:00:00.000Z');
let asStaff: Record<string, string>;
let asViewer: Record<string, string>;
let asLearner: Record<string, string>;
let asOther: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    jobs: { pollingIntervalSeconds: 0.5, supervise: false },
    now: () => new Date(clock),
  });
  await app.ready();
  asStaff = await authHeader(
    app,
    await createAccount(database.db, {
      scope: 'admin',
      fullName: 'Biên tập từ vựng',
      permissions: ['view_vocabulary', 'create_vocabulary', 'update_vocabulary', 'delete_vocabulary'],
    }),
    'admin',
  );
  // Staff who may only look (issue 26): every vocabulary write is refused to them.
  asViewer = await authHeader(
    app,
    await createAccount(database.db, { scope: 'admin', permissions: ['view_vocabulary', 'view_test'] }),
    'admin',
  );
  asLearner = await authHeader(app, await createAccount(database.db, { fullName: 'Ngô Bảo Châu' }));
  asOther = await authHeader(app, await createAccount(database.db, { fullName: 'Lê Thị Mai' }));
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> | undefined,
  payload?: object,
) => app.inject({ method, url: `/api${url}`, headers, payload });
async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

const topicBody = (overrides: object = {}) => ({
  name_vi: 'Nhà bếp',
  name_en: 'In the kitchen',
  description_vi: 'Đồ dùng và việc nấu nướng.',
  description_en: 'Things and tasks in the kitchen.',
  level: 'A2',
  exam: 'general',
  published: false,
  ...overrides,
});
const wordBody = (headword: string, topicIds: string[], overrides: object = {}) => ({
  headword,
  part_of_speech: 'noun',
  ipa: '',
  meaning_vi: `nghĩa của ${headword}`,
  definition_en: `the meaning of ${headword}`,
  examples: [{ en: `I see a ${headword}.`, vi: `Tôi thấy một ${headword}.` }],
  level: 'A2',
  topic_ids: topicIds,
  ...overrides,
});

let topic: { id: string; slug: string };
const WORDS = [
  'kettle',
  'ladle',
  'colander',
  'spatula',
  'whisk',
  'grater',
  'peeler',
  'skillet',
  'saucepan',
  'chopsticks',
  'cutting board',
  'oven mitt',
];
const wordIds: string[] = [];

describe('authoring topics and words', () => {
  it('creates a topic and its words, refusing bad input by field', async () => {
    const refused = await call(
      'POST',
      '/admin/vocabulary-topics',
      asStaff,
      topicBody({ name_vi: ' ', level: 'D9' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      name_vi: 'common.required_field',
      level: 'common.invalid_field',
    });

    topic = await ok('POST', '/admin/vocabulary-topics', asStaff, topicBody());
    expect(topic).toMatchObject({ slug: 'nha-bep', word_count: 0, published: false });
    const taken = await call('POST', '/admin/vocabulary-topics', asStaff, topicBody({ slug: 'nha-bep' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ slug: 'vocabulary.slug_taken' });

    for (const headword of WORDS) {
      const word = await ok('POST', '/admin/vocabulary-words', asStaff, wordBody(headword, [topic.id]));
      expect(word.topic_ids).toEqual([topic.id]);
      wordIds.push(word.id);
    }
    const duplicate = await call('POST', '/admin/vocabulary-words', asStaff, wordBody('Kettle', []));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ headword: 'vocabulary.word_taken' });
    const unknownTopic = await call(
      'POST',
      '/admin/vocabulary-words',
      asStaff,
      wordBody('fork', ['00000000-0000-4000-8000-000000000000']),
    );
    expect(unknownTopic.statusCode).toBe(422);
    expect(unknownTopic.json().errors).toEqual({ topic_ids: 'vocabulary.unknown_topic' });

    const list = await ok('GET', `/admin/vocabulary-words?topic_id=${topic.id}&search=ket`, asStaff);
    expect(list.items.map((w: { headword: string }) => w.headword)).toEqual(['kettle']);
    expect((await ok('GET', `/admin/vocabulary-topics/${topic.id}`, asStaff)).word_count).toBe(WORDS.length);

    const edited = await ok(
      'PUT',
      `/admin/vocabulary-words/${wordIds[0]}`,
      asStaff,
      wordBody('kettle', [topic.id], { ipa: '/ˈketl/' }),
    );
    expect(edited.ipa).toBe('/ˈketl/');
  });

  it('keeps the admin routes for staff and a draft topic out of public view', async () => {
    expect((await call('GET', '/admin/vocabulary-topics', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/admin/vocabulary-topics', asLearner)).statusCode).toBe(403);
    // Staff who may only look read the topics and change nothing (issue 26).
    expect((await call('GET', '/admin/vocabulary-topics', asViewer)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/admin/vocabulary-topics'],
      ['PUT', `/admin/vocabulary-topics/${topic.id}`],
      ['DELETE', `/admin/vocabulary-topics/${topic.id}`],
      ['POST', '/admin/vocabulary-words'],
      ['PUT', `/admin/vocabulary-words/${wordIds[0]}`],
      ['DELETE', `/admin/vocabulary-words/${wordIds[0]}`],
    ] as const)
      expect((await call(method, url, asViewer, method === 'DELETE' ? undefined : {})).statusCode).toBe(403);
    expect((await call('GET', `/public/vocabulary/topics/${topic.slug}`, undefined)).statusCode).toBe(404);
    // A learner cannot add a word that is in no published topic.
    expect(
      (await call('POST', '/user/vocabulary/cards', asLearner, { word_id: wordIds[0] })).statusCode,
    ).toBe(404);

    await ok('PUT', `/admin/vocabulary-topics/${topic.id}`, asStaff, topicBody({ published: true }));
    const listed = await ok('GET', '/public/vocabulary/topics?exam=general', {});
    expect(listed.items.map((t: { slug: string }) => t.slug)).toContain('nha-bep');
    const detail = await ok('GET', `/public/vocabulary/topics/${topic.slug}`, {});
    expect(detail.words.map((w: { headword: string }) => w.headword)).toEqual(WORDS);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/vocabulary/nha-bep</loc>');
    expect(sitemap.body).toContain('/vocabulary</loc>');
  });
});

describe('help for authors, offline: WordNet senses, eSpeak NG pronunciation and audio', () => {
  it("suggests a headword's senses and IPA to staff only", async () => {
    expect((await call('GET', '/admin/vocabulary-suggestions?headword=menu', undefined)).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/admin/vocabulary-suggestions?headword=menu', asLearner)).statusCode).toBe(
      403,
    );
    const menu = await ok('GET', '/admin/vocabulary-suggestions?headword=menu', asStaff);
    expect(menu.ipa).toMatch(/^\/m.*n.*\/$/);
    expect(menu.senses[0]).toMatchObject({
      part_of_speech: 'noun',
      definition: 'a list of dishes available at a restaurant',
      examples: ['the menu was in French'],
    });
    expect(menu.senses[0].synonyms).toContain('bill of fare');
    expect(menu.senses[0].synonyms).not.toContain('menu');
    // A verb and a noun: both parts of speech are offered.
    const schedule = await ok('GET', '/admin/vocabulary-suggestions?headword=schedule', asStaff);
    const parts = new Set(schedule.senses.map((sense: { part_of_speech: string }) => sense.part_of_speech));
    expect(parts).toEqual(new Set(['noun', 'verb']));
    // A word WordNet does not know still gets its pronunciation; an empty one is refused by field.
    const made = await ok('GET', '/admin/vocabulary-suggestions?headword=Prepwise', asStaff);
    expect(made.senses).toEqual([]);
    expect(made.ipa).not.toBe('');
    const empty = await call('GET', '/admin/vocabulary-suggestions?headword=%20', asStaff);
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['headword']);
  });

  it('speaks a published word and its examples as WAV, made once and kept', async () => {
    const wav = (body: Buffer) =>
      body.subarray(0, 4).toString('latin1') + body.subarray(8, 12).toString('latin1');
    const speak = (headers: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: `/api/admin/vocabulary-speech?text=${encodeURIComponent('Could we see the menu, please?')}`,
        headers,
      });
    const preview = await speak(asStaff);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/wav');
    expect(preview.headers['x-speech-source']).toBe('synthesized');
    expect(wav(preview.rawPayload)).toBe('RIFFWAVE');
    expect(preview.rawPayload.length).toBeGreaterThan(20_000);
    // The same text again is read from storage, not synthesized a second time (issue 26).
    const previewAgain = await speak(asStaff);
    expect(previewAgain.headers['x-speech-source']).toBe('stored');
    expect(previewAgain.rawPayload.equals(preview.rawPayload)).toBe(true);
    // It costs CPU: only for those who write words.
    expect((await call('GET', '/admin/vocabulary-speech?text=hello', asLearner)).statusCode).toBe(403);
    expect((await speak(asViewer)).statusCode).toBe(403);

    // The topic of the first describe is published: its words speak to anyone.
    const first = await app.inject({
      method: 'GET',
      url: `/api/public/vocabulary/words/${wordIds[0]}/audio`,
    });
    expect(first.statusCode).toBe(200);
    expect(wav(first.rawPayload)).toBe('RIFFWAVE');
    // The second time it is read from storage: the same bytes.
    const again = await app.inject({
      method: 'GET',
      url: `/api/public/vocabulary/words/${wordIds[0]}/audio`,
    });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const example = await app.inject({
      method: 'GET',
      url: `/api/public/vocabulary/words/${wordIds[0]}/audio?example=0`,
    });
    expect(example.statusCode).toBe(200);
    expect(example.rawPayload.length).toBeGreaterThan(first.rawPayload.length);
    // No such example, a word in no published topic, a bad index: 404, 404, 422.
    expect(
      (await call('GET', `/public/vocabulary/words/${wordIds[0]}/audio?example=4`, undefined)).statusCode,
    ).toBe(404);
    const draft = await ok('POST', '/admin/vocabulary-words', asStaff, wordBody('tongs', []));
    expect((await call('GET', `/public/vocabulary/words/${draft.id}/audio`, undefined)).statusCode).toBe(404);
    expect(
      (await call('GET', `/public/vocabulary/words/${wordIds[0]}/audio?example=x`, undefined)).statusCode,
    ).toBe(422);
  });
});

describe("an author's picture and recording of a word", () => {
  // A word's uploads (/admin/vocabulary/media) need a vocabulary write permission (issue 26); the
  // question bank's upload (/admin/media) still asks for create_question. Organizations upload their own.
  async function upload(
    path: '/admin/vocabulary/media' | '/educator/media',
    filename: string,
    bytes: Uint8Array,
    headers: Record<string, string> = asStaff,
  ) {
    const body = multipartFile('file', filename, bytes);
    const response = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as { id: string; url: string };
  }

  it('lets a vocabulary author upload a word file, and no one else', async () => {
    const attempt = (path: string, headers: Record<string, string> | undefined) => {
      const body = multipartFile('file', 'kettle.png', PNG_1X1);
      return app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await attempt('/admin/media', asStaff)).statusCode).toBe(403);
    expect((await attempt('/admin/vocabulary/media', undefined)).statusCode).toBe(401);
    expect((await attempt('/admin/vocabulary/media', asLearner)).statusCode).toBe(403);
    expect((await attempt('/admin/vocabulary/media', asViewer)).statusCode).toBe(403);
    const organization = await createOrganization(app);
    expect((await attempt('/admin/vocabulary/media', organization.asOwner)).statusCode).toBe(403);
    const stored = await upload('/admin/vocabulary/media', 'kettle.png', PNG_1X1);
    const served = await app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('takes an image and an audio file of the platform, refuses the wrong kind or another organization’s file, and plays the recording', async () => {
    const image = await upload('/admin/vocabulary/media', 'kettle.png', PNG_1X1);
    const audio = await upload('/admin/vocabulary/media', 'kettle.mp3', MP3_STUB);
    const word = await ok(
      'POST',
      '/admin/vocabulary-words',
      asStaff,
      wordBody('teapot', [topic.id], { image_id: image.id, audio_id: audio.id }),
    );
    expect(word).toMatchObject({
      image_id: image.id,
      image_url: image.url,
      audio_id: audio.id,
      audio_url: audio.url,
    });

    // The wrong kind of file, by field; an unknown id and another organization's file are unknown.
    const swapped = await call(
      'PUT',
      `/admin/vocabulary-words/${word.id}`,
      asStaff,
      wordBody('teapot', [topic.id], { image_id: audio.id, audio_id: image.id }),
    );
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json().errors).toEqual({
      image_id: 'vocabulary.media_not_image',
      audio_id: 'vocabulary.media_not_audio',
    });
    const organization = await createOrganization(app);
    const theirs = await upload('/educator/media', 'logo.png', PNG_1X1, organization.asOwner);
    for (const image_id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await call(
        'PUT',
        `/admin/vocabulary-words/${word.id}`,
        asStaff,
        wordBody('teapot', [topic.id], { image_id }),
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ image_id: 'vocabulary.media_unknown' });
    }
    const malformed = await call(
      'PUT',
      `/admin/vocabulary-words/${word.id}`,
      asStaff,
      wordBody('teapot', [topic.id], { audio_id: 'not-a-file' }),
    );
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ audio_id: 'common.invalid_field' });

    // Learners see the picture and hear the author's recording instead of the synthesized word.
    const published = await ok('GET', `/public/vocabulary/topics/${topic.slug}`, {});
    expect(published.words.find((w: { id: string }) => w.id === word.id)).toMatchObject({
      image_url: image.url,
      audio_url: audio.url,
    });
    const spoken = await call('GET', `/public/vocabulary/words/${word.id}/audio`, undefined);
    expect(spoken.statusCode).toBe(302);
    expect(spoken.headers.location).toBe(audio.url);
    const file = await call('GET', audio.url.slice('/api'.length), undefined);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    // Example sentences are still synthesized.
    const example = await call('GET', `/public/vocabulary/words/${word.id}/audio?example=0`, undefined);
    expect(example.headers['content-type']).toBe('audio/wav');

    // Removing them (the edit form's "remove") goes back to the synthesized voice.
    const cleared = await ok(
      'PUT',
      `/admin/vocabulary-words/${word.id}`,
      asStaff,
      wordBody('teapot', [topic.id], { image_id: null, audio_id: null }),
    );
    expect(cleared).toMatchObject({ image_url: null, audio_url: null });
    const synthesized = await call('GET', `/public/vocabulary/words/${word.id}/audio`, undefined);
    expect(synthesized.headers['content-type']).toBe('audio/wav');
    // The topic's twelve words stay as the review tests expect them.
    await ok('DELETE', `/admin/vocabulary-words/${word.id}`, asStaff);
  });
});

describe('reviewing on an FSRS schedule', () => {
  const ratings: Grade[] = [3, 3, 1, 4, 2, 3, 3, 1, 3, 4];
  const startedAt = () => new Date(clock);
  let start: Date;

  it('needs an account', async () => {
    expect((await call('GET', '/user/vocabulary/review', undefined)).statusCode).toBe(401);
    expect((await call('POST', `/user/vocabulary/topics/${topic.slug}/cards`, undefined)).statusCode).toBe(
      401,
    );
  });

  it('shows ten new cards a day and schedules each rating as ts-fsrs does', async () => {
    const refused = await call('PUT', '/user/vocabulary/settings', asLearner, {
      desired_retention: 0.5,
      new_cards_per_day: -1,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      desired_retention: 'vocabulary.retention_range',
      new_cards_per_day: 'vocabulary.new_cards_range',
    });
    await ok('PUT', '/user/vocabulary/settings', asLearner, {
      desired_retention: 0.9,
      new_cards_per_day: 10,
    });

    expect(await ok('POST', `/user/vocabulary/topics/${topic.slug}/cards`, asLearner)).toEqual({ added: 12 });
    expect(await ok('POST', `/user/vocabulary/topics/${topic.slug}/cards`, asLearner)).toEqual({ added: 0 });

    start = startedAt();
    const queue = await ok('GET', '/user/vocabulary/review', asLearner);
    expect(queue).toMatchObject({ due_count: 0, new_available: 10, new_studied_today: 0 });
    expect(queue.cards.map((c: { word: { headword: string } }) => c.word.headword)).toEqual(
      WORDS.slice(0, 10),
    );
    // Each button shows its next interval: for a new card again < hard < good < easy.
    const minutes = queue.cards[0].intervals.map((i: { interval_minutes: number }) => i.interval_minutes);
    expect(minutes).toEqual([...minutes].sort((a: number, b: number) => a - b));
    expect(minutes[3]).toBeGreaterThanOrEqual(24 * 60);

    const scheduler = fsrs({ request_retention: 0.9, enable_fuzz: false });
    for (const [index, card] of queue.cards.entries()) {
      clock = new Date(start.getTime() + index * 5_000);
      const result = await ok('POST', `/user/vocabulary/cards/${card.id}/reviews`, asLearner, {
        rating: ratings[index],
      });
      const expected = scheduler.next(
        createEmptyCard(new Date(card.created_at)),
        clock,
        ratings[index]!,
      ).card;
      expect(result.card.due).toBe(expected.due.toISOString());
      expect(result.card.stability).toBeCloseTo(expected.stability, 10);
      expect(result.card.difficulty).toBeCloseTo(expected.difficulty, 10);
      expect(result.card.state).toBe(expected.state);
    }
    clock = new Date(start.getTime() + 60_000);
    const after = await ok('GET', '/user/vocabulary/review', asLearner);
    // The limit is spent: the two cards left stay new, only learning cards due within 20 minutes show.
    expect(after).toMatchObject({ new_available: 0, new_studied_today: 10 });
    expect(after.cards.every((c: { state: number }) => c.state !== 0)).toBe(true);
  });

  it('shows exactly the cards due the next day, then the next new ones', async () => {
    clock = new Date(start.getTime() + 24 * 3_600_000);
    const mine = await ok('GET', '/user/vocabulary/cards?pageSize=50', asLearner);
    const due = mine.items
      .filter((c: { state: number; due: string }) => c.state !== 0 && new Date(c.due) <= clock)
      .sort((a: { due: string }, b: { due: string }) => a.due.localeCompare(b.due));
    expect(due.length).toBeGreaterThan(0);
    expect(due.length).toBeLessThan(10); // the easy ones are due later
    const queue = await ok('GET', '/user/vocabulary/review', asLearner);
    expect(queue.due_count).toBe(due.length);
    expect(queue.new_available).toBe(2);
    expect(queue.cards.map((c: { id: string }) => c.id)).toEqual([
      ...due.map((c: { id: string }) => c.id),
      ...mine.items
        .filter((c: { state: number }) => c.state === 0)
        .reverse()
        .map((c: { id: string }) => c.id),
    ]);
  });

  it('replays the whole history of a card to the stored due date', async () => {
    const queue = await ok('GET', '/user/vocabulary/review', asLearner);
    const card = queue.cards[0];
    const good = await ok('POST', `/user/vocabulary/cards/${card.id}/reviews`, asLearner, { rating: 3 });
    const history = (await database.executeSql(
      'select rating, reviewed_at from vocabulary_review_logs where card_id = $1 order by reviewed_at',
      [card.id],
    )) as { rows: { rating: number; reviewed_at: Date | string }[] };
    const scheduler = fsrs({ request_retention: 0.9, enable_fuzz: false });
    let replay = createEmptyCard(new Date(card.created_at));
    for (const row of history.rows)
      replay = scheduler.next(replay, new Date(row.reviewed_at), row.rating as Grade).card;
    expect(history.rows).toHaveLength(2);
    expect(good.card.due).toBe(replay.due.toISOString());
  });

  it('undoes the last rating and records a journaled rating once', async () => {
    const before = (await ok('GET', '/user/vocabulary/review', asLearner)).cards[0];
    const clientId = '6f1c2a54-8a3e-4c55-9a0b-7d4f6c1e2b3a';
    const first = await ok('POST', `/user/vocabulary/cards/${before.id}/reviews`, asLearner, {
      rating: 4,
      client_id: clientId,
      reviewed_at: new Date(clock.getTime() - 60_000).toISOString(),
    });
    expect(first.duplicate).toBe(false);
    const again = await ok('POST', `/user/vocabulary/cards/${before.id}/reviews`, asLearner, {
      rating: 4,
      client_id: clientId,
    });
    expect(again).toMatchObject({ duplicate: true, log_id: first.log_id, card: { due: first.card.due } });

    const undone = await ok('POST', '/user/vocabulary/reviews/undo', asLearner);
    expect(undone).toMatchObject({ id: before.id, due: before.due, state: before.state, reps: before.reps });
    const nothing = await call('POST', '/user/vocabulary/reviews/undo', asOther);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errors).toEqual({ review: 'vocabulary.nothing_to_undo' });
  });

  it("answers 404 for another learner's card", async () => {
    const card = (await ok('GET', '/user/vocabulary/cards', asLearner)).items[0];
    expect(
      (await call('POST', `/user/vocabulary/cards/${card.id}/reviews`, asOther, { rating: 3 })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/user/vocabulary/cards/${card.id}`, asOther)).statusCode).toBe(404);
    expect((await ok('GET', '/user/vocabulary/cards', asOther)).total).toBe(0);
    const bad = await call('POST', `/user/vocabulary/cards/${card.id}/reviews`, asLearner, { rating: 5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('rating');
  });

  it('adds one word, removes it, and reports progress', async () => {
    const added = await ok('POST', '/user/vocabulary/cards', asOther, { word_id: wordIds[3] });
    expect(added).toMatchObject({ state: 0, word: { headword: 'spatula' } });
    expect((await ok('POST', '/user/vocabulary/cards', asOther, { word_id: wordIds[3] })).id).toBe(added.id);
    expect((await ok('GET', '/user/vocabulary/cards?search=spat', asOther)).total).toBe(1);
    expect((await ok('GET', `/user/vocabulary/cards?topic=${topic.slug}`, asOther)).total).toBe(1);
    expect((await ok('GET', '/user/vocabulary/cards?topic=another-topic', asOther)).total).toBe(0);
    await ok('DELETE', `/user/vocabulary/cards/${added.id}`, asOther);
    expect((await ok('GET', '/user/vocabulary/cards', asOther)).total).toBe(0);

    const stats = await ok('GET', '/user/vocabulary/stats', asLearner);
    expect(stats).toMatchObject({ total_cards: 12, streak_days: 2, desired_retention: 0.9 });
    expect(stats.reviews_today).toBeGreaterThan(0);
    // The forecast counts every seen card once, on the day it falls due (overdue ones today).
    expect(stats.forecast).toHaveLength(14);
    expect(stats.forecast[0].date).toBe('2026-03-03');
    const seen = (await ok('GET', '/user/vocabulary/cards?pageSize=50', asLearner)).items.filter(
      (card: { state: number; due: string }) =>
        card.state !== 0 && new Date(card.due) < new Date('2026-03-16T17:00:00.000Z'),
    );
    expect(stats.forecast.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(
      seen.length,
    );
    expect(stats.forecast[0].count).toBe(stats.due_today);
  });
});

describe('importing and exporting words', () => {
  const upload = (url: string, content: string, filename = 'words.csv') => {
    const body = multipartFile('file', filename, Buffer.from(content, 'utf8'), 'text/csv');
    return app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...asStaff, ...body.headers },
      payload: body.payload,
    });
  };
  const FILE = [
    'headword,part_of_speech,ipa,meaning_vi,definition_en,example_en,example_vi,level,tags,topics',
    'toaster,noun,,máy nướng bánh mì,a machine that toasts bread,The toaster is broken.,Máy nướng bánh hỏng rồi.,A2,home,nha-bep',
    'kettle,noun,/ˈketl/,ấm đun nước,a pot for boiling water,,,A2,,nha-bep',
    'blender,noun,,,a machine that mixes food,,,Z9,,no-such-topic',
    'toaster,noun,,máy nướng,again,,,A2,,',
  ].join('\n');

  it('previews every row with its errors and imports nothing while one is wrong', async () => {
    const preview = await upload('/admin/vocabulary-words/import/preview', FILE);
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().result;
    expect(result).toMatchObject({ valid_count: 2, error_count: 2 });
    expect(
      result.rows.map((row: { row: number; action: string; errors: object }) => [
        row.row,
        row.action,
        row.errors,
      ]),
    ).toEqual([
      [2, 'create', {}],
      [3, 'update', {}],
      [
        4,
        'create',
        {
          meaning_vi: 'common.required_field',
          level: 'common.invalid_field',
          topics: 'vocabulary.unknown_topic',
        },
      ],
      [5, 'create', { headword: 'vocabulary.import_duplicate' }],
    ]);
    const refused = await upload('/admin/vocabulary-words/import', FILE);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      'rows.4.level': 'common.invalid_field',
      'rows.5.headword': 'vocabulary.import_duplicate',
    });
    expect((await ok('GET', '/admin/vocabulary-words?search=toaster', asStaff)).total).toBe(0);

    const imported = await upload('/admin/vocabulary-words/import', FILE.split('\n').slice(0, 3).join('\n'));
    expect(imported.json().result).toEqual({ created: 1, updated: 1 });
    const toaster = (await ok('GET', '/admin/vocabulary-words?search=toaster', asStaff)).items[0];
    expect(toaster).toMatchObject({ meaning_vi: 'máy nướng bánh mì', tags: ['home'], topic_ids: [topic.id] });
    expect((await ok('GET', '/admin/vocabulary-words?search=kettle', asStaff)).items[0].meaning_vi).toBe(
      'ấm đun nước',
    );
  });

  it('refuses a file without the columns, and exports what it imports', async () => {
    const noHeader = await upload('/admin/vocabulary-words/import/preview', 'word,meaning\ncat,con mèo');
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors).toEqual({ file: 'vocabulary.import_header' });
    const binary = await upload('/admin/vocabulary-words/import/preview', '\u0000\u0001', 'words.csv');
    expect(binary.json().errors).toEqual({ file: 'vocabulary.import_unreadable' });
    expect((await call('POST', '/admin/vocabulary-words/import/preview', asLearner)).statusCode).toBe(403);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/vocabulary-words/export.csv?topic_id=${topic.id}`,
      headers: asStaff,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'headword,part_of_speech,ipa,meaning_vi,definition_en,example_en,example_vi,level,tags,topics',
    );
    expect(lines).toHaveLength(1 + WORDS.length + 1);
    expect(lines.at(-1)).toContain('toaster,noun,,máy nướng bánh mì');
    // The export reads back as an import that changes nothing but updates every word.
    const again = await upload('/admin/vocabulary-words/import/preview', csv.body);
    expect(again.json().result).toMatchObject({ valid_count: WORDS.length + 1, error_count: 0 });
    const xlsx = await app.inject({
      method: 'GET',
      url: '/api/admin/vocabulary-words/export.xlsx',
      headers: asStaff,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the starter vocabulary', () => {
  it('seeds at least 12 published topics of 20 words in both languages', async () => {
    await seedDatabase(database.db, {
      demo: false,
      steps: [vocabularyStep],
      context: { storage: app.storage },
    });
    const topics = await ok('GET', '/public/vocabulary/topics?pageSize=50', {});
    const seeded = topics.items.filter((t: { slug: string }) => t.slug !== 'nha-bep');
    expect(seeded.length).toBeGreaterThanOrEqual(12);
    for (const item of seeded) {
      expect(item.word_count).toBeGreaterThanOrEqual(20);
      expect(item.name_en).not.toBe(item.name_vi);
    }
    const office = await ok('GET', '/public/vocabulary/topics/toeic-office', {});
    expect(office.words[0]).toMatchObject({ headword: 'agenda', meaning_vi: 'chương trình nghị sự' });
    expect(office.words[0].examples[0].vi).toBeTruthy();
  });
});
