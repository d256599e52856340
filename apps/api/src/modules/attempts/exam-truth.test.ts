import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createPracticeTestApp } from '../../../test/practice-test';
import { questions, testItems, testSections, tests } from '../../db/schema';
import { toeicTest1 } from '../../seed/content/toeic';

/*
 * Issue 14, "true to the exam": what an open attempt's paper withholds (heard-only text, group titles),
 * what the review gives back, and play-once recordings held by the server across sessions.
 */

const TOEIC = 'toeic-listening-reading-de-luyen-1';

interface Option {
  key: string;
  content: string;
}
interface Question {
  id: string;
  number: number;
  stem: string;
  options: Option[];
  audio: { id: string } | null;
  image: { id: string } | null;
}
type Item =
  | { kind: 'question'; question: Question }
  | { kind: 'group'; group: { title: string | null; audio: { id: string } | null; questions: Question[] } };
interface Section {
  id: string;
  name: string;
  heard_only: boolean;
  audio_policy: string;
  items: Item[];
}

let harness: Awaited<ReturnType<typeof createPracticeTestApp>>;
let asLearner: Record<string, string>;
let learner: Awaited<ReturnType<typeof createAccount>>;

type Method = 'GET' | 'POST' | 'PUT';
const api = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, payload });

async function start(headers: Record<string, string>, body: object = { mode: 'full' }) {
  const response = await api('POST', `/user/tests/${TOEIC}/attempts`, headers, body);
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json().result.id as string;
}

const questionsOf = (section: Section) =>
  section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions));

/** The plain text of a seeded option as the bank stores it (HTML-escaped). */
const stored = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

beforeAll(async () => {
  harness = await createPracticeTestApp();
  learner = await createAccount(harness.database.db);
  asLearner = await authHeader(harness.app, learner);
}, 120_000);
afterAll(() => harness.close());

describe('the paper of an open attempt', () => {
  it('withholds Parts 1–2 text and every group title; the review gives both back', async () => {
    const id = await start(asLearner);
    const response = await api('GET', `/user/attempts/${id}`, asLearner);
    expect(response.statusCode, response.body).toBe(200);
    const sections = response.json().result.sections as Section[];
    expect(sections.map((section) => section.heard_only)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);

    const [part1, part2] = sections as [Section, Section];
    for (const question of [...questionsOf(part1), ...questionsOf(part2)]) {
      expect(question.stem).toBe('');
      expect(question.options.every((option) => option.content === '')).toBe(true);
      expect(question.options.length).toBeGreaterThanOrEqual(3);
      expect(question.audio).not.toBeNull();
    }
    expect(questionsOf(part1).every((question) => question.image !== null)).toBe(true);
    // Parts 3–7 keep their questions' text, but no group carries its author-facing title.
    const part3 = questionsOf(sections[2]!);
    expect(part3[0]!.stem).toContain(toeicTest1.part3[0]!.questions[0]!.stem.slice(0, 20));
    const groups = sections.flatMap((section) =>
      section.items.flatMap((item) => (item.kind === 'group' ? [item.group] : [])),
    );
    expect(groups.length).toBeGreaterThan(30);
    expect(groups.every((group) => group.title === null)).toBe(true);

    // Nothing to read in the browser's tools either: the raw body holds none of that text.
    const body = response.body;
    for (const item of toeicTest1.part1)
      for (const text of item.statements) expect(body).not.toContain(stored(text));
    for (const item of toeicTest1.part2)
      for (const text of item.responses) expect(body).not.toContain(stored(text));
    for (const set of [...toeicTest1.part3, ...toeicTest1.part4, ...toeicTest1.part6, ...toeicTest1.part7])
      expect(body).not.toContain(stored(set.title));

    const submitted = await api('POST', `/user/attempts/${id}/submit`, asLearner, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = await api('GET', `/user/attempts/${id}/result`, asLearner);
    expect(result.statusCode).toBe(200);
    const review = result.json().result.review as Section[];
    const reviewed1 = questionsOf(review[0]!);
    expect(reviewed1[0]!.options.map((option) => option.content)).toEqual(
      toeicTest1.part1[0]!.statements.map(stored),
    );
    expect(questionsOf(review[1]!)[0]!.options.map((option) => option.content)).toEqual(
      toeicTest1.part2[0]!.responses.map(stored),
    );
    const reviewGroups = review.flatMap((section) =>
      section.items.flatMap((item) => (item.kind === 'group' ? [item.group] : [])),
    );
    expect(reviewGroups.map((group) => group.title)).toContain(stored(toeicTest1.part3[1]!.title));
  });

  it('withholds heard-only text in part practice too', async () => {
    const headers = await authHeader(harness.app, await createAccount(harness.database.db));
    const full = await api('GET', `/user/attempts/${await start(headers)}`, headers);
    const part2Id = (full.json().result.sections as Section[])[1]!.id;
    const other = await authHeader(harness.app, await createAccount(harness.database.db));
    const id = await start(other, { mode: 'practice', section_ids: [part2Id] });
    const practice = await api('GET', `/user/attempts/${id}`, other);
    const [section] = practice.json().result.sections as Section[];
    expect(section!.heard_only).toBe(true);
    expect(section!.audio_policy).toBe('free');
    expect(questionsOf(section!).every((question) => question.options.every((o) => o.content === ''))).toBe(
      true,
    );
  });
});

describe('play-once recordings', () => {
  it('are played once per attempt and clip, whichever session asks; the paper says which were played', async () => {
    const account = await createAccount(harness.database.db);
    const laptop = await authHeader(harness.app, account);
    const id = await start(laptop);
    const first = await api('GET', `/user/attempts/${id}`, laptop);
    expect(first.json().result.played_audio).toEqual([]);
    const sections = first.json().result.sections as Section[];
    const clip = questionsOf(sections[0]!)[0]!.audio!.id;
    const groupClip = (sections[2]!.items[0] as Extract<Item, { kind: 'group' }>).group.audio!.id;

    const played = await api('POST', `/user/attempts/${id}/audio-plays`, laptop, { media_id: clip });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json().result).toEqual({ first: true, played_audio: [clip] });

    // A second device signs in on its own and opens the same attempt.
    const phone = await authHeader(harness.app, account);
    expect(phone.authorization).not.toBe(laptop.authorization);
    const onPhone = await api('GET', `/user/attempts/${id}`, phone);
    expect(onPhone.json().result.played_audio).toEqual([clip]);
    const again = await api('POST', `/user/attempts/${id}/audio-plays`, phone, { media_id: clip });
    expect(again.json().result).toEqual({ first: false, played_audio: [clip] });

    const group = await api('POST', `/user/attempts/${id}/audio-plays`, phone, { media_id: groupClip });
    expect(group.json().result.first).toBe(true);
    expect(group.json().result.played_audio).toEqual([clip, groupClip]);
  });

  it('refuses clips outside the attempt, other learners and submitted attempts; practice plays freely', async () => {
    const account = await createAccount(harness.database.db);
    const headers = await authHeader(harness.app, account);
    const id = await start(headers);
    const sections = (await api('GET', `/user/attempts/${id}`, headers)).json().result.sections as Section[];
    const clip = questionsOf(sections[1]!)[0]!.audio!.id;

    const unknown = await api('POST', `/user/attempts/${id}/audio-plays`, headers, {
      media_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ media_id: 'attempt.audio_not_in_attempt' });
    const malformed = await api('POST', `/user/attempts/${id}/audio-plays`, headers, { media_id: 'x' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ media_id: 'attempt.audio_not_in_attempt' });

    const stranger = await authHeader(harness.app, await createAccount(harness.database.db));
    const foreign = await api('POST', `/user/attempts/${id}/audio-plays`, stranger, { media_id: clip });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await api('POST', `/user/attempts/${id}/audio-plays`, {}, { media_id: clip });
    expect(anonymous.statusCode).toBe(401);

    await api('POST', `/user/attempts/${id}/submit`, headers, {});
    const closed = await api('POST', `/user/attempts/${id}/audio-plays`, headers, { media_id: clip });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors).toEqual({ attempt: 'attempt.closed' });

    const practice = await start(headers, { mode: 'practice', section_ids: [sections[1]!.id] });
    for (let round = 0; round < 2; round++) {
      const free = await api('POST', `/user/attempts/${practice}/audio-plays`, headers, { media_id: clip });
      expect(free.json().result).toEqual({ first: true, played_audio: [] });
    }
  });
});

describe('the answer-key check for authors', () => {
  it('finds nothing to say about the seeded TOEIC test, and warns when a part is all one letter', async () => {
    const admin = await authHeader(
      harness.app,
      await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
      'admin',
    );
    const db = harness.database.db;
    const [test] = await db
      .select({ id: tests.id })
      .from(tests)
      .where(and(eq(tests.slug, TOEIC), isNull(tests.organizationId)));
    const before = await api('GET', `/admin/tests/${test!.id}`, admin);
    expect(before.statusCode, before.body).toBe(200);
    const sections = before.json().result.sections as { id: string; key_warnings: unknown[] }[];
    expect(sections.map((section) => section.key_warnings)).toEqual([[], [], [], [], [], [], []]);

    // An author's Part 5 whose key is A throughout.
    const part5 = sections[4]!.id;
    const items = await db
      .select({ questionId: testItems.questionId })
      .from(testItems)
      .innerJoin(testSections, eq(testSections.id, testItems.sectionId))
      .where(eq(testSections.id, part5));
    const ids = items.map((item) => item.questionId!);
    await db
      .update(questions)
      .set({ answer: { key: 'A' } })
      .where(inArray(questions.id, ids));
    const after = await api('GET', `/admin/tests/${test!.id}`, admin);
    const warned = (after.json().result.sections as { key_warnings: unknown[] }[])[4]!.key_warnings;
    expect(warned).toEqual([
      { kind: 'pattern', pattern: 'A', count: 30, total: 30, chance: 7.5 },
      { kind: 'run', pattern: 'A', count: 30, total: 30, chance: 7.5, from: 1 },
      { kind: 'unused', pattern: 'B', count: 0, total: 30, chance: 7.5 },
      { kind: 'unused', pattern: 'C', count: 0, total: 30, chance: 7.5 },
      { kind: 'unused', pattern: 'D', count: 0, total: 30, chance: 7.5 },
    ]);
  });
});
