import type { SpeakingSettings } from '@prepwise/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, examFormats, exams, questionTypes, tests, users } from '../db/schema';
import { createTest, publishTest, setSectionItems } from '../modules/practice-tests/practice-tests.service';
import { createQuestion } from '../modules/question-bank/question-bank.service';
import { PLATFORM } from '../tenancy/tenant';
import { esc } from './content/html';
import type { SeedStep } from './step';

/*
 * A short speaking practice (issue 28): Prepwise's own questions in the shape of IELTS Speaking, each
 * recorded in the runner. Times are shorter than the real test's so a learner (and the e2e spec) can
 * try the recorder in a few minutes: Part 1 two short answers, Part 2 one cue card.
 */

export const SPEAKING_TEST_SLUG = 'speaking-warm-up-1';
const SOURCE_NOTE = 'Prepwise – nội dung gốc, luyện nói 1';

interface SpeakingSeed {
  stem: string;
  settings: SpeakingSettings;
}

const PART_1: SpeakingSeed[] = [
  {
    stem: 'Let’s talk about your neighbourhood. What do you like most about the street where you live?',
    settings: { preparation_seconds: 3, speaking_seconds: 8, prompt_mode: 'text', cue_card: null },
  },
  {
    stem: 'How do you usually spend a rainy afternoon?',
    settings: { preparation_seconds: 3, speaking_seconds: 8, prompt_mode: 'text', cue_card: null },
  },
];

const PART_2: SpeakingSeed[] = [
  {
    stem: 'Read the card. You have time to think about what you will say, then talk about the topic.',
    settings: {
      preparation_seconds: 20,
      speaking_seconds: 60,
      prompt_mode: 'text',
      cue_card:
        'Describe a small shop or market stall you enjoy visiting.\nYou should say:\n– where it is\n– what it sells\n– who runs it\nand explain why you like going there.',
    },
  },
];

const PARTS = [
  {
    name: 'Part 1 – Introduction and interview',
    name_en: 'Part 1 – Introduction and interview',
    vi: '<p>Trả lời ngắn từng câu hỏi về bản thân. Máy ghi âm tự bắt đầu sau thời gian chuẩn bị và tự dừng khi hết giờ.</p>',
    en: '<p>Answer each question about yourself briefly. Recording starts by itself after the preparation time and stops when the time is up.</p>',
    questions: PART_1,
  },
  {
    name: 'Part 2 – Long turn',
    name_en: 'Part 2 – Long turn',
    vi: '<p>Đọc thẻ gợi ý, chuẩn bị rồi nói về chủ đề cho đến khi hết giờ.</p>',
    en: '<p>Read the cue card, prepare, then talk about the topic until the time is up.</p>',
    questions: PART_2,
  },
];

export async function speakingType(tx: Db): Promise<string> {
  const [existing] = await tx
    .select({ id: questionTypes.id })
    .from(questionTypes)
    .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, 'speaking')));
  if (existing) return existing.id;
  const [row] = await tx
    .insert(questionTypes)
    .values({
      name: 'Nói (ghi âm)',
      nameEn: 'Speaking (recorded)',
      answerKind: 'speaking',
      scoringRule: 'manual',
      description: 'Thí sinh ghi âm câu trả lời; giáo viên chấm điểm.',
    })
    .returning({ id: questionTypes.id });
  return row!.id;
}

/** The IELTS Speaking exam and its two parts, made once. */
async function speakingExam(tx: Db, typeId: string) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(isNull(categories.organizationId), eq(categories.slug, 'ielts')));
  if (!category) return null;
  let [exam] = await tx
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.categoryId, category.id), eq(exams.slug, 'speaking')));
  if (!exam) {
    [exam] = await tx
      .insert(exams)
      .values({
        categoryId: category.id,
        name: 'IELTS Speaking',
        slug: 'speaking',
        description: 'Nói với giám khảo: phần 1 phỏng vấn, phần 2 thẻ gợi ý, phần 3 thảo luận.',
        durationMinutes: 15,
      })
      .returning({ id: exams.id });
    await tx.insert(examFormats).values(
      PARTS.map((part, position) => ({
        examId: exam!.id,
        name: part.name,
        nameEn: part.name_en,
        position,
        skill: 'speaking' as const,
        instructionsVi: part.vi,
        instructionsEn: part.en,
        questionCount: part.questions.length,
        allowedQuestionTypeIds: [typeId],
        audioPolicy: 'none' as const,
        scoreSection: 'speaking',
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

export const speakingPracticeStep: SeedStep = {
  name: 'speaking-practice',
  version: '1',
  demo: true,
  async run(tx) {
    const [existing] = await tx
      .select({ id: tests.id })
      .from(tests)
      .where(and(isNull(tests.organizationId), eq(tests.slug, SPEAKING_TEST_SLUG)));
    if (existing) return;
    const [author] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const userId = author?.id ?? (null as unknown as string);
    const typeId = await speakingType(tx);
    const exam = await speakingExam(tx, typeId);
    if (exam?.formatIds.length !== PARTS.length) return;
    const now = new Date();
    const test = await createTest(
      tx,
      PLATFORM,
      userId,
      {
        exam_id: exam.examId,
        title: 'Luyện nói khởi động – Đề 1',
        title_en: 'Speaking warm-up – Practice 1',
        description: 'Ba câu hỏi nói ngắn theo dạng IELTS Speaking, ghi âm ngay trên trình duyệt.',
        description_en: 'Three short IELTS-style speaking questions, recorded in the browser.',
        slug: SPEAKING_TEST_SLUG,
        cover_id: null,
        duration_minutes: 10,
        access: 'free',
        attempts_allowed: null,
        answer_visibility: 'after_submit',
      },
      now,
    );
    for (const [index, part] of PARTS.entries()) {
      const items = [];
      for (const question of part.questions) {
        const created = await createQuestion(tx, PLATFORM, userId, {
          format_id: exam.formatIds[index]!,
          level_id: null,
          question_type_id: typeId,
          stem: `<p>${esc(question.stem)}</p>`,
          options: [],
          items: [],
          answer: question.settings,
          explanation_vi: null,
          explanation_en: null,
          tags: ['ielts', 'speaking', `part-${index + 1}`],
          source_note: SOURCE_NOTE,
          audio_id: null,
          image_id: null,
        });
        items.push({ question_id: created.id });
      }
      await setSectionItems(tx, PLATFORM, test.id, test.sections[index]!.id, items, now);
    }
    await publishTest(tx, PLATFORM, userId, test.id, now);
  },
};
