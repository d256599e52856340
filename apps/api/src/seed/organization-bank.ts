import type { AnswerKind } from '@prepwise/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  categories,
  examFormats,
  exams,
  levels,
  organizations,
  questionTypes,
  tests,
  users,
} from '../db/schema';
import { seedDemoAssignment } from '../modules/assignments/demo-assignment.service';
import {
  createTest,
  publishTest,
  setSectionBlueprint,
  setSectionItems,
} from '../modules/practice-tests/practice-tests.service';
import {
  createGroup,
  createQuestion,
  type QuestionInput,
} from '../modules/question-bank/question-bank.service';
import type { Tenant } from '../tenancy/tenant';
import { esc } from './content/html';
import { TEST_DESCRIPTIONS_EN, TEST_TITLES_EN } from './english-names';
import type { SeedStep } from './step';

/**
 * The demo organization's own question bank (issue 15), written for Prepwise: grammar questions of the
 * platform's "Grammar & Writing Check" (part 1), a short cloze passage as a group, two writing tasks
 * (part 2), and one published manual test picked from them by hand. The teacher of the demo centre
 * (its owner) is the author; everything goes through the bank's and the tests' services.
 */

const SOURCE_NOTE = 'Trung tâm Prepwise Demo – ngân hàng riêng';
const TEST_SLUG = 'kiem-tra-ngu-phap-va-viet-b1';
const SMART_TEST_SLUG = 'kiem-tra-nhanh-ngu-phap-de-tron';
const SMART_TEST_TITLE = 'Kiểm tra nhanh ngữ pháp – đề trộn cho từng học viên';

type Choice = {
  stem: string;
  options: string[];
  answer: number;
  level: 'A2' | 'B1' | 'B2';
  tags: string[];
  vi: string;
  en: string;
};

const LETTERS = ['A', 'B', 'C', 'D'];

/** Single-choice grammar questions: one correct option each. */
const CHOICES: Choice[] = [
  {
    stem: 'My brother ___ in Hue since he finished university.',
    options: ['lives', 'has lived', 'is living', 'lived'],
    answer: 1,
    level: 'B1',
    tags: ['present-perfect'],
    vi: '"since" + mốc thời gian → thì hiện tại hoàn thành: has lived.',
    en: '"since" with a point in time calls for the present perfect: has lived.',
  },
  {
    stem: 'If it ___ tomorrow, we will move the class picnic indoors.',
    options: ['rains', 'will rain', 'rained', 'is raining'],
    answer: 0,
    level: 'A2',
    tags: ['conditionals'],
    vi: 'Câu điều kiện loại 1: mệnh đề "if" dùng hiện tại đơn.',
    en: 'First conditional: the if-clause takes the present simple.',
  },
  {
    stem: 'The students ___ their projects when the power went out.',
    options: ['presented', 'were presenting', 'have presented', 'present'],
    answer: 1,
    level: 'B1',
    tags: ['past-continuous'],
    vi: 'Hành động đang diễn ra (quá khứ tiếp diễn) thì bị một hành động khác xen vào.',
    en: 'An action in progress (past continuous) interrupted by another one.',
  },
  {
    stem: 'This is the café ___ we met for the first time.',
    options: ['which', 'where', 'who', 'what'],
    answer: 1,
    level: 'B1',
    tags: ['relative-clauses'],
    vi: '"where" thay cho nơi chốn (the café).',
    en: '"where" refers back to a place (the café).',
  },
  {
    stem: 'Minh is ___ student in our class; he never misses a lesson.',
    options: ['the most hard-working', 'more hard-working', 'the hardest-working', 'most hard-working'],
    answer: 0,
    level: 'B1',
    tags: ['comparatives'],
    vi: 'So sánh nhất của tính từ ghép dài: the most hard-working.',
    en: 'The superlative of a long compound adjective: the most hard-working.',
  },
  {
    stem: 'You ___ bring your passport; the hotel only needs your ID card.',
    options: ["mustn't", "don't have to", "can't", "shouldn't to"],
    answer: 1,
    level: 'B1',
    tags: ['modals'],
    vi: '"don\'t have to" = không cần thiết; "mustn\'t" = bị cấm.',
    en: '"don\'t have to" means it is not necessary; "mustn\'t" means it is forbidden.',
  },
  {
    stem: 'The new library ___ by the city council next year.',
    options: ['will build', 'will be built', 'is building', 'builds'],
    answer: 1,
    level: 'B1',
    tags: ['passive'],
    vi: 'Thư viện được xây (bị động) trong tương lai: will be built.',
    en: 'The library is built by someone (passive), in the future: will be built.',
  },
  {
    stem: 'She asked me where ___.',
    options: ['did I live', 'I lived', 'do I live', 'I do live'],
    answer: 1,
    level: 'B2',
    tags: ['reported-speech'],
    vi: 'Câu hỏi gián tiếp giữ trật tự câu kể và lùi thì: where I lived.',
    en: 'A reported question keeps statement word order and shifts the tense: where I lived.',
  },
  {
    stem: "I'm not used to ___ up so early on weekends.",
    options: ['get', 'getting', 'got', 'have got'],
    answer: 1,
    level: 'B2',
    tags: ['gerunds'],
    vi: '"be used to" + V-ing: quen với việc gì.',
    en: '"be used to" is followed by the -ing form.',
  },
  {
    stem: 'There is ___ milk left in the fridge, so we need to buy some.',
    options: ['a few', 'few', 'little', 'many'],
    answer: 2,
    level: 'A2',
    tags: ['quantifiers'],
    vi: '"milk" không đếm được, "little" = rất ít (gần như không còn).',
    en: '"milk" is uncountable; "little" means hardly any.',
  },
  {
    stem: 'By the time we arrived at the station, the train ___.',
    options: ['left', 'has left', 'had left', 'was leaving'],
    answer: 2,
    level: 'B2',
    tags: ['past-perfect'],
    vi: 'Hành động xảy ra trước một mốc trong quá khứ → quá khứ hoàn thành.',
    en: 'An action finished before another past moment → past perfect.',
  },
  {
    stem: 'Neither the teacher nor the students ___ aware of the schedule change.',
    options: ['was', 'were', 'is', 'has been'],
    answer: 1,
    level: 'B2',
    tags: ['agreement'],
    vi: '"Neither … nor": động từ chia theo chủ ngữ gần nhất (the students → were).',
    en: 'With "neither … nor" the verb agrees with the nearer subject (the students → were).',
  },
];

/** A cloze passage whose gaps are questions of one group. */
const CLOZE = {
  title: 'An email to a new classmate',
  passage:
    'Hi Lan, welcome to our evening class! We meet ___ (1) Tuesdays and Thursdays at 6:30. ' +
    'Our teacher, Ms Hoa, ___ (2) us a short quiz at the start of every lesson, so try to arrive early. ' +
    'If you ___ (3) any questions about the homework, just send me a message. See you soon! – Vy',
  gaps: [
    {
      options: ['in', 'on', 'at', 'by'],
      answer: 1,
      vi: 'Dùng "on" với các ngày trong tuần.',
      en: '"on" goes with days of the week.',
    },
    {
      options: ['gives', 'give', 'is giving', 'gave'],
      answer: 0,
      vi: 'Thói quen lặp lại ("every lesson") → hiện tại đơn, chủ ngữ số ít: gives.',
      en: 'A habit ("every lesson") → present simple, singular subject: gives.',
    },
    {
      options: ['will have', 'have', 'had', 'are having'],
      answer: 1,
      vi: 'Mệnh đề "if" của câu điều kiện loại 1 dùng hiện tại đơn.',
      en: 'The if-clause of a first conditional takes the present simple.',
    },
  ],
};

const ESSAYS = [
  {
    stem: 'Write an email (80–100 words) to your teacher explaining why you missed last Thursday’s class and asking what homework you need to do.',
    guidance:
      'Greeting and closing; a reason for the absence; a polite request about the homework; 80–100 words.',
    tags: ['email'],
  },
  {
    stem: 'Describe a place in your city that you like to visit at the weekend (80–100 words). Say where it is, what you do there and why you like it.',
    guidance: 'Location, activities, reasons; linking words (because, so, also); 80–100 words.',
    tags: ['description'],
  },
];

const para = (text: string) => `<p>${esc(text)}</p>`;
const lettered = (options: string[]) =>
  options.map((content, index) => ({ key: LETTERS[index]!, content: esc(content) }));

/** The demo centre's manual test (english-names.ts gives it its English title). */
export const CENTRE_TEST_TITLE = 'Kiểm tra ngữ pháp & viết – lớp B1 buổi tối';

/** The demo centre, its teacher and the parts of a platform exam (by slug), in order: what demo steps build on. */
export async function demoCentreWithParts(tx: Db, examSlug: string) {
  const [center] = await tx
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.slug, 'prepwise-demo-center'));
  const [teacher] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'teacher@prepwise.vn'));
  const parts = await tx
    .select({ examId: exams.id, formatId: examFormats.id })
    .from(exams)
    .innerJoin(categories, eq(categories.id, exams.categoryId))
    .innerJoin(examFormats, eq(examFormats.examId, exams.id))
    .where(and(isNull(categories.organizationId), eq(exams.slug, examSlug)))
    .orderBy(asc(examFormats.position));
  return { center, teacher, parts };
}

export const organizationBankStep: SeedStep = {
  name: 'organization-bank',
  // 2: the manual test assigned to the B1 class with some results (modules/assignments/demo-assignment.service.ts).
  // 3: a smart test drawn from the same bank by a blueprint, assigned too; two students have their own papers.
  version: '3',
  demo: true,
  async run(tx) {
    const { center, teacher, parts } = await demoCentreWithParts(tx, 'grammar-writing');
    if (!center || !teacher || parts.length < 2) return;
    const tenant = { organizationId: center.id };
    const [existing] = await tx
      .select({ id: tests.id, version: tests.publishedVersion })
      .from(tests)
      .where(and(eq(tests.organizationId, center.id), eq(tests.slug, TEST_SLUG)));
    const built = existing?.version ? { id: existing.id, version: existing.version } : null;
    const test = built ?? (existing ? null : await buildBankAndTest(tx, tenant, teacher.id, parts));
    if (test) await seedDemoAssignment(tx, center, teacher.id, { ...test, slug: TEST_SLUG }, new Date());
    if (test) await seedSmartTest(tx, center, teacher.id, parts[0]!.examId);
  },
};

/**
 * The smart test (issue 15): per part a blueprint by level — part 1: 1 A2, 5 B1 and 3 B2 grammar questions;
 * part 2: one writing task — so every student gets their own paper (96 different ones) with the same
 * spread. Assigned to the B1 class: two students have submitted, a third is writing.
 */
async function seedSmartTest(tx: Db, center: { id: string }, teacherId: string, examId: string) {
  const tenant = { organizationId: center.id };
  const [existing] = await tx
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.organizationId, center.id), eq(tests.slug, SMART_TEST_SLUG)));
  if (existing) return;
  const levelRows = await tx
    .select({ id: levels.id, code: levels.code })
    .from(levels)
    .where(isNull(levels.organizationId));
  const levelOf = (code: string) => levelRows.find((row) => row.code === code)?.id ?? null;
  const [essayType] = await tx
    .select({ id: questionTypes.id })
    .from(questionTypes)
    .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, 'essay')));
  const test = await createTest(
    tx,
    tenant,
    teacherId,
    {
      exam_id: examId,
      kind: 'smart',
      title: SMART_TEST_TITLE,
      title_en: TEST_TITLES_EN[SMART_TEST_TITLE] ?? null,
      description_en: TEST_DESCRIPTIONS_EN[SMART_TEST_TITLE] ?? null,
      slug: SMART_TEST_SLUG,
      description: para(
        'Mỗi học viên nhận một đề riêng rút từ ngân hàng của trung tâm theo cùng một ma trận: 1 câu A2, 5 câu B1, 3 câu B2 và một bài viết ngắn.',
      ),
      cover_id: null,
      level_id: levelOf('B1'),
      duration_minutes: 30,
      access: 'free',
      attempts_allowed: 2,
      answer_visibility: 'after_submit',
    },
    new Date(),
  );
  const [grammarSection, writingSection] = test.sections;
  if (!grammarSection || !writingSection) return;
  const row = (count: number, level: string | null, typeId: string | null = null) => ({
    count,
    level_id: level ? levelOf(level) : null,
    question_type_id: typeId,
    tag: null,
  });
  await setSectionBlueprint(
    tx,
    tenant,
    test.id,
    grammarSection.id,
    [row(1, 'A2'), row(5, 'B1'), row(3, 'B2')],
    new Date(),
  );
  await setSectionBlueprint(
    tx,
    tenant,
    test.id,
    writingSection.id,
    [row(1, null, essayType?.id ?? null)],
    new Date(),
  );
  const published = await publishTest(tx, tenant, teacherId, test.id, new Date());
  await seedDemoAssignment(
    tx,
    center,
    teacherId,
    { id: test.id, slug: SMART_TEST_SLUG, version: published.published_version! },
    new Date(),
    { students: 2 },
  );
}

/** The bank's questions and groups and the published manual test made from them. */
async function buildBankAndTest(
  tx: Db,
  tenant: Tenant,
  teacherId: string,
  parts: { examId: string; formatId: string }[],
): Promise<{ id: string; version: number }> {
  const teacher = { id: teacherId };
  {
    const typeRows = await tx
      .select({ id: questionTypes.id, kind: questionTypes.answerKind })
      .from(questionTypes)
      .where(isNull(questionTypes.organizationId));
    const typeOf = (kind: AnswerKind) => typeRows.find((row) => row.kind === kind)!.id;
    const levelRows = await tx
      .select({ id: levels.id, code: levels.code })
      .from(levels)
      .where(isNull(levels.organizationId));
    const levelOf = (code: string) => levelRows.find((row) => row.code === code)?.id ?? null;
    const [grammarPart, writingPart] = [parts[0]!.formatId, parts[1]!.formatId];
    const common = { source_note: SOURCE_NOTE, audio_id: null, image_id: null, items: [] };

    const choice = (question: Choice): QuestionInput => ({
      ...common,
      question_type_id: typeOf('single_choice'),
      level_id: levelOf(question.level),
      stem: para(question.stem),
      options: lettered(question.options),
      answer: { key: LETTERS[question.answer]! },
      explanation_vi: para(question.vi),
      explanation_en: para(question.en),
      tags: ['grammar', ...question.tags],
    });

    const singles: string[] = [];
    for (const question of CHOICES) {
      singles.push(
        (await createQuestion(tx, tenant, teacher.id, { ...choice(question), format_id: grammarPart })).id,
      );
    }
    const group = await createGroup(tx, tenant, teacher.id, {
      format_id: grammarPart,
      level_id: levelOf('A2'),
      title: esc(CLOZE.title),
      passage: para(CLOZE.passage),
      transcript: null,
      audio_id: null,
      image_id: null,
      tags: ['grammar', 'cloze'],
      source_note: SOURCE_NOTE,
      questions: CLOZE.gaps.map((gap, index) => ({
        ...common,
        question_type_id: typeOf('single_choice'),
        level_id: levelOf('A2'),
        stem: para(`(${index + 1})`),
        options: lettered(gap.options),
        answer: { key: LETTERS[gap.answer]! },
        explanation_vi: para(gap.vi),
        explanation_en: para(gap.en),
        tags: ['grammar', 'cloze'],
      })),
    });
    const essays: string[] = [];
    for (const essay of ESSAYS) {
      const created = await createQuestion(tx, tenant, teacher.id, {
        ...common,
        format_id: writingPart,
        question_type_id: typeOf('essay'),
        level_id: levelOf('B1'),
        stem: para(essay.stem),
        options: [],
        answer: { guidance: essay.guidance },
        explanation_vi: null,
        explanation_en: null,
        tags: ['writing', ...essay.tags],
      });
      essays.push(created.id);
    }

    // The manual test: the cloze (3 questions) and six single questions, then the first writing task.
    const test = await createTest(
      tx,
      tenant,
      teacher.id,
      {
        exam_id: parts[0]!.examId,
        title: CENTRE_TEST_TITLE,
        title_en: TEST_TITLES_EN[CENTRE_TEST_TITLE] ?? null,
        description_en: TEST_DESCRIPTIONS_EN[CENTRE_TEST_TITLE] ?? null,
        slug: TEST_SLUG,
        description: para(
          'Bài kiểm tra giữa khóa của lớp B1 buổi tối: 9 câu ngữ pháp (có một đoạn email điền từ) và một bài viết email ngắn do giáo viên chấm.',
        ),
        cover_id: null,
        level_id: levelOf('B1'),
        duration_minutes: 35,
        access: 'free',
        attempts_allowed: 2,
        answer_visibility: 'after_submit',
      },
      new Date(),
    );
    const [grammarSection, writingSection] = test.sections;
    await setSectionItems(
      tx,
      tenant,
      test.id,
      grammarSection!.id,
      [{ group_id: group.id }, ...singles.slice(0, 6).map((id) => ({ question_id: id }))],
      new Date(),
    );
    await setSectionItems(tx, tenant, test.id, writingSection!.id, [{ question_id: essays[0]! }], new Date());
    await publishTest(tx, tenant, teacher.id, test.id, new Date());
    return { id: test.id, version: 1 };
  }
}
