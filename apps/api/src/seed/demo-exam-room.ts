import { randomUUID } from 'node:crypto';
import { assignmentBodySchema, type IntegrityEventInput } from '@prepwise/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classes, levels, questionTypes, tests, users } from '../db/schema';
import { createAssignment, startAssignedAttempt } from '../modules/assignments/assignments.service';
import { recordSubmitEvents } from '../modules/attempts/answers.service';
import { onTransaction, submitAttempt } from '../modules/attempts/submission.service';
import { createTest, publishTest, setSectionItems } from '../modules/practice-tests/practice-tests.service';
import { createQuestion } from '../modules/question-bank/question-bank.service';
import { esc } from './content/html';
import { demoCentreWithParts } from './organization-bank';
import type { SeedStep } from './step';

/**
 * Issue 29's exam room on the first start: the demo centre's TOEIC Part 5 mini test (15 incomplete
 * sentences written for Prepwise), assigned to its TOEIC class with an access code, a window, a time limit
 * and per-attempt shuffling. Eight students have taken it through the assignment (the code asked, the
 * window checked), their runners' integrity events saved as a save would (focus lost and back, a paste, a
 * device change, offline and back); two of them share twelve identical wrong answers, so the similarity
 * report flags that pair.
 */

export const EXAM_ROOM_TEST_SLUG = 'toeic-part-5-kiem-tra-nhanh';
export const EXAM_ROOM_ACCESS_CODE = 'TOEIC-P5';
export const EXAM_ROOM_CLASS = 'TOEIC 650 – Tối thứ 3-5';
/** The pair whose answers were copied (everyone else answered alone). */
export const EXAM_ROOM_COPYING_PAIR = ['nam.donhat@hocvien.prepwise.vn', 'dang.vuhai@hocvien.prepwise.vn'];

const TITLE = 'TOEIC Part 5 – Kiểm tra nhanh 15 câu';
const TITLE_EN = 'TOEIC Part 5 – 15-question quick check';
const SOURCE_NOTE = 'Trung tâm Prepwise Demo – đề ngắn tự soạn';
const LETTERS = ['A', 'B', 'C', 'D'] as const;

type Sentence = {
  stem: string;
  options: [string, string, string, string];
  key: number;
  vi: string;
  en: string;
};

/** Part 5 incomplete sentences (keys: A B D B D B C C B A C D B C D). */
const SENTENCES: Sentence[] = [
  {
    stem: 'The quarterly sales report must be submitted ___ Friday at noon.',
    options: ['by', 'until', 'within', 'since'],
    key: 0,
    vi: '"by" + mốc thời gian = hạn chót (không muộn hơn).',
    en: '"by" with a point in time gives a deadline (no later than).',
  },
  {
    stem: 'Ms. Tran asked the supplier to ship the replacement parts as ___ as possible.',
    options: ['quick', 'quickly', 'quicker', 'quickness'],
    key: 1,
    vi: '"as … as possible" bổ nghĩa cho động từ "ship" → trạng từ quickly.',
    en: '"as … as possible" modifies the verb "ship", so it takes the adverb quickly.',
  },
  {
    stem: 'All visitors are required to sign in at the front desk ___ entering the laboratory.',
    options: ['despite', 'during', 'unless', 'before'],
    key: 3,
    vi: 'Ký tên trước khi vào phòng thí nghiệm: before + V-ing.',
    en: 'Visitors sign in first, then enter: before + -ing.',
  },
  {
    stem: 'The new accounting software has made it much ___ to track employee expenses.',
    options: ['easy', 'easier', 'easily', 'ease'],
    key: 1,
    vi: '"much" đứng trước tính từ so sánh hơn: much easier.',
    en: '"much" strengthens a comparative adjective: much easier.',
  },
  {
    stem: 'Because of the heavy rain, the outdoor product launch has been ___ until next Tuesday.',
    options: ['canceled', 'reserved', 'extended', 'postponed'],
    key: 3,
    vi: '"until next Tuesday" → hoãn lại (postponed), không phải hủy.',
    en: '"until next Tuesday" means it was put off (postponed), not called off.',
  },
  {
    stem: 'Neither the marketing director ___ her assistant was available to attend the conference.',
    options: ['or', 'nor', 'and', 'but'],
    key: 1,
    vi: 'Cặp liên từ cố định: neither … nor.',
    en: 'The paired conjunction is neither … nor.',
  },
  {
    stem: 'Employees ___ wish to join the training workshop should register by March 3.',
    options: ['which', 'whose', 'who', 'whom'],
    key: 2,
    vi: 'Đại từ quan hệ chỉ người, làm chủ ngữ của "wish": who.',
    en: 'A relative pronoun for people, subject of "wish": who.',
  },
  {
    stem: "The hotel's conference rooms are equipped with the ___ audio-visual technology.",
    options: ['late', 'lately', 'latest', 'lateness'],
    key: 2,
    vi: '"the latest" = mới nhất, tính từ đứng trước danh từ.',
    en: '"the latest" (newest) is the adjective before the noun.',
  },
  {
    stem: 'Mr. Okafor has worked for the logistics company ___ more than fifteen years.',
    options: ['since', 'for', 'during', 'at'],
    key: 1,
    vi: 'Hiện tại hoàn thành + khoảng thời gian → for.',
    en: 'Present perfect with a length of time takes for.',
  },
  {
    stem: 'Please keep your receipt, as it will be needed for any future ___ or exchanges.',
    options: ['refunds', 'refunded', 'refunding', 'refundable'],
    key: 0,
    vi: 'Sau "future" và song song với danh từ "exchanges" → danh từ số nhiều refunds.',
    en: 'After "future" and parallel to the noun "exchanges": the plural noun refunds.',
  },
  {
    stem: "The factory's output increased ___ after the new assembly line was installed.",
    options: ['significance', 'significant', 'significantly', 'signify'],
    key: 2,
    vi: 'Bổ nghĩa cho động từ "increased" → trạng từ significantly.',
    en: 'It modifies the verb "increased", so the adverb significantly.',
  },
  {
    stem: 'Applicants will be contacted only if their qualifications ___ the requirements of the position.',
    options: ['meets', 'meeting', 'to meet', 'meet'],
    key: 3,
    vi: 'Chủ ngữ số nhiều "their qualifications" → động từ meet.',
    en: 'The plural subject "their qualifications" takes meet.',
  },
  {
    stem: "The board will announce its decision ___ the merger at next week's meeting.",
    options: ['regards', 'regarding', 'regarded', 'regard'],
    key: 1,
    vi: '"regarding" = về việc, đóng vai trò giới từ.',
    en: '"regarding" (about) works as a preposition here.',
  },
  {
    stem: "Ms. Nguyen ___ the client's request by the time the manager returned from lunch.",
    options: ['handles', 'has handled', 'had handled', 'will handle'],
    key: 2,
    vi: 'Xong trước một mốc trong quá khứ ("by the time … returned") → quá khứ hoàn thành.',
    en: 'Finished before a past moment ("by the time … returned"): past perfect.',
  },
  {
    stem: 'Customers who purchase a one-year membership will receive a 10 percent discount on ___ orders.',
    options: ['each', 'every', 'much', 'all'],
    key: 3,
    vi: '"orders" là danh từ số nhiều → all (each/every đi với danh từ số ít).',
    en: '"orders" is plural, so all (each and every take a singular noun).',
  },
];

type Sitting = {
  email: string;
  /** One letter per sentence, in order. */
  answers: string;
  /** Minutes after 19:00 yesterday (the demo's time) that the student started, and how long they took. */
  startsAfter: number;
  minutes: number;
  /** Integrity events, minutes after the start (the question as its sentence's index). */
  events?: { kind: IntegrityEventInput['kind']; at: number; question?: number; length?: number }[];
  /** The student moved to a second device at this minute. */
  secondDeviceAt?: number;
};

/**
 * The TOEIC class's eight students. Nam and Đăng are both weak and give the same wrong answer to twelve
 * sentences (Đăng also misses the first); the others' wrong answers are their own.
 */
const SITTINGS: Sitting[] = [
  {
    email: 'huy.legia@hocvien.prepwise.vn',
    answers: 'ABDCDBCCBABDBCD',
    startsAfter: 0,
    minutes: 9,
    events: [
      { kind: 'focus_lost', at: 7.5 },
      { kind: 'focus_back', at: 7.6 },
    ],
  },
  { email: 'vy.vothao@hocvien.prepwise.vn', answers: 'AADBDCCDBACABAD', startsAfter: 2, minutes: 11 },
  {
    email: 'nam.donhat@hocvien.prepwise.vn',
    answers: 'ACBADDABBCABADC',
    startsAfter: 5,
    minutes: 10,
    events: [
      { kind: 'focus_lost', at: 2.2 },
      { kind: 'focus_back', at: 4.1 },
      { kind: 'paste', at: 4.3, question: 6, length: 86 },
      { kind: 'focus_lost', at: 8.5 },
      { kind: 'focus_back', at: 9.2 },
    ],
  },
  { email: 'chi.lymai@hocvien.prepwise.vn', answers: 'ABCDDBBCBBDDCCD', startsAfter: 1, minutes: 12 },
  {
    email: 'dang.vuhai@hocvien.prepwise.vn',
    answers: 'CCBADDABBCABADC',
    startsAfter: 5,
    minutes: 10.5,
    events: [
      { kind: 'fullscreen_left', at: 1 },
      { kind: 'focus_lost', at: 5.7 },
      { kind: 'focus_back', at: 6.5 },
    ],
    secondDeviceAt: 5,
  },
  {
    email: 'thu.maianh@hocvien.prepwise.vn',
    answers: 'ADABDACABDCCBBA',
    startsAfter: 3,
    minutes: 11.5,
    events: [
      { kind: 'offline', at: 6 },
      { kind: 'reconnected', at: 7.75 },
    ],
  },
  { email: 'bao.chaugia@hocvien.prepwise.vn', answers: 'ABDDDBDCBADDBCD', startsAfter: 4, minutes: 8 },
  { email: 'dung.lathuy@hocvien.prepwise.vn', answers: 'BBCBABBCCDCBDAD', startsAfter: 6, minutes: 11 },
];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const para = (text: string) => `<p>${esc(text)}</p>`;

export const demoExamRoomStep: SeedStep = {
  name: 'demo-exam-room',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const now = new Date();
    const { center, teacher, parts } = await demoCentreWithParts(tx, 'listening-reading');
    const part5 = parts[4];
    if (!center || !teacher || !part5) return;
    const [klass] = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.organizationId, center.id), eq(classes.name, EXAM_ROOM_CLASS)));
    const [existing] = await tx
      .select({ id: tests.id })
      .from(tests)
      .where(and(eq(tests.organizationId, center.id), eq(tests.slug, EXAM_ROOM_TEST_SLUG)));
    if (!klass || existing) return;
    const tenant = { organizationId: center.id };

    const [singleType] = await tx
      .select({ id: questionTypes.id })
      .from(questionTypes)
      .where(and(isNull(questionTypes.organizationId), eq(questionTypes.answerKind, 'single_choice')));
    const [level] = await tx
      .select({ id: levels.id })
      .from(levels)
      .where(and(isNull(levels.organizationId), eq(levels.code, 'B1')));
    const questionIds: string[] = [];
    for (const sentence of SENTENCES) {
      const question = await createQuestion(tx, tenant, teacher.id, {
        format_id: part5.formatId,
        question_type_id: singleType!.id,
        level_id: level?.id ?? null,
        stem: para(sentence.stem),
        options: sentence.options.map((content, index) => ({ key: LETTERS[index]!, content: esc(content) })),
        answer: { key: LETTERS[sentence.key]! },
        explanation_vi: para(sentence.vi),
        explanation_en: para(sentence.en),
        tags: ['toeic', 'part-5'],
        source_note: SOURCE_NOTE,
        audio_id: null,
        image_id: null,
        items: [],
      });
      questionIds.push(question.id);
    }
    const created = await createTest(
      tx,
      tenant,
      teacher.id,
      {
        exam_id: part5.examId,
        title: TITLE,
        title_en: TITLE_EN,
        slug: EXAM_ROOM_TEST_SLUG,
        description: para(
          'Đề ngắn của lớp TOEIC 650: 15 câu Part 5 (hoàn thành câu) trong 12 phút, làm tại lớp với mã vào phòng thi.',
        ),
        description_en: para(
          'A short test for the TOEIC 650 class: 15 Part 5 sentences (incomplete sentences) in 12 minutes, taken in class with an access code.',
        ),
        cover_id: null,
        level_id: level?.id ?? null,
        duration_minutes: 12,
        access: 'free',
        attempts_allowed: 1,
        answer_visibility: 'after_submit',
      },
      now,
    );
    const section = created.sections[4]!;
    await setSectionItems(
      tx,
      tenant,
      created.id,
      section.id,
      questionIds.map((id) => ({ question_id: id })),
      now,
    );
    await publishTest(tx, tenant, teacher.id, created.id, now);

    // Open since three days ago, closing in four, shuffled per attempt; answers shown after the close.
    await createAssignment(
      tx,
      tenant,
      teacher.id,
      created.id,
      assignmentBodySchema.parse({
        class_ids: [klass.id],
        opens_at: new Date(now.getTime() - 3 * DAY_MS).toISOString(),
        closes_at: new Date(now.getTime() + 4 * DAY_MS).toISOString(),
        attempts_allowed: 1,
        time_limit_minutes: 12,
        answers_shown: 'after_close',
        access_code: EXAM_ROOM_ACCESS_CODE,
        // Each student's own order of the sentences and of their options (answers name options by key).
        shuffle_questions: true,
        shuffle_options: true,
      }),
      now,
    );

    // Taken yesterday at 19:00 (class time), each through the assignment with the code.
    const classStart = new Date(now.getTime() - DAY_MS);
    classStart.setUTCHours(12, 0, 0, 0); // 19:00 in Vietnam
    const run = onTransaction(tx);
    const learners = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          SITTINGS.map((sitting) => sitting.email),
        ),
      );
    for (const sitting of SITTINGS) {
      const learner = learners.find((row) => row.email === sitting.email);
      if (!learner) continue;
      const startedAt = new Date(classStart.getTime() + sitting.startsAfter * MINUTE_MS);
      const at = (minutes: number) => new Date(startedAt.getTime() + minutes * MINUTE_MS);
      const devices = [randomUUID(), randomUUID()];
      const attempt = await startAssignedAttempt(
        tx,
        learner.id,
        center.slug,
        EXAM_ROOM_TEST_SLUG,
        startedAt,
        { ip: '203.0.113.24', deviceId: devices[0]! },
        EXAM_ROOM_ACCESS_CODE,
      );
      // The first save names the device; a save from another one is a device change.
      await recordSubmitEvents(run, learner.id, attempt.id, [], devices[0]!, at(0.5));
      if (sitting.secondDeviceAt !== undefined)
        await recordSubmitEvents(run, learner.id, attempt.id, [], devices[1]!, at(sitting.secondDeviceAt));
      const submittedAt = at(sitting.minutes);
      const events = (sitting.events ?? []).map(
        (event): IntegrityEventInput => ({
          id: randomUUID(),
          kind: event.kind,
          at: at(event.at).toISOString(),
          question_id: event.question === undefined ? null : questionIds[event.question]!,
          length: event.length ?? null,
        }),
      );
      // Journalled events arrive with the submission, as the runner sends them.
      await recordSubmitEvents(run, learner.id, attempt.id, events, null, submittedAt);
      await submitAttempt(tx, attempt.id, 'learner', submittedAt, {
        userId: learner.id,
        answers: [...sitting.answers].map((letter, index) => ({
          question_id: questionIds[index]!,
          answer: { key: letter },
          flagged: false,
          seq: index + 1,
        })),
      });
    }
  },
};
