import { type AnswerKind, bandWeightOf } from '@prepwise/contract';
import { and, arrayContains, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  categories,
  examFormats,
  exams,
  levels,
  pointConfigs,
  questions,
  questionTypes,
  tests,
  users,
} from '../db/schema';
import { publishTest } from '../modules/practice-tests/practice-tests.service';
import { PLATFORM } from '../tenancy/tenant';
import { esc } from './content/html';
import { ieltsListeningTest1, type ListeningPart } from './content/ielts/listening';
import { ieltsSpeakingTest1, type SpeakingPrompt } from './content/ielts/speaking';
import { ieltsWritingTest1, type WritingTask } from './content/ielts/writing';
import {
  assignLevel,
  baseQuestion,
  group,
  type ItemRef,
  ieltsReadingSections,
  publish,
  type Refs,
  seedQuestion,
  single,
  testExists,
  transcriptHtml,
  upload,
} from './practice-tests';
import { speakingType } from './speaking-practice';
import type { SeedStep } from './step';

/*
 * The original full IELTS Academic test (issue 28): IELTS Listening, Academic Writing and a full Speaking
 * test as separate skill tests, and one four-skill test holding Listening, Reading, Writing and Speaking in
 * the real test's order.
 *
 * A test belongs to one exam and its sections are that exam's parts (a question belongs to one part), so the
 * four-skill test has an exam of its own, "IELTS Academic – 4 skills", whose twelve parts are the four
 * skills' parts, each scored in its skill's section (listening, reading, writing, speaking). No model change:
 * the four-skill test holds its own copies of the skill tests' questions.
 */

export const FULL_TEST_TITLE = 'IELTS Academic — Đề thi đầy đủ 1';
export const FULL_TEST_SLUG = 'ielts-academic-full-test-1';
const SOURCE_NOTE = 'Prepwise – nội dung gốc, IELTS đề luyện 1';

type Skill = 'listening' | 'reading' | 'writing' | 'speaking';

interface PartSeed {
  name: string;
  nameEn: string;
  skill: Skill;
  count: number;
  kinds: AnswerKind[];
  audio: boolean;
  vi: string;
  en: string;
}

const LISTENING_KINDS: AnswerKind[] = [
  'gap_fill',
  'single_choice',
  'matching',
  'short_answer',
  'multiple_choice',
];
const READING_KINDS: AnswerKind[] = [
  'true_false_not_given',
  'gap_fill',
  'matching',
  'single_choice',
  'short_answer',
];

const LISTENING_PARTS: PartSeed[] = [
  ['một cuộc hội thoại trong tình huống đời thường', 'a conversation in an everyday setting'],
  ['một người nói về một chủ đề đời thường', 'one person talking about an everyday topic'],
  ['một cuộc thảo luận trong môi trường học thuật', 'a discussion in an academic setting'],
  ['một bài giảng học thuật', 'an academic lecture'],
].map(([vi, en], index) => ({
  name: `Listening – Part ${index + 1}`,
  nameEn: `Listening – Part ${index + 1}`,
  skill: 'listening',
  count: 10,
  kinds: LISTENING_KINDS,
  audio: true,
  vi: `<p>Nghe ${vi} và trả lời câu ${index * 10 + 1}–${index * 10 + 10}. Bản ghi chỉ phát một lần; đọc trước câu hỏi trong lúc chờ.</p>`,
  en: `<p>Listen to ${en} and answer questions ${index * 10 + 1}–${index * 10 + 10}. You hear the recording once; read the questions while you wait.</p>`,
}));

const READING_PARTS: PartSeed[] = [13, 13, 14].map((count, index) => ({
  name: `Reading – Passage ${index + 1}`,
  nameEn: `Reading – Passage ${index + 1}`,
  skill: 'reading',
  count,
  kinds: READING_KINDS,
  audio: false,
  vi: `<p>Đọc bài ${index + 1} và trả lời các câu hỏi. Nên dành khoảng 20 phút cho phần này.</p>`,
  en: `<p>Read passage ${index + 1} and answer the questions. Spend about 20 minutes on it.</p>`,
}));

const WRITING_PARTS: PartSeed[] = [
  {
    name: 'Writing – Task 1',
    nameEn: 'Writing – Task 1',
    skill: 'writing',
    count: 1,
    kinds: ['essay'],
    audio: false,
    vi: '<p>Mô tả biểu đồ, bảng hoặc sơ đồ bằng ít nhất 150 từ. Nên dành khoảng 20 phút. Giáo viên chấm theo bốn tiêu chí IELTS (Task Achievement, Coherence and Cohesion, Lexical Resource, Grammatical Range and Accuracy).</p>',
    en: '<p>Describe the chart, table or diagram in at least 150 words. Spend about 20 minutes. A teacher marks it on the four IELTS criteria (Task Achievement, Coherence and Cohesion, Lexical Resource, Grammatical Range and Accuracy).</p>',
  },
  {
    name: 'Writing – Task 2',
    nameEn: 'Writing – Task 2',
    skill: 'writing',
    count: 1,
    kinds: ['essay'],
    audio: false,
    vi: '<p>Viết bài luận ít nhất 250 từ. Nên dành khoảng 40 phút. Giáo viên chấm theo bốn tiêu chí IELTS (Task Response, Coherence and Cohesion, Lexical Resource, Grammatical Range and Accuracy).</p>',
    en: '<p>Write an essay of at least 250 words. Spend about 40 minutes. A teacher marks it on the four IELTS criteria (Task Response, Coherence and Cohesion, Lexical Resource, Grammatical Range and Accuracy).</p>',
  },
];

const SPEAKING_PARTS: PartSeed[] = [
  {
    name: 'Speaking – Part 1',
    nameEn: 'Speaking – Part 1',
    skill: 'speaking',
    count: 4,
    kinds: ['speaking'],
    audio: false,
    vi: '<p>Phần phỏng vấn: trả lời ngắn (khoảng 30 giây) các câu hỏi về bản thân. Máy ghi âm tự bắt đầu sau vài giây và tự dừng khi hết giờ.</p>',
    en: '<p>Interview: answer questions about yourself briefly (about 30 seconds each). Recording starts after a few seconds and stops when the time is up.</p>',
  },
  {
    name: 'Speaking – Part 2',
    nameEn: 'Speaking – Part 2',
    skill: 'speaking',
    count: 1,
    kinds: ['speaking'],
    audio: false,
    vi: '<p>Phần nói dài: đọc thẻ gợi ý, có 1 phút chuẩn bị (được ghi chú), rồi nói tối đa 2 phút.</p>',
    en: '<p>Long turn: read the cue card, take one minute to prepare (you may make notes), then talk for up to two minutes.</p>',
  },
  {
    name: 'Speaking – Part 3',
    nameEn: 'Speaking – Part 3',
    skill: 'speaking',
    count: 3,
    kinds: ['speaking'],
    audio: false,
    vi: '<p>Phần thảo luận: trả lời các câu hỏi mở rộng từ chủ đề Part 2, nêu lý do và ví dụ (khoảng 1 phút mỗi câu).</p>',
    en: '<p>Discussion: answer broader questions linked to the Part 2 topic, with reasons and examples (about a minute each).</p>',
  },
];

/** The skill tests' parts are named without the skill ("Part 1"), the four-skill test's with it. */
const withoutSkill = (parts: PartSeed[]) =>
  parts.map((part) => ({
    ...part,
    name: part.name.replace(/^[A-Za-z]+ – /, ''),
    nameEn: part.nameEn.replace(/^[A-Za-z]+ – /, ''),
  }));

/** The exams this step makes: the three skill exams the seed lacked, and the four-skill exam. */
const EXAMS = [
  {
    slug: 'listening',
    name: 'IELTS Listening',
    nameEn: 'IELTS Listening',
    description: '4 phần, 40 câu, khoảng 30 phút (thêm thời gian kiểm tra đáp án).',
    durationMinutes: 32,
    parts: withoutSkill(LISTENING_PARTS),
  },
  {
    slug: 'academic-writing',
    name: 'IELTS Academic Writing',
    nameEn: 'IELTS Academic Writing',
    description: 'Task 1 (biểu đồ, ít nhất 150 từ) và Task 2 (bài luận, ít nhất 250 từ), 60 phút.',
    durationMinutes: 60,
    parts: withoutSkill(WRITING_PARTS),
  },
  {
    slug: 'speaking-full',
    name: 'IELTS Speaking – đầy đủ 3 phần',
    nameEn: 'IELTS Speaking – Parts 1–3',
    description: 'Phỏng vấn, thẻ gợi ý (1 phút chuẩn bị, 2 phút nói) và thảo luận, 11–14 phút.',
    durationMinutes: 15,
    parts: withoutSkill(SPEAKING_PARTS),
  },
  {
    slug: 'academic',
    name: 'IELTS Academic – 4 kỹ năng',
    nameEn: 'IELTS Academic – 4 skills',
    description:
      'Bài thi đầy đủ theo thứ tự thật: Listening (40 câu), Reading (40 câu), Writing (2 task), Speaking (3 phần); band tổng là trung bình bốn kỹ năng.',
    durationMinutes: 167,
    parts: [...LISTENING_PARTS, ...READING_PARTS, ...WRITING_PARTS, ...SPEAKING_PARTS],
  },
] as const;

/** Raw /40 → band, the usual Listening guidance; each real test's cut-offs vary, so it is an estimate. */
export const IELTS_LISTENING_BANDS = [
  [0, 0],
  [1, 1],
  [2, 1.5],
  [3, 2],
  [4, 2.5],
  [6, 3],
  [8, 3.5],
  [10, 4],
  [13, 4.5],
  [16, 5],
  [18, 5.5],
  [23, 6],
  [26, 6.5],
  [30, 7],
  [32, 7.5],
  [35, 8],
  [37, 8.5],
  [39, 9],
  [40, 9],
].map(([raw, score]) => ({ raw: raw!, score: score! }));

async function ensureExam(
  tx: Db,
  categoryId: string,
  spec: (typeof EXAMS)[number],
  types: Map<AnswerKind, string>,
) {
  let [exam] = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.categoryId, categoryId), eq(exams.slug, spec.slug)));
  if (!exam) {
    [exam] = await tx
      .insert(exams)
      .values({
        categoryId,
        name: spec.name,
        nameEn: spec.nameEn,
        slug: spec.slug,
        description: spec.description,
        durationMinutes: spec.durationMinutes,
      })
      .returning({ id: exams.id });
    await tx.insert(examFormats).values(
      spec.parts.map((part, position) => ({
        examId: exam!.id,
        name: part.name,
        nameEn: part.nameEn,
        position,
        skill: part.skill,
        instructionsVi: part.vi,
        instructionsEn: part.en,
        questionCount: part.count,
        allowedQuestionTypeIds: part.kinds.map((kind) => types.get(kind)!).filter(Boolean),
        audioPolicy: part.audio ? ('play_once' as const) : ('none' as const),
        scoreSection: part.skill,
      })),
    );
  }
  const formats = await tx
    .select({ id: examFormats.id })
    .from(examFormats)
    .where(eq(examFormats.examId, exam!.id))
    .orderBy(asc(examFormats.position));
  return { examId: exam!.id, formatIds: formats.map((format) => format.id) };
}

async function ensureTable(
  tx: Db,
  examId: string,
  name: string,
  section: 'listening' | 'reading',
  table: { raw: number; score: number }[],
) {
  const [existing] = await tx
    .select({ id: pointConfigs.id })
    .from(pointConfigs)
    .where(
      and(isNull(pointConfigs.organizationId), eq(pointConfigs.examId, examId), eq(pointConfigs.name, name)),
    );
  if (!existing)
    await tx.insert(pointConfigs).values({ examId, name, section, method: 'table', table, isEstimate: true });
}

// ---------------------------------------------------------------- the skills' sections

async function listeningSections(refs: Refs, formatIds: string[]): Promise<ItemRef[][]> {
  const levels = ['B1', 'B1', 'B2', 'B2'];
  const sections: ItemRef[][] = [];
  for (const [index, part] of (ieltsListeningTest1.parts as ListeningPart[]).entries()) {
    const level = levels[index]!;
    const tags = ['ielts', 'listening', `part-${index + 1}`];
    sections.push([
      await group(
        refs,
        formatIds[index]!,
        level,
        {
          title: part.title,
          transcript: transcriptHtml([{ who: 'narrator', text: part.intro }, ...part.lines]),
          audio: part.clip,
        },
        part.questions.map((question) => ({
          ...seedQuestion(refs, question, level, tags),
          source_note: SOURCE_NOTE,
        })),
      ),
    ]);
  }
  return sections;
}

const paras = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${esc(block)}</p>`)
    .join('');

async function writingSections(refs: Refs, formatIds: string[]): Promise<ItemRef[][]> {
  const sections: ItemRef[][] = [];
  for (const [index, task] of (ieltsWritingTest1.tasks as WritingTask[]).entries()) {
    sections.push([
      await single(refs, formatIds[index]!, {
        ...baseQuestion(refs, 'essay', 'B2', ['ielts', 'academic-writing', `task-${index + 1}`]),
        source_note: SOURCE_NOTE,
        stem: paras(task.stem),
        options: [],
        answer: {
          guidance: task.guidance,
          rubric: 'ielts_writing',
          min_words: task.minWords,
          ...(task.bandWeight !== 1 ? { band_weight: task.bandWeight } : {}),
        },
        explanation_vi: null,
        explanation_en: null,
        image_id: task.image ? await upload(refs, task.image) : null,
      }),
    ]);
  }
  return sections;
}

async function speakingSections(refs: Refs, formatIds: string[], typeId: string): Promise<ItemRef[][]> {
  const sections: ItemRef[][] = [];
  for (const [index, prompts] of (ieltsSpeakingTest1.parts as SpeakingPrompt[][]).entries()) {
    const items: ItemRef[] = [];
    for (const prompt of prompts) {
      items.push(
        await single(refs, formatIds[index]!, {
          ...baseQuestion(refs, 'essay', 'B2', ['ielts', 'speaking', `part-${index + 1}`]),
          question_type_id: typeId,
          source_note: SOURCE_NOTE,
          stem: `<p>${esc(prompt.stem)}</p>`,
          options: [],
          answer: {
            preparation_seconds: prompt.preparationSeconds,
            speaking_seconds: prompt.speakingSeconds,
            prompt_mode: 'text',
            cue_card: prompt.cueCard,
            rubric: 'ielts_speaking',
          },
          explanation_vi: null,
          explanation_en: null,
        }),
      );
    }
    sections.push(items);
  }
  return sections;
}

/**
 * Version 2: Writing Task 2 counts twice as much as Task 1 in the Writing band (`band_weight`). A database
 * seeded at version 1 holds the writing tasks without their weight: each seeded task gets it, and the
 * published tests holding them are published again (a new version; attempts already started keep theirs).
 */
async function weighWritingTasks(refs: Refs) {
  let changed = false;
  for (const [index, task] of (ieltsWritingTest1.tasks as WritingTask[]).entries()) {
    const rows = await refs.tx
      .select({ id: questions.id, answer: questions.answer })
      .from(questions)
      .where(
        and(
          isNull(questions.organizationId),
          eq(questions.sourceNote, SOURCE_NOTE),
          arrayContains(questions.tags, ['academic-writing', `task-${index + 1}`]),
        ),
      );
    for (const row of rows) {
      if (bandWeightOf(row.answer) === task.bandWeight) continue;
      const answer = { ...(row.answer as Record<string, unknown>), band_weight: task.bandWeight };
      await refs.tx.update(questions).set({ answer, updatedAt: new Date() }).where(eq(questions.id, row.id));
      changed = true;
    }
  }
  if (!changed) return;
  for (const slug of [ieltsWritingTest1.slug, FULL_TEST_SLUG]) {
    const [test] = await refs.tx
      .select({ id: tests.id, status: tests.status })
      .from(tests)
      .where(and(isNull(tests.organizationId), eq(tests.slug, slug)));
    if (test?.status === 'published') await publishTest(refs.tx, PLATFORM, refs.userId, test.id, new Date());
  }
}

// ---------------------------------------------------------------- step

export const ieltsAcademicStep: SeedStep = {
  name: 'ielts-academic',
  // 2: Writing Task 2's band weight (see `weighWritingTasks`).
  version: '2',
  demo: true,
  async run(tx, { storage }) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(isNull(categories.organizationId), eq(categories.slug, 'ielts')));
    if (!category) return;
    const [author] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const speakingTypeId = await speakingType(tx);
    const typeRows = await tx.select().from(questionTypes).where(isNull(questionTypes.organizationId));
    const types = new Map<AnswerKind, string>();
    for (const type of typeRows) if (!types.has(type.answerKind)) types.set(type.answerKind, type.id);
    const levelRows = await tx.select().from(levels).where(isNull(levels.organizationId));
    const refs: Refs = {
      tx,
      storage,
      userId: author?.id ?? (null as unknown as string),
      types,
      levels: new Map(levelRows.map((level) => [level.code, level.id])),
    };

    const [listening, writing, speaking, academic] = [
      await ensureExam(tx, category.id, EXAMS[0], types),
      await ensureExam(tx, category.id, EXAMS[1], types),
      await ensureExam(tx, category.id, EXAMS[2], types),
      await ensureExam(tx, category.id, EXAMS[3], types),
    ] as const;
    await ensureTable(
      tx,
      listening.examId,
      'IELTS Listening band (ước tính)',
      'listening',
      IELTS_LISTENING_BANDS,
    );
    await ensureTable(
      tx,
      academic.examId,
      'IELTS Listening band (ước tính)',
      'listening',
      IELTS_LISTENING_BANDS,
    );
    const [readingTable] = await tx
      .select({ table: pointConfigs.table })
      .from(pointConfigs)
      .where(
        and(
          isNull(pointConfigs.organizationId),
          eq(pointConfigs.name, 'IELTS Academic Reading band (ước tính)'),
        ),
      );
    if (readingTable?.table) {
      await ensureTable(
        tx,
        academic.examId,
        'IELTS Academic Reading band (ước tính)',
        'reading',
        readingTable.table,
      );
    }

    const L = academic.formatIds.slice(0, 4);
    const R = academic.formatIds.slice(4, 7);
    const W = academic.formatIds.slice(7, 9);
    const S = academic.formatIds.slice(9, 12);

    if (!(await testExists(tx, ieltsListeningTest1.slug))) {
      await publish(
        refs,
        { ...ieltsListeningTest1, examId: listening.examId },
        await listeningSections(refs, listening.formatIds),
      );
    }
    if (!(await testExists(tx, ieltsWritingTest1.slug))) {
      await publish(
        refs,
        { ...ieltsWritingTest1, examId: writing.examId },
        await writingSections(refs, writing.formatIds),
      );
    }
    if (!(await testExists(tx, ieltsSpeakingTest1.slug))) {
      await publish(
        refs,
        { ...ieltsSpeakingTest1, examId: speaking.examId },
        await speakingSections(refs, speaking.formatIds, speakingTypeId),
      );
    }
    if (!(await testExists(tx, FULL_TEST_SLUG))) {
      await publish(
        refs,
        {
          examId: academic.examId,
          title: FULL_TEST_TITLE,
          slug: FULL_TEST_SLUG,
          description:
            '<p>Bài thi IELTS Academic đầy đủ do Prepwise biên soạn, theo đúng thứ tự bài thi thật: Listening (40 câu), Reading (40 câu), Writing (Task 1 và Task 2) và Speaking (Part 1–3). Listening và Reading có band ngay khi nộp bài; Writing và Speaking có band khi giáo viên chấm, rồi band tổng xuất hiện.</p>',
          durationMinutes: 167,
        },
        [
          ...(await listeningSections(refs, L)),
          ...(await ieltsReadingSections(refs, R)),
          ...(await writingSections(refs, W)),
          ...(await speakingSections(refs, S, speakingTypeId)),
        ],
      );
    }
    await weighWritingTasks(refs);
    await assignLevel(refs, ieltsListeningTest1.slug, 'B2');
    await assignLevel(refs, ieltsWritingTest1.slug, 'B2');
    await assignLevel(refs, ieltsSpeakingTest1.slug, 'B2');
    await assignLevel(refs, FULL_TEST_SLUG, 'B2');
  },
};
