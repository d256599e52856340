import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { ANSWER_KINDS, AUDIO_POLICIES, SKILLS } from './exam-structure';
import { isoDateTime } from './fields';
import { draftFeedbackSchema, markBodySchema } from './marking';
import { mediaSchema, optionSchema, paperSpeakingSchema } from './question-bank';
import { inlineCommentSchema, RUBRIC_IDS } from './rubrics';
import { VALIDATION_KEYS } from './validation';

/*
 * Taking tests (issue 5): the public catalogue, attempts, answers, grading, results and history.
 *
 * API (realms of ARCHITECTURE §3):
 *   GET  /api/public/tests                       catalogue (published platform tests)
 *   GET  /api/public/test-filters                categories with exams, levels (for the filter bar; not under
 *                                                /tests/, where it would shadow a test slugged "filters")
 *   GET  /api/public/tests/:slug                 public detail of one published test
 *   GET  /api/user/tests/:slug/me                the signed-in learner's state for that test
 *   POST /api/user/tests/:slug/attempts          start (or resume) an attempt            → 201 / 200
 *   GET  /api/user/attempts/:id                  the paper: questions without answers + saved answers
 *   PUT  /api/user/attempts/:id/answers          idempotent batch save (last `seq` wins)
 *   POST /api/user/attempts/:id/audio-plays      a play-once clip starts (answers whether it is the first play)
 *   POST /api/user/attempts/:id/submit           submit (idempotent; final answers may ride along)
 *   GET  /api/user/attempts/:id/result           result and per-question review
 *   GET  /api/user/test-history                  tests taken, with best and latest score
 *   GET  /api/user/test-history/:testSlug        every attempt of one test (progress chart)
 *   GET  /api/admin/students/:userId/attempts/:attemptId/result   (view_student)
 *   GET  /api/admin/tests/:id/stats              attempt statistics of a test (view_test)
 *
 * The examId of the web route /tests/{slug}/exam/{examId} is the attempt id.
 */

export const ATTEMPT_KEYS = {
  closed: 'attempt.closed',
  inProgress: 'attempt.in_progress',
  deadlinePassed: 'attempt.deadline_passed',
  notInAttempt: 'attempt.question_not_in_attempt',
  answerShape: 'attempt.answer_invalid',
  packRequired: 'attempt.pack_required',
  attemptsExhausted: 'attempt.attempts_exhausted',
  notPublished: 'attempt.test_not_published',
  sectionsRequired: 'attempt.sections_required',
  unknownSection: 'attempt.unknown_section',
  audioNotInAttempt: 'attempt.audio_not_in_attempt',
  /** A highlight on a passage that is not one of the attempt's. */
  highlightNotInAttempt: 'attempt.highlight_not_in_attempt',
  /** A mark for a question that is not an essay of the attempt, or an essay left blank. */
  notAnEssay: 'attempt.not_an_essay',
  /** Practising (or reading) what comes from a test's keys before its results are released (issue 29). */
  keysWithheld: 'attempt.keys_withheld',
  /**
   * One active device (issue 29): another device holds this attempt; it takes over once the holder
   * signs out of the attempt ("Leave this device").
   */
  otherDevice: 'attempt.other_device',
  /** The assignment's allowed IP ranges do not include the caller's address (issue 29). */
  ipNotAllowed: 'attempt.ip_not_allowed',
} as const;

/** The runner's stable per-browser id, sent on its API calls (issue 29). */
export const DEVICE_ID_HEADER = 'x-device-id';

/** POST /api/user/attempts/:id/release-device: the device signed out of the attempt. */
export const releaseDeviceResultSchema = z
  .object({ released: z.literal(true) })
  .meta({ id: 'ReleaseDeviceResult' });
export type ReleaseDeviceResult = z.infer<typeof releaseDeviceResultSchema>;

/** Saves made before the deadline may arrive this late and still count (issue 5). */
export const ATTEMPT_GRACE_SECONDS = 60;

export const ATTEMPT_MODES = ['full', 'practice'] as const;
export const ATTEMPT_STATUSES = ['in_progress', 'submitted'] as const;
export const SUBMIT_REASONS = ['learner', 'deadline'] as const;
export const GRADING_STATUSES = ['complete', 'pending_manual'] as const;
export const OUTCOMES = ['correct', 'partial', 'wrong', 'skipped', 'pending'] as const;

export type AttemptMode = (typeof ATTEMPT_MODES)[number];
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export type Outcome = (typeof OUTCOMES)[number];

// ---------------------------------------------------------------- learner answers

/** What a learner answers, per answer kind (the correct answers are `answerShapes` in question-bank). */
export const learnerAnswerShapes = {
  single_choice: z.object({ key: z.string().min(1).max(8) }),
  multiple_choice: z.object({ keys: z.array(z.string().min(1).max(8)).max(12) }),
  true_false_not_given: z.object({ value: z.enum(['true', 'false', 'not_given']) }),
  gap_fill: z.object({ text: z.string().max(500) }),
  short_answer: z.object({ text: z.string().max(500) }),
  matching: z.object({ pairs: z.record(z.string().max(8), z.string().max(8)) }),
  ordering: z.object({ order: z.array(z.string().min(1).max(8)).max(30) }),
  essay: z.object({ text: z.string().max(20_000) }),
  /** Written by the server when a recording is finished (`recordings.ts`), never by the runner. */
  speaking: z.object({ recording_id: z.uuid(), duration_ms: z.number().int().min(0) }),
} as const;

export type LearnerAnswer =
  | z.infer<(typeof learnerAnswerShapes)['single_choice']>
  | z.infer<(typeof learnerAnswerShapes)['multiple_choice']>
  | z.infer<(typeof learnerAnswerShapes)['true_false_not_given']>
  | z.infer<(typeof learnerAnswerShapes)['gap_fill']>
  | z.infer<(typeof learnerAnswerShapes)['matching']>
  | z.infer<(typeof learnerAnswerShapes)['ordering']>
  | z.infer<(typeof learnerAnswerShapes)['essay']>
  | z.infer<(typeof learnerAnswerShapes)['speaking']>;

/**
 * One answer change. `answer: null` clears the answer. `seq` is the client's sequence number for the
 * attempt (shared by every tab through IndexedDB); the server keeps, per question, the save with the
 * greatest seq, so replays and out-of-order arrivals are harmless. The shape of `answer` is checked on
 * the server against the question's answer kind (422 with `answers.N.answer` → attempt.answer_invalid).
 */
export const answerChangeSchema = z.object({
  question_id: z.uuid({ error: ATTEMPT_KEYS.notInAttempt }),
  answer: z.record(z.string(), z.unknown()).nullable(),
  flagged: z.boolean().default(false),
  seq: z.number({ error: VALIDATION_KEYS.required }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});

// ---------------------------------------------------------------- integrity events (issue 29)

/**
 * What the runner notices while an attempt is taken, shown to teachers as evidence, never as a verdict.
 * `device_changed` is recorded by the server (a save from another browser's `x-device-id`), never sent.
 */
export const INTEGRITY_EVENT_KINDS = [
  'focus_lost',
  'focus_back',
  'fullscreen_left',
  'paste',
  'device_changed',
  'offline',
  'reconnected',
] as const;
export type IntegrityEventKind = (typeof INTEGRITY_EVENT_KINDS)[number];
export const CLIENT_INTEGRITY_EVENT_KINDS = INTEGRITY_EVENT_KINDS.filter(
  (kind): kind is Exclude<IntegrityEventKind, 'device_changed'> => kind !== 'device_changed',
);
/**
 * Events one save may carry (more: 422 `events`), and one attempt may hold (more are dropped, not refused,
 * so a runner never retries them for ever).
 */
export const INTEGRITY_MAX_EVENTS_PER_REQUEST = 200;
export const INTEGRITY_MAX_EVENTS_PER_ATTEMPT = 2_000;

/**
 * One event as the runner journals and sends it. `id` is the runner's uuid of the event: a replay of a
 * save stores it once. `at` is the learner's clock. A paste has the pasted text's `length`, never the text.
 */
export const integrityEventInputSchema = z.object({
  id: z.uuid({ error: VALIDATION_KEYS.invalid }),
  kind: z.enum(CLIENT_INTEGRITY_EVENT_KINDS, { error: VALIDATION_KEYS.invalid }),
  at: isoDateTime(VALIDATION_KEYS.invalid),
  question_id: z.uuid({ error: ATTEMPT_KEYS.notInAttempt }).nullish(),
  length: z
    .number({ error: VALIDATION_KEYS.invalid })
    .int({ error: VALIDATION_KEYS.invalid })
    .min(0, { error: VALIDATION_KEYS.invalid })
    .max(10_000_000, { error: VALIDATION_KEYS.invalid })
    .nullish(),
});
export type IntegrityEventInput = z.infer<typeof integrityEventInputSchema>;

const integrityEventsField = z
  .array(integrityEventInputSchema)
  .max(INTEGRITY_MAX_EVENTS_PER_REQUEST, { error: VALIDATION_KEYS.invalid })
  .default([]);

/** A save carries answer changes, integrity events, or both (at least one of them). */
export const saveAnswersBodySchema = z
  .object({
    answers: z.array(answerChangeSchema).max(500).default([]),
    events: integrityEventsField,
  })
  .superRefine((body, context) => {
    if (body.answers.length === 0 && body.events.length === 0)
      context.addIssue({ code: 'custom', path: ['answers'], message: VALIDATION_KEYS.required });
  });

export const submitAttemptBodySchema = z
  .object({
    answers: z.array(answerChangeSchema).max(500).default([]),
    /** Events still in the journal ride along with the final answers. */
    events: integrityEventsField,
  })
  .default({ answers: [], events: [] });

/** One event of an attempt's integrity timeline, as a teacher reads it. */
export const integrityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(INTEGRITY_EVENT_KINDS),
  question_id: z.string().nullable(),
  /** The question's number in the attempt's paper (1-based), when the event names one. */
  question_number: z.number().int().nullable(),
  /** e.g. `{ length }` of a paste. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The learner's clock. */
  occurred_at: z.string(),
  /** The server's clock when it arrived (later than `occurred_at` for events kept offline). */
  received_at: z.string(),
});
export type IntegrityEvent = z.infer<typeof integrityEventSchema>;

/** How many events of each kind an attempt holds (kinds without events are left out). */
export const integrityCountsSchema = z.record(z.string(), z.number().int());
export type IntegrityCounts = z.infer<typeof integrityCountsSchema>;

export const integrityTimelineSchema = z
  .object({
    attempt_id: z.string(),
    events: z.array(integrityEventSchema),
    counts: integrityCountsSchema,
  })
  .meta({ id: 'IntegrityTimeline' });
export type IntegrityTimeline = z.infer<typeof integrityTimelineSchema>;

export const savedAnswerSchema = z.object({
  question_id: z.string(),
  answer: z.record(z.string(), z.unknown()).nullable(),
  flagged: z.boolean(),
  seq: z.number().int(),
});

export const saveAnswersResultSchema = z
  .object({
    /** Changes now stored (or already stored with this or a greater seq by the same change). */
    accepted: z.array(z.object({ question_id: z.string(), seq: z.number().int() })),
    /** Changes ignored because the server holds a greater seq: the server's value, to show instead. */
    stale: z.array(savedAnswerSchema),
    status: z.enum(ATTEMPT_STATUSES),
    deadline_at: z.string().nullable(),
    server_now: z.string(),
    /** When the access token of this request expires (the runner renews it before it runs out). */
    token_expires_at: z.string().nullable().optional(),
  })
  .meta({ id: 'SaveAnswersResult' });

// ---------------------------------------------------------------- start

export const startAttemptBodySchema = z
  .object({
    mode: z.enum(ATTEMPT_MODES).default('full'),
    /** Practice only: the test sections (parts) to practise. */
    section_ids: z
      .array(z.uuid({ error: ATTEMPT_KEYS.unknownSection }))
      .max(50)
      .default([]),
    /** Practice only: a time limit in minutes, or null for untimed practice. Full tests use the test's duration. */
    time_limit_minutes: z
      .number()
      .int({ error: VALIDATION_KEYS.invalid })
      .min(1, { error: VALIDATION_KEYS.invalid })
      .max(600, { error: VALIDATION_KEYS.invalid })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'practice' && value.section_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['section_ids'], message: ATTEMPT_KEYS.sectionsRequired });
    }
  });

export const startAttemptResultSchema = z
  .object({ id: z.string(), resumed: z.boolean() })
  .meta({ id: 'StartAttemptResult' });

// ---------------------------------------------------------------- the paper

export const paperQuestionSchema = z.object({
  id: z.string(),
  /** 1-based number across the whole test, so part practice keeps the exam's numbering. */
  number: z.number().int(),
  answer_kind: z.enum(ANSWER_KINDS),
  stem: z.string(),
  /**
   * In the attempt's order. `label` is the letter shown when the options were shuffled for the attempt
   * (issue 29): answers still name the option's `key`.
   */
  options: z.array(optionSchema.extend({ label: z.string().optional() })),
  /** Matching: the left-hand items; ordering: the pieces, shuffled (never in the correct order). */
  items: z.array(optionSchema),
  audio: mediaSchema.nullable(),
  image: mediaSchema.nullable(),
  /** A speaking question's times, prompt mode and cue card (issue 28); absent for other kinds. */
  speaking: paperSpeakingSchema.optional(),
  /** An essay's minimum word count as its author set it (IELTS Writing: 150 for Task 1, 250 for Task 2). */
  min_words: z.number().int().nullable().optional(),
});

export const paperGroupSchema = z.object({
  id: z.string(),
  /**
   * The author's title: null in a learner's paper (titles give answers away: the runner shows neutral
   * "Questions 32–34" labels); the review and the back office have it.
   */
  title: z.string().nullable(),
  passage: z.string().nullable(),
  audio: mediaSchema.nullable(),
  image: mediaSchema.nullable(),
  questions: z.array(paperQuestionSchema),
});

export const paperItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('question'), question: paperQuestionSchema }),
  z.object({ kind: z.literal('group'), group: paperGroupSchema }),
]);

export const paperSectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The part's English name (frozen with the version; null: none, or a version published before). */
  name_en: z.string().nullable(),
  skill: z.enum(SKILLS),
  /** Effective policy for this attempt: full tests follow the part; practice is always `free`. */
  audio_policy: z.enum(AUDIO_POLICIES),
  /**
   * The part's stems and options are heard only (TOEIC Parts 1–2): in the paper their text is empty and
   * the options carry only their letters; the review has the text.
   */
  heard_only: z.boolean(),
  instructions_vi: z.string().nullable(),
  instructions_en: z.string().nullable(),
  question_count: z.number().int(),
  items: z.array(paperItemSchema),
});

export const attemptStateSchema = z.object({
  id: z.string(),
  mode: z.enum(ATTEMPT_MODES),
  status: z.enum(ATTEMPT_STATUSES),
  started_at: z.string(),
  /** Null for untimed practice. The countdown is deadline_at − server_now, never the client clock. */
  deadline_at: z.string().nullable(),
  server_now: z.string(),
  submitted_at: z.string().nullable(),
  /** Greatest seq the server holds for this attempt: a new device continues above it. */
  last_seq: z.number().int(),
});

export const testRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_en: z.string().nullable(),
  slug: z.string(),
  exam: z.object({ id: z.string(), name: z.string(), name_en: z.string().nullable() }),
});

export const paperSchema = z
  .object({
    attempt: attemptStateSchema,
    test: testRefSchema.extend({ duration_minutes: z.number().int() }),
    sections: z.array(paperSectionSchema),
    answers: z.array(savedAnswerSchema),
    /** Play-once clips (media ids) already started in this attempt, on any device. */
    played_audio: z.array(z.string()),
    /**
     * One active device (issue 29): this device holds the attempt, and signs out of it with
     * POST /api/user/attempts/:id/release-device ("Leave this device") for another to take over.
     */
    single_device: z.boolean().optional(),
    /** When the access token of this request expires (the runner renews it before saving after that). */
    token_expires_at: z.string().nullable(),
  })
  .meta({ id: 'AttemptPaper' });

/** Records that a play-once clip of the attempt starts playing (once per attempt and clip, any device). */
export const audioPlayBodySchema = z.object({
  media_id: z.uuid({ error: ATTEMPT_KEYS.audioNotInAttempt }),
});

export const audioPlayResultSchema = z
  .object({
    /** True when this request started the clip; false when it had already been played. */
    first: z.boolean(),
    played_audio: z.array(z.string()),
  })
  .meta({ id: 'AudioPlayResult' });

export type AudioPlayResult = z.infer<typeof audioPlayResultSchema>;

// ---------------------------------------------------------------- highlights and notes on passages

/** How many highlights an attempt keeps, and how long their quoted text and notes may be. */
export const HIGHLIGHT_LIMITS = { perAttempt: 200, text: 2000, note: 500 } as const;

export const highlightSchema = z
  .object({
    /** Made by the device that highlighted. */
    id: z
      .string({ error: VALIDATION_KEYS.required })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: VALIDATION_KEYS.invalid }),
    /** The question group whose passage holds it. */
    group_id: z.uuid({ error: ATTEMPT_KEYS.highlightNotInAttempt }),
    /** Character offsets in the passage's text, end excluded. */
    start: z.number({ error: VALIDATION_KEYS.invalid }).int().min(0).max(1_000_000),
    end: z.number({ error: VALIDATION_KEYS.invalid }).int().min(1).max(1_000_000),
    /** The text highlighted (shown in the list of notes). */
    text: z
      .string({ error: VALIDATION_KEYS.required })
      .min(1, { error: VALIDATION_KEYS.required })
      .max(HIGHLIGHT_LIMITS.text, { error: VALIDATION_KEYS.maxLength }),
    note: z
      .string({ error: VALIDATION_KEYS.invalid })
      .trim()
      .max(HIGHLIGHT_LIMITS.note, { error: VALIDATION_KEYS.maxLength })
      .nullish()
      .transform((value) => value || null),
  })
  .refine((value) => value.end > value.start, { path: ['end'], message: VALIDATION_KEYS.invalid });
export type Highlight = z.infer<typeof highlightSchema>;

export const saveHighlightsBodySchema = z.object({
  highlights: z
    .array(highlightSchema, { error: VALIDATION_KEYS.required })
    .max(HIGHLIGHT_LIMITS.perAttempt, { error: VALIDATION_KEYS.maxLength }),
  /** When the device changed the set: a save older than the one kept is ignored. */
  updated_at: isoDateTime(VALIDATION_KEYS.invalid),
});

/** A highlight as the API answers it (the saved form: `note` already trimmed, null when empty). */
const savedHighlightSchema = z.object({
  id: z.string(),
  group_id: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  note: z.string().nullable(),
});

export const attemptHighlightsSchema = z
  .object({
    highlights: z.array(savedHighlightSchema),
    /** Null: never saved. */
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'AttemptHighlights' });
export type AttemptHighlights = z.infer<typeof attemptHighlightsSchema>;

// ---------------------------------------------------------------- results

export const sectionScoreSchema = z.object({
  /** The score section (e.g. listening, reading) of the point config. */
  section: z.string(),
  raw: z.number(),
  max_raw: z.number(),
  /** Scaled score (table) or points (per question); null in practice mode. */
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  method: z.enum(['table', 'per_question']),
  /** Answers of the section waiting for a teacher (essays): its raw score and score are not final. */
  pending: z.number().int(),
});

export const countsSchema = z.object({
  correct: z.number().int(),
  partial: z.number().int(),
  wrong: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  total: z.number().int(),
});

export const partResultSchema = countsSchema.extend({
  section_id: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  skill: z.enum(SKILLS),
});

// ---------------------------------------------------------------- teachers marking essays (issue 15)

/**
 * What a teacher marks an essay on, each 0–10 in steps of 0.5 (the four criteria of IELTS Writing, which
 * Vietnamese centres also use for their own writing tasks): task response, coherence and cohesion,
 * vocabulary (lexical resource), grammar (grammatical range and accuracy).
 */
export const ESSAY_CRITERIA = ['task', 'coherence', 'vocabulary', 'grammar'] as const;
export type EssayCriterion = (typeof ESSAY_CRITERIA)[number];
export const ESSAY_CRITERION_MAX = 10;

/** A teacher's mark of an essay, on the rubric its author chose (issue 28; see `markBodySchema`). */
export const essayMarkBodySchema = markBodySchema;
export type EssayMarkBody = z.input<typeof essayMarkBodySchema>;

export const essayMarkParamsSchema = z.object({
  id: z.uuid({ error: 'common.not_found' }),
  attemptId: z.uuid({ error: 'common.not_found' }),
  questionId: z.uuid({ error: 'common.not_found' }),
});

/** A teacher's final mark of an essay as a result shows it: the criteria, the overall score and the comments. */
export const teacherMarkSchema = z.object({
  criteria: z.record(z.string(), z.number()),
  /** The overall score on the rubric's scale (an IELTS band, or the generic criteria's mean of 10). */
  score: z.number(),
  rubric: z.enum(RUBRIC_IDS),
  /** The rubric's maximum score (9 for an IELTS band, 10 for the generic rubric). */
  max_score: z.number(),
  comment: z.string(),
  comments: z.array(inlineCommentSchema),
  marked_by: z.string().nullable(),
  marked_at: z.string(),
});
export type TeacherMark = z.infer<typeof teacherMarkSchema>;

// ---------------------------------------------------------------- a learner's side of marking (issue 28)

/** Where a written or spoken answer stands: waiting (no draft, no mark), a machine draft ready, marked. */
export const ANSWER_MARKING_STATUSES = ['waiting', 'draft_ready', 'marked'] as const;

/**
 * A learner's self-assessment of a written or spoken answer against the public band descriptors: a band
 * per criterion of the answer's rubric (validated by the API against that rubric, each bad one named
 * `criteria.<key>`). Stored beside the machine draft, never a teacher's mark: it grades nothing.
 */
export const selfAssessmentBodySchema = z.object({
  criteria: z.record(z.string(), z.number({ error: VALIDATION_KEYS.invalid }), {
    error: VALIDATION_KEYS.required,
  }),
});
export type SelfAssessmentBody = z.input<typeof selfAssessmentBodySchema>;

export const selfAssessmentParamsSchema = z.object({
  id: z.uuid({ error: 'common.not_found' }),
  questionId: z.uuid({ error: 'common.not_found' }),
});

export const selfAssessmentSchema = z
  .object({
    rubric: z.enum(RUBRIC_IDS),
    criteria: z.record(z.string(), z.number()),
    /** The overall score by the rubric's rule (IELTS half bands). */
    overall: z.number().nullable(),
    assessed_at: z.string(),
  })
  .meta({ id: 'SelfAssessment' });
export type SelfAssessment = z.infer<typeof selfAssessmentSchema>;

/**
 * How a written or spoken answer is being marked, as its learner reads it: its status, who marks it (the
 * centre whose test it is, or nobody: a learner outside a centre has no teacher), the machine's draft
 * (always labelled a draft) and the learner's own self-assessment.
 */
export const answerMarkingSchema = z
  .object({
    status: z.enum(ANSWER_MARKING_STATUSES),
    rubric: z.enum(RUBRIC_IDS),
    /** `centre`: the centre's teachers mark it; `none`: no teacher will mark it. */
    marker: z.enum(['centre', 'none']),
    centre_name: z.string().nullable(),
    draft: z
      .object({
        criteria: z.record(z.string(), z.number()),
        overall: z.number().nullable(),
        feedback: draftFeedbackSchema.nullable(),
        drafted_at: z.string(),
      })
      .nullable(),
    self_assessment: selfAssessmentSchema.nullable(),
  })
  .meta({ id: 'AnswerMarking' });
export type AnswerMarking = z.infer<typeof answerMarkingSchema>;

export const reviewQuestionSchema = paperQuestionSchema.extend({
  your_answer: z.record(z.string(), z.unknown()).nullable(),
  /** Null when the test never shows answers. */
  correct_answer: z.unknown().nullable(),
  outcome: z.enum(OUTCOMES),
  points: z.number(),
  max_points: z.number(),
  explanation_vi: z.string().nullable(),
  explanation_en: z.string().nullable(),
  flagged: z.boolean(),
  /** An essay's mark by a teacher, once marked. */
  teacher_mark: teacherMarkSchema.nullable().optional(),
  /** A written or spoken answer's marking: status, who marks it, the draft, the self-assessment. */
  marking: answerMarkingSchema.nullable().optional(),
});

export const reviewGroupSchema = paperGroupSchema.extend({
  title: z.string(),
  transcript: z.string().nullable(),
  questions: z.array(reviewQuestionSchema),
});

export const reviewSectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  skill: z.enum(SKILLS),
  items: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('question'), question: reviewQuestionSchema }),
      z.object({ kind: z.literal('group'), group: reviewGroupSchema }),
    ]),
  ),
});

/** A bank tag naming the skill a question tests (`skill:word-form`): the breakdown groups by it. */
export const SKILL_TAG_PREFIX = 'skill:';

/**
 * One row of a result's breakdown: the learner's questions of one question type or one skill (a
 * `skill:` tag), against everyone's submitted attempts of the test on the same questions.
 */
export const breakdownRowSchema = z.object({
  dimension: z.enum(['question_type', 'skill']),
  /** The question type's id, or the skill tag without its prefix (`word-form`). */
  key: z.string(),
  /** The question type's name, or the skill key. */
  name: z.string(),
  /** The question type's English name (null: none, or a skill row). */
  name_en: z.string().nullable(),
  /** Parts (section ids) holding the row's questions, in paper order. */
  section_ids: z.array(z.string()),
  correct: z.number().int(),
  /** Questions graded (answers waiting for a teacher are left out). */
  total: z.number().int(),
  /** correct / total, null without graded questions. */
  accuracy: z.number().nullable(),
  everyone_correct: z.number().int(),
  everyone_total: z.number().int(),
  everyone_accuracy: z.number().nullable(),
  /** Numbers of the row's questions the learner got wrong or skipped. */
  missed: z.array(z.number().int()),
});

/** The four IELTS skills in the test's order. */
export const IELTS_SKILLS = ['listening', 'reading', 'writing', 'speaking'] as const;

/**
 * The IELTS bands of a full attempt whose every part is banded the IELTS way (issue 28): listening and
 * reading by a band table, writing and speaking by teachers on the IELTS rubrics. A skill's band is null
 * while an answer of it waits for a teacher (`waiting`). The overall band is the mean of the four skill
 * bands rounded to the nearest half band (.25 and .75 up), once all four skills are in the attempt and
 * banded; until then it is null and `waiting` names the skills still to come.
 */
export const ieltsBandsSchema = z
  .object({
    skills: z.array(
      z.object({
        skill: z.enum(IELTS_SKILLS),
        band: z.number().nullable(),
        /** Writing and speaking: the band is the mean of the teachers' bands of its answers. */
        marked_by_teacher: z.boolean(),
      }),
    ),
    overall: z.number().nullable(),
    /** The skills of the attempt still waiting for a teacher's mark. */
    waiting: z.array(z.enum(IELTS_SKILLS)),
    /** The attempt holds all four skills, so an overall band is (or will be) given. */
    four_skills: z.boolean(),
  })
  .meta({ id: 'IeltsBands' });
export type IeltsBands = z.infer<typeof ieltsBandsSchema>;

export const attemptResultSchema = z
  .object({
    id: z.string(),
    test: testRefSchema,
    learner: z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string() }),
    mode: z.enum(ATTEMPT_MODES),
    /** A practice of mistakes: the attempt it redoes (issue 14). */
    source_attempt_id: z.string().nullable(),
    status: z.enum(ATTEMPT_STATUSES),
    submit_reason: z.enum(SUBMIT_REASONS).nullable(),
    started_at: z.string(),
    submitted_at: z.string().nullable(),
    time_spent_seconds: z.number().int(),
    grading: z.enum(GRADING_STATUSES),
    /** Sum of the section scores; null in practice mode or while essays wait for grading. */
    score_total: z.number().nullable(),
    max_score: z.number().nullable(),
    /** The conversion tables are estimates (ETS equates each form). */
    is_estimate: z.boolean(),
    /**
     * A mini test's attempt (issue 29): scored per question, each score section's share correct read on
     * the exam's conversion table as if the whole section were taken (an estimate, decision 030).
     */
    mini: z.boolean(),
    sections: z.array(sectionScoreSchema),
    counts: countsSchema,
    parts: z.array(partResultSchema),
    answers_visible: z.boolean(),
    review: z.array(reviewSectionSchema),
    /** By question type and by skill, weakest first (lowest accuracy, then furthest below everyone). */
    breakdown: z.array(breakdownRowSchema),
    /**
     * Set when an organization's assignment withholds the per-question review from its learner (issue 15):
     * `until` is the close time that releases it, null when it is never shown. The review is then empty.
     */
    review_withheld: z.object({ until: z.string().nullable() }).nullable().optional(),
    /** IELTS bands per skill and overall (issue 28); null for an attempt not banded the IELTS way. */
    ielts_bands: ieltsBandsSchema.nullable().optional(),
  })
  .meta({ id: 'AttemptResult' });

// ---------------------------------------------------------------- catalogue

/** A level, category, exam or part as the learner sees it: its name, and its English name if written. */
const namedRef = z.object({ id: z.string(), name: z.string(), name_en: z.string().nullable() });

export const catalogueQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  category: z.string().trim().max(120).optional(),
  exam_id: z.uuid().optional(),
  level_id: z.uuid().optional(),
  access: z.enum(['free', 'pack']).optional(),
  sort: z.enum(['newest', 'popular', 'title']).default('newest'),
});

export const catalogueItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    title_en: z.string().nullable(),
    slug: z.string(),
    excerpt: z.string().nullable(),
    cover: mediaSchema.nullable(),
    category: namedRef.extend({ slug: z.string() }),
    exam: namedRef,
    level: namedRef.extend({ code: z.string() }).nullable(),
    access: z.enum(['free', 'pack']),
    duration_minutes: z.number().int(),
    part_count: z.number().int(),
    question_count: z.number().int(),
    attempt_count: z.number().int(),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'CatalogueItem' });

export const catalogueFiltersSchema = z
  .object({
    categories: z.array(namedRef.extend({ slug: z.string(), exams: z.array(namedRef) })),
    levels: z.array(namedRef.extend({ code: z.string() })),
  })
  .meta({ id: 'CatalogueFilters' });

export const publicTestDetailSchema = catalogueItemSchema
  .extend({
    description: z.string().nullable(),
    /** The description in English mode (null: none, the Vietnamese one is shown). */
    description_en: z.string().nullable(),
    attempts_allowed: z.number().int().nullable(),
    answer_visibility: z.enum(['after_submit', 'never']),
    sections: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        name_en: z.string().nullable(),
        skill: z.enum(SKILLS),
        question_count: z.number().int(),
        time_limit_minutes: z.number().int().nullable(),
      }),
    ),
    packs: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        description: z.string().nullable(),
        price_vnd: z.number().int(),
        validity_days: z.number().int(),
        test_count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PublicTestDetail' });

export const attemptSummarySchema = z
  .object({
    id: z.string(),
    mode: z.enum(ATTEMPT_MODES),
    status: z.enum(ATTEMPT_STATUSES),
    started_at: z.string(),
    submitted_at: z.string().nullable(),
    deadline_at: z.string().nullable(),
    time_spent_seconds: z.number().int(),
    grading: z.enum(GRADING_STATUSES).nullable(),
    score_total: z.number().nullable(),
    max_score: z.number().nullable(),
    correct: z.number().int(),
    total: z.number().int(),
    /** Names of the parts taken (all parts for a full test). */
    parts: z.array(z.string()),
    /** Their English names, in the same order (null where a part has none). */
    parts_en: z.array(z.string().nullable()),
  })
  .meta({ id: 'AttemptSummary' });

export const myTestStateSchema = z
  .object({
    attempts: z.array(attemptSummarySchema),
    best_score: z.number().nullable(),
    in_progress: attemptSummarySchema.nullable(),
    attempts_left: z.number().int().nullable(),
    can_start: z.boolean(),
    locked_reason: z.enum(['pack_required', 'attempts_exhausted']).nullable(),
  })
  .meta({ id: 'MyTestState' });

// ---------------------------------------------------------------- history

export const historyItemSchema = z
  .object({
    test: testRefSchema,
    attempt_count: z.number().int(),
    best_score: z.number().nullable(),
    latest_score: z.number().nullable(),
    max_score: z.number().nullable(),
    latest_attempt: attemptSummarySchema,
    last_attempt_at: z.string(),
  })
  .meta({ id: 'HistoryItem' });

export const historyTestSchema = z
  .object({ test: testRefSchema, attempts: z.array(attemptSummarySchema) })
  .meta({ id: 'HistoryTest' });

export const testStatsSchema = z
  .object({
    attempt_count: z.number().int(),
    learner_count: z.number().int(),
    submitted_count: z.number().int(),
    in_progress_count: z.number().int(),
    average_score: z.number().nullable(),
    best_score: z.number().nullable(),
    average_time_seconds: z.number().nullable(),
    parts: z.array(
      z.object({ section_id: z.string(), name: z.string(), correct_rate: z.number().nullable() }),
    ),
    recent: z.array(
      attemptSummarySchema.extend({
        learner: z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string() }),
      }),
    ),
  })
  .meta({ id: 'TestStats' });

export type AnswerChange = z.input<typeof answerChangeSchema>;
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;
export type SaveAnswersResult = z.infer<typeof saveAnswersResultSchema>;
export type StartAttemptBody = z.input<typeof startAttemptBodySchema>;
export type Paper = z.infer<typeof paperSchema>;
export type PaperSection = z.infer<typeof paperSectionSchema>;
export type PaperQuestion = z.infer<typeof paperQuestionSchema>;
export type PaperGroup = z.infer<typeof paperGroupSchema>;
export type AttemptResult = z.infer<typeof attemptResultSchema>;
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export type CatalogueFilters = z.infer<typeof catalogueFiltersSchema>;
export type PublicTestDetail = z.infer<typeof publicTestDetailSchema>;
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;
export type MyTestState = z.infer<typeof myTestStateSchema>;
export type HistoryItem = z.infer<typeof historyItemSchema>;
export type HistoryTest = z.infer<typeof historyTestSchema>;
export type TestStats = z.infer<typeof testStatsSchema>;
