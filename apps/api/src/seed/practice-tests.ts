import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnswerKind } from '@prepwise/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, examFormats, exams, levels, questionTypes, tests, users } from '../db/schema';
import { apiRoot } from '../lib/paths';
import { saveUpload } from '../modules/media/media.service';
import { createTest, publishTest, setSectionItems } from '../modules/practice-tests/practice-tests.service';
import {
  createGroup,
  createQuestion,
  type QuestionInput,
} from '../modules/question-bank/question-bank.service';
import { PLATFORM } from '../tenancy/tenant';
import { grammarWritingTest1 } from './content/grammar-writing';
import { esc } from './content/html';
import { ieltsReadingTest1 } from './content/ielts';
import { toeicTest1 } from './content/toeic';
import {
  type ChoiceQuestion,
  clipName,
  type Line,
  type ListeningSet,
  type SeedQuestion,
  type Speaker,
  type TextSet,
} from './content/types';
import { TEST_DESCRIPTIONS_EN, TEST_TITLES_EN } from './english-names';
import type { SeedContext, SeedStep } from './step';

/** Where scripts/generate-seed-media.mjs writes the committed clips and pictures. */
export const SEED_MEDIA_DIR = path.join(apiRoot, 'src/seed/content/media');

const SOURCE_NOTE = 'Prepwise – nội dung gốc, đề luyện 1';
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

export type ItemRef = { question_id: string } | { group_id: string };

const para = (text: string) => `<p>${esc(text)}</p>`;
/** Plain text → paragraphs at blank lines, line breaks kept within a paragraph. */
const paras = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(esc).join('<br>')}</p>`)
    .join('');
const lettered = (contents: string[]) =>
  contents.map((content, index) => ({ key: LETTERS[index]!, content: esc(content) }));

const SPEAKER_LABELS: Record<Speaker, string> = {
  narrator: 'Narrator',
  man: 'Man',
  woman: 'Woman',
  man2: 'Man 2',
  woman2: 'Woman 2',
};

/** Transcript HTML of a clip: one paragraph per turn, speakers named when more than one speaks. */
export function transcriptHtml(lines: Line[]): string {
  const speakers = new Set(lines.map((line) => line.who));
  const label = (who: Speaker) => {
    if (who === 'man' && speakers.has('man2')) return 'Man 1';
    if (who === 'woman' && speakers.has('woman2')) return 'Woman 1';
    return SPEAKER_LABELS[who];
  };
  if (speakers.size === 1) return lines.map((line) => para(line.text)).join('');
  return lines.map((line) => `<p><strong>${label(line.who)}:</strong> ${esc(line.text)}</p>`).join('');
}

/** Everything the step looks up once: the exams' parts, question types, levels and the author. */
export interface Refs {
  tx: Db;
  storage: SeedContext['storage'];
  userId: string;
  types: Map<AnswerKind, string>;
  levels: Map<string, string>;
}

export async function formatsOf(tx: Db, categorySlug: string, examSlug: string) {
  const rows = await tx
    .select({ examId: exams.id, formatId: examFormats.id })
    .from(exams)
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .innerJoin(examFormats, eq(examFormats.examId, exams.id))
    .where(
      and(isNull(categories.organizationId), eq(categories.slug, categorySlug), eq(exams.slug, examSlug)),
    )
    .orderBy(asc(examFormats.position));
  if (rows.length === 0) return null;
  return { examId: rows[0]!.examId, formatIds: rows.map((row) => row.formatId) };
}

export async function upload(refs: Refs, file: string) {
  const bytes = await readFile(path.join(SEED_MEDIA_DIR, file));
  const saved = await saveUpload(refs.tx, refs.storage, PLATFORM, {
    bytes: new Uint8Array(bytes),
    filename: file,
    userId: refs.userId,
  });
  return saved.id;
}

export function baseQuestion(refs: Refs, kind: AnswerKind, level: string, tags: string[]) {
  return {
    question_type_id: refs.types.get(kind)!,
    level_id: refs.levels.get(level) ?? null,
    items: [],
    tags,
    source_note: SOURCE_NOTE,
    audio_id: null,
    image_id: null,
  };
}

/** A seed question in the bank's shape; a set's instructions go above its first question. */
export function seedQuestion(
  refs: Refs,
  question: SeedQuestion,
  level: string,
  tags: string[],
): QuestionInput {
  const stem = (question.intro ? `<p><strong>${esc(question.intro)}</strong></p>` : '') + para(question.stem);
  const common = {
    ...baseQuestion(refs, question.kind, level, tags),
    stem,
    explanation_vi: paras(question.vi),
    explanation_en: paras(question.en),
  };
  switch (question.kind) {
    case 'single_choice':
      return { ...common, options: lettered(question.options), answer: { key: question.answer } };
    case 'multiple_choice':
      return { ...common, options: lettered(question.options), answer: { keys: question.answers } };
    case 'ordering':
      return { ...common, options: lettered(question.pieces), answer: { order: question.order } };
    case 'essay':
      return { ...common, options: [], answer: { guidance: question.guidance } };
    case 'true_false_not_given':
      return { ...common, options: [], answer: { value: question.answer } };
    case 'gap_fill':
    case 'short_answer':
      return { ...common, options: [], answer: { accepted: question.accepted } };
    case 'matching':
      return {
        ...common,
        items: [{ key: question.item.key, content: esc(question.item.content) }],
        options: question.options.map((option) => ({ key: option.key, content: esc(option.content) })),
        answer: { pairs: { [question.item.key]: question.answer } },
      };
  }
}

function choiceQuestion(
  refs: Refs,
  question: ChoiceQuestion,
  level: string,
  tags: string[],
  extra: Partial<QuestionInput> = {},
): QuestionInput {
  return {
    ...baseQuestion(refs, 'single_choice', level, tags),
    stem: para(question.stem),
    options: question.options.map((content, index) => ({ key: LETTERS[index]!, content: esc(content) })),
    answer: { key: question.answer },
    explanation_vi: para(question.vi),
    explanation_en: para(question.en),
    ...extra,
  };
}

export async function group(
  refs: Refs,
  formatId: string,
  level: string,
  fields: { title: string; passage?: string; transcript?: string; audio?: string },
  questions: QuestionInput[],
): Promise<ItemRef> {
  const created = await createGroup(refs.tx, PLATFORM, refs.userId, {
    format_id: formatId,
    level_id: refs.levels.get(level) ?? null,
    title: fields.title,
    passage: fields.passage ?? null,
    transcript: fields.transcript ?? null,
    audio_id: fields.audio ? await upload(refs, fields.audio) : null,
    image_id: null,
    tags: questions[0]?.tags ?? [],
    source_note: SOURCE_NOTE,
    questions,
  });
  return { group_id: created.id };
}

export async function single(refs: Refs, formatId: string, input: QuestionInput): Promise<ItemRef> {
  const created = await createQuestion(refs.tx, PLATFORM, refs.userId, { ...input, format_id: formatId });
  return { question_id: created.id };
}

export async function publish(
  refs: Refs,
  spec: { examId: string; title: string; slug: string; description: string; durationMinutes: number },
  sections: ItemRef[][],
) {
  const test = await createTest(
    refs.tx,
    PLATFORM,
    refs.userId,
    {
      exam_id: spec.examId,
      title: spec.title,
      title_en: TEST_TITLES_EN[spec.title] ?? null,
      description_en: TEST_DESCRIPTIONS_EN[spec.title] ?? null,
      slug: spec.slug,
      description: spec.description,
      cover_id: null,
      duration_minutes: spec.durationMinutes,
      access: 'free',
      attempts_allowed: null,
      answer_visibility: 'after_submit',
    },
    new Date(),
  );
  for (const [index, section] of test.sections.entries()) {
    await setSectionItems(refs.tx, PLATFORM, test.id, section.id, sections[index] ?? [], new Date());
  }
  await publishTest(refs.tx, PLATFORM, refs.userId, test.id, new Date());
}

/**
 * The level a practice test targets (catalogue filter). Set apart from creation so that databases seeded
 * before tests had a level get it too; a level an author has chosen since is left alone.
 */
export async function assignLevel(refs: Refs, slug: string, code: string) {
  const levelId = refs.levels.get(code);
  if (!levelId) return;
  await refs.tx
    .update(tests)
    .set({ levelId })
    .where(and(isNull(tests.organizationId), eq(tests.slug, slug), isNull(tests.levelId)));
}

export async function testExists(tx: Db, slug: string) {
  const [row] = await tx
    .select({ id: tests.id })
    .from(tests)
    .where(and(isNull(tests.organizationId), eq(tests.slug, slug)));
  return !!row;
}

// ---------------------------------------------------------------- IELTS

/** The three reading passages as groups in the given parts (the reading test's, or the four-skill test's). */
export async function ieltsReadingSections(refs: Refs, formatIds: string[]): Promise<ItemRef[][]> {
  const passageLevels = ['B2', 'B2', 'C1'];
  const sections: ItemRef[][] = [];
  for (const [index, passage] of ieltsReadingTest1.passages.entries()) {
    const level = passageLevels[index]!;
    const tags = ['ielts', 'academic-reading', `passage-${index + 1}`];
    sections.push([
      await group(
        refs,
        formatIds[index]!,
        level,
        { title: passage.title, passage: passage.html },
        passage.questions.map((question) => seedQuestion(refs, question, level, tags)),
      ),
    ]);
  }
  return sections;
}

async function seedIelts(refs: Refs) {
  const spec = ieltsReadingTest1;
  if (await testExists(refs.tx, spec.slug)) return;
  const exam = await formatsOf(refs.tx, 'ielts', 'academic-reading');
  if (exam?.formatIds.length !== spec.passages.length) return;
  await publish(refs, { ...spec, examId: exam.examId }, await ieltsReadingSections(refs, exam.formatIds));
}

// ---------------------------------------------------------------- TOEIC

const TOEIC_COUNTS = [6, 25, 39, 30, 30, 16, 54];

const questionCount = (toeic: typeof toeicTest1) => [
  toeic.part1.length,
  toeic.part2.length,
  toeic.part3.length * 3,
  toeic.part4.length * 3,
  toeic.part5.length,
  toeic.part6.reduce((sum, set) => sum + set.questions.length, 0),
  toeic.part7.reduce((sum, set) => sum + set.questions.length, 0),
];

/** The TOEIC test is seeded only once all 200 questions are written. */
export const toeicComplete = () =>
  questionCount(toeicTest1).every((count, index) => count === TOEIC_COUNTS[index]);

async function listeningSets(refs: Refs, formatId: string, part: 3 | 4, sets: ListeningSet[]) {
  const items: ItemRef[] = [];
  for (const [index, set] of sets.entries()) {
    const tags = ['toeic', `part-${part}`];
    items.push(
      await group(
        refs,
        formatId,
        'B1',
        { title: set.title, transcript: transcriptHtml(set.lines), audio: clipName(part, index) },
        set.questions.map((question) => choiceQuestion(refs, question, 'B1', tags)),
      ),
    );
  }
  return items;
}

async function textSets(refs: Refs, formatId: string, part: 6 | 7, sets: TextSet[]) {
  const items: ItemRef[] = [];
  for (const set of sets) {
    const tags = ['toeic', `part-${part}`];
    items.push(
      await group(
        refs,
        formatId,
        'B1',
        { title: set.title, passage: set.html },
        set.questions.map((question) => choiceQuestion(refs, question, 'B1', tags)),
      ),
    );
  }
  return items;
}

async function seedToeic(refs: Refs) {
  const spec = toeicTest1;
  if (!toeicComplete() || (await testExists(refs.tx, spec.slug))) return;
  const exam = await formatsOf(refs.tx, 'toeic', 'listening-reading');
  if (exam?.formatIds.length !== 7) return;
  const [p1, p2, p3, p4, p5, p6, p7] = exam.formatIds as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];

  const part1: ItemRef[] = [];
  for (const [index, item] of spec.part1.entries()) {
    const statements = item.statements.map((text, i) => `(${LETTERS[i]}) ${text}`);
    part1.push(
      await single(refs, p1, {
        ...choiceQuestion(
          refs,
          {
            ...item,
            stem: 'Look at the picture. Choose the statement that best describes it.',
            options: item.statements,
          },
          'A2',
          ['toeic', 'part-1'],
        ),
        explanation_vi: para(`Transcript: ${statements.join(' ')}`) + para(item.vi),
        explanation_en: para(`Transcript: ${statements.join(' ')}`) + para(item.en),
        audio_id: await upload(refs, clipName(1, index)),
        image_id: await upload(refs, item.image),
      }),
    );
  }

  const part2: ItemRef[] = [];
  for (const [index, item] of spec.part2.entries()) {
    const transcript = para(`Transcript: “${item.prompt.text}”`);
    part2.push(
      await single(refs, p2, {
        ...baseQuestion(refs, 'single_choice', 'B1', ['toeic', 'part-2']),
        stem: para('Listen to the question or statement and choose the best response.'),
        options: item.responses.map((content, i) => ({ key: LETTERS[i]!, content: esc(content) })),
        answer: { key: item.answer },
        explanation_vi: transcript + para(item.vi),
        explanation_en: transcript + para(item.en),
        audio_id: await upload(refs, clipName(2, index)),
      }),
    );
  }

  const part3 = await listeningSets(refs, p3, 3, spec.part3);
  const part4 = await listeningSets(refs, p4, 4, spec.part4);
  const part5: ItemRef[] = [];
  for (const question of spec.part5)
    part5.push(await single(refs, p5, choiceQuestion(refs, question, 'B1', ['toeic', 'part-5'])));
  const part6 = await textSets(refs, p6, 6, spec.part6);
  const part7 = await textSets(refs, p7, 7, spec.part7);
  await publish(refs, { ...spec, examId: exam.examId }, [part1, part2, part3, part4, part5, part6, part7]);
}

// ---------------------------------------------------------------- Grammar & Writing Check

async function seedGrammarWriting(refs: Refs) {
  const spec = grammarWritingTest1;
  if (await testExists(refs.tx, spec.slug)) return;
  const exam = await formatsOf(refs.tx, 'general-english', 'grammar-writing');
  if (exam?.formatIds.length !== spec.parts.length) return;
  const sections: ItemRef[][] = [];
  for (const [index, part] of spec.parts.entries()) {
    const tags = ['grammar-writing', index === 0 ? 'grammar' : 'writing'];
    const items: ItemRef[] = [];
    for (const question of part) {
      items.push(await single(refs, exam.formatIds[index]!, seedQuestion(refs, question, 'B1', tags)));
    }
    sections.push(items);
  }
  await publish(refs, { ...spec, examId: exam.examId }, sections);
}

// ---------------------------------------------------------------- step

/**
 * Prepwise's original practice tests (issue 4): IELTS Academic Reading – Đề luyện 1,
 * TOEIC Listening & Reading – Đề luyện 1 and Grammar & Writing Check – Đề luyện 1 (version 3), built and
 * published through the same services as the admin API. A test whose slug already exists is left alone.
 */
export const practiceTestsStep: SeedStep = {
  name: 'practice-tests',
  version: '3',
  demo: true,
  async run(tx, { storage }) {
    const [author] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const types = await tx.select().from(questionTypes).where(isNull(questionTypes.organizationId));
    const levelRows = await tx.select().from(levels).where(isNull(levels.organizationId));
    const refs: Refs = {
      tx,
      storage,
      // Without an admin account the content is simply authored by nobody (created_by is nullable).
      userId: author?.id ?? (null as unknown as string),
      types: new Map(types.map((type) => [type.answerKind, type.id])),
      levels: new Map(levelRows.map((level) => [level.code, level.id])),
    };
    await seedIelts(refs);
    await seedToeic(refs);
    await seedGrammarWriting(refs);
    await assignLevel(refs, ieltsReadingTest1.slug, 'B2');
    await assignLevel(refs, toeicTest1.slug, 'B1');
    await assignLevel(refs, grammarWritingTest1.slug, 'B1');
  },
};
