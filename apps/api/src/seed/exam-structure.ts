import type { AnswerKind } from '@prepwise/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, examFormats, exams, levels, pointConfigs, questionTypes } from '../db/schema';
import type { SeedStep } from './step';

const LEVELS = [
  ['A1', 'A1 – Sơ cấp', 'Hiểu và dùng các cụm từ quen thuộc hằng ngày.'],
  ['A2', 'A2 – Cơ bản', 'Giao tiếp trong các tình huống đơn giản, quen thuộc.'],
  ['B1', 'B1 – Trung cấp', 'Xử lý phần lớn tình huống khi đi làm, đi học, du lịch.'],
  ['B2', 'B2 – Trung cao cấp', 'Hiểu ý chính của văn bản phức tạp; trao đổi trôi chảy.'],
  ['C1', 'C1 – Cao cấp', 'Dùng tiếng Anh linh hoạt, hiệu quả cho học thuật và công việc.'],
  ['C2', 'C2 – Thành thạo', 'Hiểu gần như mọi thứ nghe và đọc được; diễn đạt tinh tế.'],
] as const;

const QUESTION_TYPES: [string, AnswerKind, 'all_or_nothing' | 'partial' | 'manual', string][] = [
  [
    'Trắc nghiệm một đáp án',
    'single_choice',
    'all_or_nothing',
    'Chọn một phương án đúng trong các phương án cho sẵn.',
  ],
  [
    'Trắc nghiệm nhiều đáp án',
    'multiple_choice',
    'partial',
    'Chọn tất cả phương án đúng; mỗi lựa chọn đúng được tính điểm.',
  ],
  [
    'True / False / Not Given',
    'true_false_not_given',
    'all_or_nothing',
    'Xác định nhận định đúng, sai hay không được nhắc tới.',
  ],
  [
    'Điền vào chỗ trống',
    'gap_fill',
    'all_or_nothing',
    'Gõ từ hoặc cụm từ; chấp nhận các biến thể đã khai báo.',
  ],
  ['Nối thông tin', 'matching', 'partial', 'Ghép mỗi mục với phương án phù hợp.'],
  ['Sắp xếp thứ tự', 'ordering', 'partial', 'Sắp xếp các mục theo đúng thứ tự.'],
  ['Trả lời ngắn', 'short_answer', 'all_or_nothing', 'Trả lời bằng một vài từ lấy từ bài.'],
  ['Bài viết (chấm tay)', 'essay', 'manual', 'Bài viết tự luận, giáo viên chấm điểm.'],
];

type FormatSeed = {
  name: string;
  skill: 'listening' | 'reading' | 'writing';
  questionCount: number;
  audioPolicy: 'none' | 'play_once';
  /** The statements or responses are only heard (TOEIC Parts 1–2). */
  heardOnly?: boolean;
  section: 'listening' | 'reading' | 'grammar' | 'writing';
  kinds: AnswerKind[];
  vi: string;
  en: string;
};

const TOEIC_PARTS: FormatSeed[] = [
  {
    name: 'Part 1 – Mô tả tranh',
    skill: 'listening',
    questionCount: 6,
    audioPolicy: 'play_once',
    heardOnly: true,
    section: 'listening',
    kinds: ['single_choice'],
    vi: '<p>Nghe bốn câu mô tả bức tranh và chọn câu mô tả đúng nhất.</p>',
    en: '<p>Listen to four statements about a photograph and choose the one that best describes it.</p>',
  },
  {
    name: 'Part 2 – Hỏi – đáp',
    skill: 'listening',
    questionCount: 25,
    audioPolicy: 'play_once',
    heardOnly: true,
    section: 'listening',
    kinds: ['single_choice'],
    vi: '<p>Nghe một câu hỏi hoặc câu nói và ba câu trả lời; chọn câu trả lời phù hợp nhất.</p>',
    en: '<p>Listen to a question or statement and three responses; choose the best response.</p>',
  },
  {
    name: 'Part 3 – Hội thoại ngắn',
    skill: 'listening',
    questionCount: 39,
    audioPolicy: 'play_once',
    section: 'listening',
    kinds: ['single_choice'],
    vi: '<p>Nghe các đoạn hội thoại và trả lời ba câu hỏi cho mỗi đoạn.</p>',
    en: '<p>Listen to conversations and answer three questions about each.</p>',
  },
  {
    name: 'Part 4 – Bài nói ngắn',
    skill: 'listening',
    questionCount: 30,
    audioPolicy: 'play_once',
    section: 'listening',
    kinds: ['single_choice'],
    vi: '<p>Nghe các bài nói ngắn và trả lời ba câu hỏi cho mỗi bài.</p>',
    en: '<p>Listen to short talks and answer three questions about each.</p>',
  },
  {
    name: 'Part 5 – Hoàn thành câu',
    skill: 'reading',
    questionCount: 30,
    audioPolicy: 'none',
    section: 'reading',
    kinds: ['single_choice'],
    vi: '<p>Chọn từ hoặc cụm từ đúng để hoàn thành câu.</p>',
    en: '<p>Choose the word or phrase that best completes the sentence.</p>',
  },
  {
    name: 'Part 6 – Hoàn thành đoạn văn',
    skill: 'reading',
    questionCount: 16,
    audioPolicy: 'none',
    section: 'reading',
    kinds: ['single_choice'],
    vi: '<p>Chọn từ, cụm từ hoặc câu đúng để hoàn thành đoạn văn.</p>',
    en: '<p>Choose the word, phrase or sentence that best completes the text.</p>',
  },
  {
    name: 'Part 7 – Đọc hiểu',
    skill: 'reading',
    questionCount: 54,
    audioPolicy: 'none',
    section: 'reading',
    kinds: ['single_choice'],
    vi: '<p>Đọc các văn bản đơn và văn bản kép rồi trả lời câu hỏi.</p>',
    en: '<p>Read single and multiple texts and answer the questions.</p>',
  },
];

const IELTS_READING_KINDS: AnswerKind[] = [
  'true_false_not_given',
  'gap_fill',
  'matching',
  'single_choice',
  'short_answer',
];
const IELTS_PASSAGES: FormatSeed[] = [13, 13, 14].map((questionCount, index) => ({
  name: `Passage ${index + 1}`,
  skill: 'reading',
  questionCount,
  audioPolicy: 'none',
  section: 'reading',
  kinds: IELTS_READING_KINDS,
  vi: `<p>Đọc bài ${index + 1} và trả lời các câu hỏi. Nên dành khoảng 20 phút cho phần này.</p>`,
  en: `<p>Read passage ${index + 1} and answer the questions. Spend about 20 minutes on it.</p>`,
}));

/** A short general-English check: grammar and sentence building, then one short piece of writing. */
const GRAMMAR_WRITING_PARTS: FormatSeed[] = [
  {
    name: 'Part 1 – Grammar & sentence building',
    skill: 'reading',
    questionCount: 9,
    audioPolicy: 'none',
    section: 'grammar',
    kinds: ['single_choice', 'multiple_choice', 'ordering', 'gap_fill'],
    vi: '<p>Chọn một hoặc nhiều đáp án đúng theo yêu cầu của từng câu, hoặc sắp xếp các phần thành câu và đoạn văn đúng. Nên dành khoảng 20 phút.</p>',
    en: '<p>Choose one or more correct answers as each question asks, or put the parts in order to make a correct sentence or text. Spend about 20 minutes.</p>',
  },
  {
    name: 'Part 2 – Writing',
    skill: 'writing',
    questionCount: 1,
    audioPolicy: 'none',
    section: 'writing',
    kinds: ['essay'],
    vi: '<p>Viết theo đúng yêu cầu và số từ. Bài viết được giáo viên chấm sau khi bạn nộp bài. Nên dành khoảng 15 phút.</p>',
    en: '<p>Write what the task asks, within the word limit. A teacher marks your writing after you submit. Spend about 15 minutes.</p>',
  },
];

const roundTo5 = (value: number) => Math.round(value / 5) * 5;

/** Prepwise's own approximation (not ETS data): each TOEIC form is equated separately. */
function toeicTable(section: 'listening' | 'reading') {
  return Array.from({ length: 101 }, (_, raw) => {
    const score = section === 'listening' ? 15 + raw * 4.85 : 5 + raw * 4.9;
    return { raw, score: raw === 0 ? 5 : Math.min(495, Math.max(5, roundTo5(score))) };
  });
}

/** Raw /40 → band, the usual Academic Reading guidance; each test's real cut-offs vary slightly. */
const IELTS_ACADEMIC_READING = [
  [0, 0],
  [1, 1],
  [2, 1.5],
  [3, 2],
  [4, 2.5],
  [6, 3],
  [8, 3.5],
  [10, 4],
  [13, 4.5],
  [15, 5],
  [19, 5.5],
  [23, 6],
  [27, 6.5],
  [30, 7],
  [33, 7.5],
  [35, 8],
  [37, 8.5],
  [39, 9],
  [40, 9],
].map(([raw, score]) => ({ raw: raw!, score: score! }));

async function upsertCategory(tx: Db, name: string, slug: string, description: string, position: number) {
  const [existing] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(isNull(categories.organizationId), eq(categories.slug, slug)));
  if (existing) return existing.id;
  const [row] = await tx
    .insert(categories)
    .values({ name, slug, description, position })
    .returning({ id: categories.id });
  return row!.id;
}

async function seedExam(
  tx: Db,
  categoryId: string,
  exam: { name: string; slug: string; description: string; durationMinutes: number },
  parts: FormatSeed[],
  typeIds: Map<AnswerKind, string>,
) {
  const [existing] = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.categoryId, categoryId), eq(exams.slug, exam.slug)));
  if (existing) return existing.id;
  const [row] = await tx
    .insert(exams)
    .values({ ...exam, categoryId })
    .returning({ id: exams.id });
  await tx.insert(examFormats).values(
    parts.map((part, position) => ({
      examId: row!.id,
      name: part.name,
      position,
      skill: part.skill,
      instructionsVi: part.vi,
      instructionsEn: part.en,
      questionCount: part.questionCount,
      allowedQuestionTypeIds: part.kinds.map((kind) => typeIds.get(kind)!),
      audioPolicy: part.audioPolicy,
      heardOnly: part.heardOnly ?? false,
      scoreSection: part.section,
    })),
  );
  return row!.id;
}

/** Version 2 adds the general-English Grammar & Writing Check; existing exams are left as they are. */
export const examStructureStep: SeedStep = {
  name: 'exam-structure',
  version: '2',
  demo: false,
  async run(tx) {
    await tx
      .insert(levels)
      .values(LEVELS.map(([code, name, description], position) => ({ code, name, description, position })))
      .onConflictDoNothing();
    await tx
      .insert(questionTypes)
      .values(
        QUESTION_TYPES.map(([name, answerKind, scoringRule, description]) => ({
          name,
          answerKind,
          scoringRule,
          description,
        })),
      )
      .onConflictDoNothing();
    const types = await tx.select().from(questionTypes).where(isNull(questionTypes.organizationId));
    const typeIds = new Map<AnswerKind, string>();
    for (const type of types) if (!typeIds.has(type.answerKind)) typeIds.set(type.answerKind, type.id);

    const toeic = await upsertCategory(
      tx,
      'TOEIC',
      'toeic',
      'Bài thi tiếng Anh trong môi trường làm việc quốc tế.',
      0,
    );
    const ielts = await upsertCategory(tx, 'IELTS', 'ielts', 'Bài thi tiếng Anh học thuật và di trú.', 1);
    const toeicLr = await seedExam(
      tx,
      toeic,
      {
        name: 'TOEIC Listening & Reading',
        slug: 'listening-reading',
        description: '200 câu, 120 phút: 100 câu nghe và 100 câu đọc.',
        durationMinutes: 120,
      },
      TOEIC_PARTS,
      typeIds,
    );
    const ieltsReading = await seedExam(
      tx,
      ielts,
      {
        name: 'IELTS Academic Reading',
        slug: 'academic-reading',
        description: '3 bài đọc, 40 câu, 60 phút.',
        durationMinutes: 60,
      },
      IELTS_PASSAGES,
      typeIds,
    );
    const generalEnglish = await upsertCategory(
      tx,
      'Tiếng Anh tổng quát',
      'general-english',
      'Kiểm tra ngữ pháp và kỹ năng viết nền tảng, không gắn với một kỳ thi cụ thể.',
      2,
    );
    await seedExam(
      tx,
      generalEnglish,
      {
        name: 'Grammar & Writing Check',
        slug: 'grammar-writing',
        description: '10 câu, 35 phút: ngữ pháp, sắp xếp câu và một bài viết ngắn do giáo viên chấm.',
        durationMinutes: 35,
      },
      GRAMMAR_WRITING_PARTS,
      typeIds,
    );
    const tables = [
      {
        examId: toeicLr,
        name: 'TOEIC Listening (ước tính)',
        section: 'listening',
        table: toeicTable('listening'),
      },
      { examId: toeicLr, name: 'TOEIC Reading (ước tính)', section: 'reading', table: toeicTable('reading') },
      {
        examId: ieltsReading,
        name: 'IELTS Academic Reading band (ước tính)',
        section: 'reading',
        table: IELTS_ACADEMIC_READING,
      },
    ];
    for (const config of tables) {
      const [existing] = await tx
        .select({ id: pointConfigs.id })
        .from(pointConfigs)
        .where(
          and(
            isNull(pointConfigs.organizationId),
            eq(pointConfigs.examId, config.examId),
            eq(pointConfigs.name, config.name),
          ),
        );
      if (!existing) await tx.insert(pointConfigs).values({ ...config, method: 'table', isEstimate: true });
    }
  },
};
