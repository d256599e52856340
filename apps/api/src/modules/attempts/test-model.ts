import type {
  AnswerKind,
  AttemptMode,
  Paper,
  PaperQuestion,
  Question,
  QuestionGroup,
} from '@prepwise/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questionTypes, testVersions } from '../../db/schema';
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
    skill: Skill;
    audio_policy: AudioPolicy;
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
    slug: string;
    duration_minutes: number;
    exam: { id: string; name: string };
  };
  sections: SnapshotSection[];
  scoring: ScoringConfig[];
  scoring_rules?: Record<string, ScoringRule>;
}

export interface ModelQuestion extends GradingQuestion {
  number: number;
  /** Learner-facing fields (no answer, explanation, tags or source note). */
  paper: PaperQuestion;
  explanationVi: string | null;
  explanationEn: string | null;
}

export interface ModelGroup {
  id: string;
  title: string;
  passage: string | null;
  transcript: string | null;
  audio: PaperQuestion['audio'];
  image: PaperQuestion['image'];
  questions: ModelQuestion[];
}

export type ModelItem = { kind: 'question'; question: ModelQuestion } | { kind: 'group'; group: ModelGroup };

export interface ModelSection extends GradingSection {
  audioPolicy: AudioPolicy;
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
  scoring: ScoringConfig[];
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
      rule: kind === 'essay' ? 'manual' : (rules[question.question_type.id] ?? 'all_or_nothing'),
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
      },
      explanationVi: question.explanation_vi,
      explanationEn: question.explanation_en,
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
      skill: section.format.skill,
      scoreSection: section.format.score_section,
      audioPolicy: section.format.audio_policy,
      instructionsVi: section.format.instructions_vi,
      instructionsEn: section.format.instructions_en,
      timeLimitMinutes: section.format.time_limit_minutes,
      questionCount: questions.length,
      items,
      questions,
    };
  });
  return {
    testId,
    version,
    test: snapshot.test,
    sections,
    sectionById: new Map(sections.map((section) => [section.id, section])),
    questionById,
    scoring: snapshot.scoring,
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
  return compile(testId, version, snapshot, rules);
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

/** A small deterministic generator seeded from a string (FNV-1a then mulberry32). */
function seededRandom(seed: string): () => number {
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
    .map((section) => ({
      id: section.id,
      name: section.name,
      skill: section.skill,
      audio_policy:
        attempt.mode === 'practice' && section.audioPolicy !== 'none' ? 'free' : section.audioPolicy,
      instructions_vi: section.instructionsVi,
      instructions_en: section.instructionsEn,
      question_count: section.questionCount,
      items: section.items.map((item) =>
        item.kind === 'question'
          ? { kind: 'question' as const, question: paperQuestion(attempt.id, item.question) }
          : {
              kind: 'group' as const,
              group: {
                id: item.group.id,
                title: item.group.title,
                passage: item.group.passage,
                audio: item.group.audio,
                image: item.group.image,
                questions: item.group.questions.map((question) => paperQuestion(attempt.id, question)),
              },
            },
      ),
    }));
}
