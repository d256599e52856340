import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../test/factories';
import { createTestApp } from '../../test/helpers';
import { tests } from '../db/schema';
import { seedDatabase } from '.';
import { demoAccountsStep } from './demo-accounts';
import { examStructureStep } from './exam-structure';
import { practiceTestsStep } from './practice-tests';

interface MediaRef {
  url: string;
  kind: string;
}
interface BankQuestion {
  id: string;
  stem: string;
  question_type: { answer_kind: string };
  options: { key: string; content: string }[];
  answer: unknown;
  explanation_vi: string | null;
  explanation_en: string | null;
  audio: MediaRef | null;
  image: MediaRef | null;
}
interface BankGroup {
  title: string;
  passage: string | null;
  transcript: string | null;
  audio: MediaRef | null;
  questions: BankQuestion[];
}
interface Section {
  format: { name: string; skill: string; required_count: number };
  question_count: number;
  complete: boolean;
  items: { kind: 'question' | 'group'; question: { id: string } | null; group: { id: string } | null }[];
}

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;

async function get(url: string) {
  const response = await harness.app.inject({ method: 'GET', url: `/api${url}`, headers: asAdmin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

const steps = [examStructureStep, demoAccountsStep, practiceTestsStep];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const started = performance.now();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps,
    context: { storage: harness.app.storage },
  });
  // Shown in the test output: the seeding cost the first start pays.
  process.stdout.write(`practice-tests seeding: ${Math.round(performance.now() - started)} ms\n`);
  expect(report.applied).toEqual(['exam-structure', 'demo-accounts', 'practice-tests']);
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
}, 120_000);
afterAll(() => harness.close());

describe('practice tests seed', () => {
  it.each([
    ['IELTS Academic Reading – Đề luyện 1', 40, 60, [13, 13, 14]],
    ['TOEIC Listening & Reading – Đề luyện 1', 200, 120, [6, 25, 39, 30, 30, 16, 54]],
    ['Grammar & Writing Check – Đề luyện 1', 10, 35, [9, 1]],
  ])('publishes %s complete, explained and with working media', async (title, count, minutes, parts) => {
    const list = await get(`/admin/tests?search=${encodeURIComponent('Đề luyện 1')}&pageSize=50`);
    const summary = list.items.find((item: { title: string }) => item.title === title);
    expect(summary).toMatchObject({
      status: 'published',
      question_count: count,
      required_count: count,
      duration_minutes: minutes,
      published_version: 1,
    });
    const detail = await get(`/admin/tests/${summary.id}`);
    const sections = detail.sections as Section[];
    expect(sections.map((section) => section.question_count)).toEqual(parts);
    expect(sections.every((section) => section.complete)).toBe(true);

    const mediaUrls = new Set<string>();
    let seen = 0;
    for (const section of sections) {
      const listening = section.format.skill === 'listening';
      for (const item of section.items) {
        const questions: BankQuestion[] = [];
        if (item.kind === 'group') {
          const group = (await get(`/admin/question-groups/${item.group!.id}`)) as BankGroup;
          if (listening) {
            expect(group.audio?.kind, group.title).toBe('audio');
            expect(group.transcript?.length ?? 0, group.title).toBeGreaterThan(100);
            mediaUrls.add(group.audio!.url);
          } else {
            expect(group.passage?.length ?? 0, group.title).toBeGreaterThan(200);
          }
          questions.push(...group.questions);
        } else {
          const question = (await get(`/admin/questions/${item.question!.id}`)) as BankQuestion;
          if (listening) {
            expect(question.audio?.kind).toBe('audio');
            mediaUrls.add(question.audio!.url);
          }
          if (question.image) mediaUrls.add(question.image.url);
          questions.push(question);
        }
        for (const question of questions) {
          seen++;
          expect(question.explanation_vi?.length ?? 0, question.stem).toBeGreaterThan(20);
          expect(question.explanation_en?.length ?? 0, question.stem).toBeGreaterThan(20);
          expect(question.answer).toBeTruthy();
        }
      }
    }
    expect(seen).toBe(count);
    for (const url of mediaUrls) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.length, url).toBeGreaterThan(500);
    }
    if (title.startsWith('TOEIC')) expect(mediaUrls.size).toBe(6 + 6 + 25 + 13 + 10);
  });

  it('publishes the Grammar & Writing Check with multiple-choice, ordering, single-choice and essay questions', async () => {
    const list = await get(`/admin/tests?search=${encodeURIComponent('Grammar & Writing')}&pageSize=50`);
    const summary = list.items.find(
      (item: { slug: string }) => item.slug === 'grammar-writing-check-de-luyen-1',
    );
    expect(summary).toMatchObject({ status: 'published', question_count: 10 });
    const detail = await get(`/admin/tests/${summary.id}`);
    const questions: BankQuestion[] = [];
    for (const section of detail.sections as Section[])
      for (const item of section.items) questions.push(await get(`/admin/questions/${item.question!.id}`));
    const kinds = questions.map((question) => question.question_type.answer_kind);
    expect(kinds.filter((kind) => kind === 'multiple_choice')).toHaveLength(3);
    expect(kinds.filter((kind) => kind === 'ordering')).toHaveLength(3);
    expect(kinds.filter((kind) => kind === 'single_choice')).toHaveLength(3);
    expect(kinds.at(-1)).toBe('essay');
    for (const question of questions) {
      const answer = question.answer as { keys?: string[]; order?: string[]; guidance?: string };
      const keys = question.options.map((option) => option.key);
      if (question.question_type.answer_kind === 'multiple_choice') {
        // "Choose the TWO/THREE …": more than one key is right and at least two are wrong.
        expect(answer.keys!.length, question.stem).toBeGreaterThanOrEqual(2);
        expect(keys.length - answer.keys!.length, question.stem).toBeGreaterThanOrEqual(2);
      }
      if (question.question_type.answer_kind === 'ordering') {
        expect([...answer.order!].sort(), question.stem).toEqual(keys);
        // The bank keeps the pieces jumbled, so their letters do not give the order away.
        expect(answer.order, question.stem).not.toEqual(keys);
      }
      if (question.question_type.answer_kind === 'essay') {
        expect(question.stem).toContain('80–120 words');
        expect(answer.guidance?.length ?? 0).toBeGreaterThan(100);
        // The model answer keeps its paragraphs and the line break of its sign-off.
        expect(question.explanation_en).toMatch(
          /<p>Hi Sam,<\/p><p>I’m so happy.*<p>Best wishes,<br ?\/?>Lan<\/p>/,
        );
      }
    }
    const publicDetail = await harness.app.inject({
      method: 'GET',
      url: '/api/public/tests/grammar-writing-check-de-luyen-1',
    });
    expect(publicDetail.json().result).toMatchObject({
      category: { slug: 'general-english' },
      exam: { name: 'Grammar & Writing Check' },
      sections: [
        { name: 'Part 1 – Grammar & sentence building', skill: 'reading', question_count: 9 },
        { name: 'Part 2 – Writing', skill: 'writing', question_count: 1 },
      ],
    });
  });

  it('gives each test its target level, shown in the public catalogue, also on a database seeded before', async () => {
    // A database seeded by the first version of the step: no level yet.
    await harness.database.db.update(tests).set({ levelId: null });
    await harness.database.db.transaction(async (tx) => {
      await practiceTestsStep.run(tx as never, { storage: harness.app.storage });
    });
    for (const [slug, code] of [
      ['toeic-listening-reading-de-luyen-1', 'B1'],
      ['ielts-academic-reading-de-luyen-1', 'B2'],
      ['grammar-writing-check-de-luyen-1', 'B1'],
    ]) {
      const response = await harness.app.inject({ method: 'GET', url: `/api/public/tests/${slug}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.level?.code, slug).toBe(code);
    }
  });

  it('is idempotent: running the step again adds nothing', async () => {
    const before = await get('/admin/tests?pageSize=50');
    await harness.database.db.transaction(async (tx) => {
      await practiceTestsStep.run(tx as never, { storage: harness.app.storage });
    });
    const after = await get('/admin/tests?pageSize=50');
    expect(after.total ?? after.items.length).toBe(before.total ?? before.items.length);
  });
});
