import {
  type AnswerKind,
  type AttemptMode,
  type Paper,
  type PaperQuestion,
  type Question,
  type QuestionGroup,
  speakingSettingsSchema,
} from '@prepwise/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examFormats, exams, questionTypes, tests, testVersions } from '../../db/schema';
import type { GradingQuestion, GradingSection, ScoringConfig, ScoringRule } from './grading';

/*
 * A published version of a test, compiled once from its frozen snapshot (test_versions.snapshot) and kept
 * in a bounded in-memory cache: versions never change, so every attempt of a version shares one copy.
 */

type Skill = GradingSection['skill'];
type AudioPolicy = 'none' | 'play_once' | 'free';

interface SnapshotSection {
  id: string;
  format: {
    id: string;
    name: string;
    /** Frozen since migration english_names; older versions have none. */
    name_en?: string | null;
    skill: Skill;
    audio_policy: AudioPolicy;
    /** Frozen since issue 14; older versions have none (false). */
    heard_only?: boolean;
    instructions_vi: string | null;
    instructions_en: string | null;
    score_section: string;
    time_limit_minutes: number | null;
  };
  items: ({ kind: 'question'; question: Question } | { kind: 'group'; group: QuestionGroup })[];
}

interface Snapshot {
  test: {
    id: string;
    title: string;
    title_en?: string | null;
    slug: string;
    duration_minutes: number;
    exam: { id: string; name: string; name_en?: string | null };
  };
  sections: SnapshotSection[];
  scoring: ScoringConfig[];
  scoring_rules?: Record<string, ScoringRule>;
  /** A mini test's version (issue 29); versions published before have none (false). */
  mini?: boolean;
}

export interface ModelQuestion extends GradingQuestion {
  number: number;
  /** Learner-facing fields (no answer, explanation, tags or source note). */
  paper: PaperQuestion;
  explanationVi: string | null;
  explanationEn: string | null;
  /** The question type as frozen in the version (the result's breakdown groups by it). */
  type: { id: string; name: string };
  /** The bank's tags as frozen in the version. */
  tags: string[];
}

export interface ModelGroup {
  id: string;
  title: string;
  /** The CEFR code of the group's level, when it has one. */
  level: string | null;
  passage: string | null;
  transcript: string | null;
  audio: PaperQuestion['audio'];
  image: PaperQuestion['image'];
  questions: ModelQuestion[];
}

export type ModelItem = { kind: 'question'; question: ModelQuestion } | { kind: 'group'; group: ModelGroup };

export interface ModelSection extends GradingSection {
  nameEn: string | null;
  audioPolicy: AudioPolicy;
  heardOnly: boolean;
  instructionsVi: string | null;
  instructionsEn: string | null;
  timeLimitMinutes: number | null;
  questionCount: number;
  items: ModelItem[];
  questions: ModelQuestion[];
}

export interface TestModel {
  testId: string;
  version: number;
  test: Snapshot['test'];
  sections: ModelSection[];
  sectionById: Map<string, ModelSection>;
  questionById: Map<string, ModelQuestion>;
  /** Media ids of the clips of play-once parts (recorded per attempt when they start). */
  onceClips: Map<string, string>;
  scoring: ScoringConfig[];
  /** Fewer parts or questions than the exam: scored per question, not by the official conversion. */
  mini: boolean;
}

/** A speaking question's settings (its `answer`) belong on the paper: the runner times the recording by them. */
function speakingOf(kind: AnswerKind, answer: unknown): Pick<PaperQuestion, 'speaking'> {
  if (kind !== 'speaking') return {};
  const parsed = speakingSettingsSchema.safeParse(answer);
  return parsed.success ? { speaking: parsed.data } : {};
}

function compile(
  testId: string,
  version: number,
  snapshot: Snapshot,
  rules: Record<string, ScoringRule>,
): TestModel {
  let number = 0;
  const questionById = new Map<string, ModelQuestion>();
  const toQuestion = (question: Question, sectionId: string): ModelQuestion => {
    number++;
    const kind: AnswerKind = question.question_type.answer_kind;
    const model: ModelQuestion = {
      id: question.id,
      sectionId,
      kind,
      rule:
        kind === 'essay' || kind === 'speaking'
          ? 'manual'
          : (rules[question.question_type.id] ?? 'all_or_nothing'),
      answer: question.answer,
      number,
      paper: {
        id: question.id,
        number,
        answer_kind: kind,
        stem: question.stem,
        options: question.options,
        items: question.items,
        audio: question.audio,
        image: question.image,
        ...speakingOf(kind, question.answer),
        ...(kind === 'essay'
          ? { min_words: (question.answer as { min_words?: number } | null)?.min_words ?? null }
          : {}),
      },
      explanationVi: question.explanation_vi,
      explanationEn: question.explanation_en,
      type: { id: question.question_type.id, name: question.question_type.name },
      tags: question.tags ?? [],
    };
    questionById.set(model.id, model);
    return model;
  };
  const sections = snapshot.sections.map((section): ModelSection => {
    const questions: ModelQuestion[] = [];
    const items = section.items.map((item): ModelItem => {
      if (item.kind === 'question') {
        const question = toQuestion(item.question, section.id);
        questions.push(question);
        return { kind: 'question', question };
      }
      const group = item.group;
      const groupQuestions = group.questions.map((question) => toQuestion(question, section.id));
      questions.push(...groupQuestions);
      return {
        kind: 'group',
        group: {
          id: group.id,
          title: group.title,
          level: group.level?.code ?? null,
          passage: group.passage,
          transcript: group.transcript,
          audio: group.audio,
          image: group.image,
          questions: groupQuestions,
        },
      };
    });
    return {
      id: section.id,
      name: section.format.name,
      nameEn: section.format.name_en ?? null,
      skill: section.format.skill,
      scoreSection: section.format.score_section,
      audioPolicy: section.format.audio_policy,
      heardOnly: section.format.heard_only ?? false,
      instructionsVi: section.format.instructions_vi,
      instructionsEn: section.format.instructions_en,
      timeLimitMinutes: section.format.time_limit_minutes,
      questionCount: questions.length,
      items,
      questions,
    };
  });
  const onceClips = new Map<string, string>();
  for (const section of sections) {
    if (section.audioPolicy !== 'play_once') continue;
    for (const item of section.items) {
      const holders =
        item.kind === 'group'
          ? [item.group, ...item.group.questions.map((q) => q.paper)]
          : [item.question.paper];
      for (const holder of holders) if (holder.audio) onceClips.set(holder.audio.id, section.id);
    }
  }
  return {
    testId,
    version,
    test: snapshot.test,
    sections,
    sectionById: new Map(sections.map((section) => [section.id, section])),
    questionById,
    onceClips,
    scoring: snapshot.scoring,
    mini: snapshot.mini === true,
  };
}

const MAX_CACHED_VERSIONS = 64;
const cache = new Map<string, Promise<TestModel>>();

async function loadModel(db: Db, testId: string, version: number): Promise<TestModel> {
  const [row] = await db
    .select({ snapshot: testVersions.snapshot })
    .from(testVersions)
    .where(and(eq(testVersions.testId, testId), eq(testVersions.version, version)));
  if (!row) throw new Error(`Test version ${testId}@${version} is missing`);
  const snapshot = row.snapshot as Snapshot;
  let rules = snapshot.scoring_rules;
  if (!rules) {
    // Versions published before scoring rules were frozen: read the question types' rules.
    const typeIds = new Set<string>();
    for (const section of snapshot.sections)
      for (const item of section.items)
        for (const question of item.kind === 'group' ? item.group.questions : [item.question])
          typeIds.add(question.question_type.id);
    const types = typeIds.size
      ? await db
          .select({ id: questionTypes.id, rule: questionTypes.scoringRule })
          .from(questionTypes)
          .where(inArray(questionTypes.id, [...typeIds]))
      : [];
    rules = Object.fromEntries(types.map((type) => [type.id, type.rule]));
  }
  return compile(testId, version, await withEnglishNames(db, snapshot), rules);
}

/**
 * English names are frozen with each version since migration english_names. Where a version has none (published
 * before, or written in English later), the test's, exam's and parts' current English names are shown.
 */
async function withEnglishNames(db: Db, snapshot: Snapshot): Promise<Snapshot> {
  const missingParts = snapshot.sections.filter((section) => !section.format.name_en);
  const missingTest = !snapshot.test.title_en || !snapshot.test.exam.name_en;
  if (missingParts.length === 0 && !missingTest) return snapshot;
  const [formats, [live]] = await Promise.all([
    missingParts.length
      ? db
          .select({ id: examFormats.id, nameEn: examFormats.nameEn })
          .from(examFormats)
          .where(
            inArray(
              examFormats.id,
              missingParts.map((section) => section.format.id),
            ),
          )
      : Promise.resolve([]),
    missingTest
      ? db
          .select({ titleEn: tests.titleEn, examNameEn: exams.nameEn })
          .from(tests)
          .innerJoin(exams, eq(exams.id, tests.examId))
          .where(eq(tests.id, snapshot.test.id))
      : Promise.resolve([]),
  ]);
  const formatNames = new Map(formats.map((format) => [format.id, format.nameEn]));
  return {
    ...snapshot,
    test: {
      ...snapshot.test,
      title_en: snapshot.test.title_en || live?.titleEn || null,
      exam: { ...snapshot.test.exam, name_en: snapshot.test.exam.name_en || live?.examNameEn || null },
    },
    sections: snapshot.sections.map((section) => ({
      ...section,
      format: {
        ...section.format,
        name_en: section.format.name_en || formatNames.get(section.format.id) || null,
      },
    })),
  };
}

/** The compiled version, loaded once per process (concurrent callers share one load). */
export function getTestModel(db: Db, testId: string, version: number): Promise<TestModel> {
  const key = `${testId}@${version}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const loading = loadModel(db, testId, version);
  cache.set(key, loading);
  loading.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED_VERSIONS) cache.delete(cache.keys().next().value!);
  return loading;
}

// ---------------------------------------------------------------- the learner's paper

/**
 * The model of an attempt of some questions only (a practice of mistakes): the sections holding them, each
 * with those questions and the groups (passage, audio, image) they belong to. Numbers stay the test's.
 */
export function narrowModel(model: TestModel, questionIds: readonly string[] | null): TestModel {
  if (!questionIds) return model;
  const chosen = new Set(questionIds);
  const sections = model.sections.flatMap((section): ModelSection[] => {
    const items = section.items.flatMap((item): ModelItem[] => {
      if (item.kind === 'question') return chosen.has(item.question.id) ? [item] : [];
      const questions = item.group.questions.filter((question) => chosen.has(question.id));
      return questions.length > 0 ? [{ kind: 'group', group: { ...item.group, questions } }] : [];
    });
    const questions = section.questions.filter((question) => chosen.has(question.id));
    return questions.length > 0 ? [{ ...section, items, questions, questionCount: questions.length }] : [];
  });
  const questionById = new Map<string, ModelQuestion>();
  for (const section of sections)
    for (const question of section.questions) questionById.set(question.id, question);
  return {
    ...model,
    sections,
    sectionById: new Map(sections.map((section) => [section.id, section])),
    questionById,
  };
}

/** A small deterministic generator seeded from a string (FNV-1a then mulberry32). */
export function seededRandom(seed: string): () => number {
  let hash = 2166136261;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pieces of an ordering question shuffled for this attempt, never in the correct order. */
export function shuffledPieces<T extends { key: string }>(
  attemptId: string,
  question: ModelQuestion,
  pieces: T[],
): T[] {
  const random = seededRandom(`${attemptId}:${question.id}`);
  const shuffled = [...pieces];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  const correct = (question.answer as { order?: string[] } | null)?.order ?? [];
  if (shuffled.length > 1 && shuffled.every((piece, index) => piece.key === correct[index])) {
    shuffled.push(shuffled.shift()!);
  }
  return shuffled;
}

/** A heard-only question as the paper shows it: no stem, options and items by letter only. */
function heardOnlyQuestion(question: PaperQuestion): PaperQuestion {
  const letters = (options: PaperQuestion['options']) =>
    options.map((option) => ({ key: option.key, content: '' }));
  return { ...question, stem: '', options: letters(question.options), items: letters(question.items) };
}

/** The learner-facing question: ordering pieces are shuffled per attempt (in `items` and `options`). */
export function paperQuestion(attemptId: string, question: ModelQuestion): PaperQuestion {
  if (question.kind !== 'ordering') return question.paper;
  const source = question.paper.options.length > 0 ? question.paper.options : question.paper.items;
  const pieces = shuffledPieces(attemptId, question, source);
  return { ...question.paper, options: pieces, items: pieces };
}

/** The sections of an attempt as the learner sees them. */
export function paperSections(
  model: TestModel,
  attempt: { id: string; mode: AttemptMode; sectionIds: string[] },
): Paper['sections'] {
  const taken = new Set(attempt.sectionIds);
  return model.sections
    .filter((section) => taken.has(section.id))
    .map((section) => {
      // Heard-only text stays out of the paper in every mode: the review shows it after submitting.
      const learnerQuestion = (question: ModelQuestion) => {
        const paper = paperQuestion(attempt.id, question);
        return section.heardOnly ? heardOnlyQuestion(paper) : paper;
      };
      return {
        id: section.id,
        name: section.name,
        name_en: section.nameEn,
        skill: section.skill,
        audio_policy:
          attempt.mode === 'practice' && section.audioPolicy !== 'none' ? 'free' : section.audioPolicy,
        heard_only: section.heardOnly,
        instructions_vi: section.instructionsVi,
        instructions_en: section.instructionsEn,
        question_count: section.questionCount,
        items: section.items.map((item) =>
          item.kind === 'question'
            ? { kind: 'question' as const, question: learnerQuestion(item.question) }
            : {
                kind: 'group' as const,
                group: {
                  id: item.group.id,
                  // Author-facing titles give answers away: the runner labels groups by their numbers.
                  title: null,
                  passage: item.group.passage,
                  audio: item.group.audio,
                  image: item.group.image,
                  questions: item.group.questions.map(learnerQuestion),
                },
              },
        ),
      };
    });
}
