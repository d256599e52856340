import { DICTATION_KEYS, type DictationExercise, type DictationSummary } from '@prepwise/contract';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, tests } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { getTestModel } from '../attempts';
import { countWords, transcriptSentences } from './sentences';

/*
 * Dictation exercises (issue 14) are the transcripts of listening groups, read from the published
 * versions of tests. Only transcripts that anyone can already read in a test review are used: a free,
 * published platform test (the public catalogue's, no pack to buy) whose answers and transcripts are
 * shown after submitting (answer_visibility `after_submit`). A `never` test's transcripts stay hidden,
 * a pack test's stay with its buyers, an organization's with its learners.
 */

/** The tests whose reviews show their transcripts to anyone who takes them. */
function reviewableTests(db: Db) {
  return db
    .select({ id: tests.id, version: tests.publishedVersion, publishedAt: tests.publishedAt })
    .from(tests)
    .where(
      and(
        isNull(tests.organizationId),
        eq(tests.status, 'published'),
        eq(tests.access, 'free'),
        eq(tests.answerVisibility, 'after_submit'),
        isNotNull(tests.publishedVersion),
      ),
    )
    .orderBy(desc(tests.publishedAt), desc(tests.id));
}

type Exercise = DictationExercise & { testId: string };
type TestModel = Awaited<ReturnType<typeof getTestModel>>;

/** A version never changes, so its exercises are worked out once per compiled version. */
const exercisesOfVersion = new WeakMap<TestModel, Exercise[]>();

function versionExercises(model: TestModel): Exercise[] {
  const known = exercisesOfVersion.get(model);
  if (known) return known;
  const exercises: Exercise[] = [];
  for (const [position, section] of model.sections.entries()) {
    if (section.skill !== 'listening') continue;
    for (const item of section.items) {
      if (item.kind !== 'group' || !item.group.transcript) continue;
      const sentences = transcriptSentences(item.group.transcript);
      const numbers = item.group.questions.map((question) => question.number);
      if (sentences.length === 0 || numbers.length === 0) continue;
      exercises.push({
        id: item.group.id,
        testId: model.testId,
        test: { title: model.test.title, slug: model.test.slug },
        exam: model.test.exam,
        part: { id: section.id, name: section.name, position: position + 1 },
        first_question: Math.min(...numbers),
        last_question: Math.max(...numbers),
        level: item.group.level,
        sentence_count: sentences.length,
        word_count: sentences.reduce((sum, sentence) => sum + countWords(sentence.text), 0),
        sentences,
      });
    }
  }
  exercisesOfVersion.set(model, exercises);
  return exercises;
}

/** Every exercise, newest test first, by part; a group in several tests is offered once (its newest). */
async function allExercises(db: Db): Promise<Exercise[]> {
  const seen = new Set<string>();
  const exercises: Exercise[] = [];
  for (const row of await reviewableTests(db)) {
    for (const exercise of versionExercises(await getTestModel(db, row.id, row.version!))) {
      if (seen.has(exercise.id)) continue;
      seen.add(exercise.id);
      exercises.push(exercise);
    }
  }
  return exercises;
}

export async function listExercises(db: Db): Promise<DictationSummary[]> {
  return (await allExercises(db)).map(({ sentences: _s, testId: _t, ...summary }) => summary);
}

/**
 * True when the learner has an open attempt whose paper holds the group: its transcript would help them
 * answer that attempt, so the dictation waits until they submit.
 */
async function heldByOpenAttempt(db: Db, userId: string, groupId: string): Promise<boolean> {
  const open = await db
    .select({ testId: attempts.testId, version: attempts.testVersion })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.status, 'in_progress')));
  for (const attempt of open) {
    const model = await getTestModel(db, attempt.testId, attempt.version);
    const holds = model.sections.some((section) =>
      section.items.some((item) => item.kind === 'group' && item.group.id === groupId),
    );
    if (holds) return true;
  }
  return false;
}

/** One exercise with its sentences; `learnerId` is the signed-in learner, if any. */
export async function getExercise(db: Db, id: string, learnerId: string | null): Promise<DictationExercise> {
  const found = (await allExercises(db)).find((exercise) => exercise.id === id);
  if (!found) throw notFound('Dictation not found');
  if (learnerId && (await heldByOpenAttempt(db, learnerId, id))) {
    throw conflict('Finish your open attempt of this test first', { attempt: DICTATION_KEYS.attemptOpen });
  }
  const { testId: _t, ...exercise } = found;
  return exercise;
}

/** The text of one sentence, to be spoken. */
export async function sentenceText(
  db: Db,
  id: string,
  index: number,
  learnerId: string | null,
): Promise<string> {
  const sentence = (await getExercise(db, id, learnerId)).sentences[index];
  if (!sentence) throw notFound('Sentence not found');
  return sentence.text;
}
