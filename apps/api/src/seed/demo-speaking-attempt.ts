import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { attempts, tests, users } from '../db/schema';
import { markEssay } from '../modules/attempts/essay-marks.service';
import { getOwnAttemptModel } from '../modules/attempts/results.service';
import { startAttempt } from '../modules/attempts/start.service';
import { submitAttempt } from '../modules/attempts/submission.service';
import { finishRecording, putChunk } from '../modules/recordings/recordings.service';
import { PLATFORM } from '../tenancy/tenant';
import { demoSpeakingFile, ieltsSpeakingTest1 } from './content/ielts/speaking';
import { SEED_MEDIA_DIR } from './practice-tests';
import type { SeedStep } from './step';

/** The teacher's bands of each answer (fluency, lexis, grammar, pronunciation) and the comments. */
const MARKS: { criteria: [number, number, number, number]; comment: string }[] = [
  { criteria: [6, 6, 6, 6], comment: 'A direct answer with a detail; add a reason to extend it.' },
  { criteria: [6, 6, 6, 6], comment: 'Good example (street food). Try a less common word than “cheaply”.' },
  { criteria: [6, 7, 6, 6], comment: '“lose my concentration” is natural. Well explained.' },
  { criteria: [7, 6, 7, 6], comment: 'Nice contrast with “which I regret now”.' },
  {
    criteria: [7, 6, 6, 6],
    comment:
      'Covers every point of the card and keeps going without long pauses. Vocabulary is accurate but safe; speech is clear though flat in intonation. Aim for more topic words (ingredients, techniques).',
  },
  { criteria: [6, 6, 6, 6], comment: 'Relevant, but develop one example fully.' },
  { criteria: [7, 6, 7, 6], comment: 'Clear position and reason; compare the two ways more.' },
  { criteria: [7, 7, 6, 6], comment: 'Balanced answer with a suggestion: good Part 3 technique.' },
];
const CRITERIA = ['fluency_coherence', 'lexical_resource', 'grammatical_range', 'pronunciation'] as const;
const OVERALL_COMMENT =
  'Overall: fluent and relevant throughout, with accurate but mostly common vocabulary. Work on longer Part 3 answers and on stress and intonation.';

/**
 * Demo (issue 28): the demo learner has taken the seeded IELTS Speaking test, recorded every answer (real
 * WebM/Opus recordings committed as seed media, scripts/make-demo-speaking.mjs), and the platform's admin
 * has marked each answer on the IELTS speaking rubric with a comment, so a first start shows a marked
 * spoken answer: the recording, the bands per criterion and the teacher's comment. Through the same
 * services as the runner and the marking queue; skipped when the learner already has an attempt of it.
 */
export const demoSpeakingAttemptStep: SeedStep = {
  name: 'demo-speaking-attempt',
  version: '1',
  demo: true,
  async run(tx, { storage }) {
    const [learner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'learner@prepwise.vn'));
    const [teacher] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@prepwise.vn'));
    const [test] = await tx
      .select({ id: tests.id })
      .from(tests)
      .where(eq(tests.slug, ieltsSpeakingTest1.slug));
    if (!learner || !teacher || !test) return;
    const [taken] = await tx
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, learner.id), eq(attempts.testId, test.id)));
    if (taken) return;

    // Taken two days ago, marked yesterday.
    const startedAt = new Date(Date.now() - 2 * 24 * 3600_000);
    const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);
    const { id: attemptId } = await startAttempt(
      tx,
      PLATFORM,
      learner.id,
      ieltsSpeakingTest1.slug,
      { mode: 'full', section_ids: [], time_limit_minutes: null },
      startedAt,
    );
    const { model } = await getOwnAttemptModel(tx, learner.id, attemptId, at(1));
    const questions = model.sections.flatMap((section) => section.questions);
    for (const [index, question] of questions.entries()) {
      const bytes = await readFile(path.join(SEED_MEDIA_DIR, demoSpeakingFile(index)));
      const ids = { attemptId, questionId: question.id };
      await putChunk(tx, learner.id, ids, 0, bytes, at(1 + index));
      await finishRecording(tx, storage, learner.id, ids, { chunk_count: 1, duration_ms: 0 }, at(1 + index));
    }
    await submitAttempt(tx, attemptId, 'learner', at(12), { userId: learner.id });
    const markedAt = new Date(startedAt.getTime() + 24 * 3600_000);
    for (const [index, question] of questions.entries()) {
      const mark = MARKS[index]!;
      await markEssay(
        tx,
        PLATFORM,
        { attemptId, questionId: question.id },
        {
          criteria: Object.fromEntries(CRITERIA.map((key, i) => [key, mark.criteria[i]!])),
          comment: index === 4 ? `${mark.comment}\n\n${OVERALL_COMMENT}` : mark.comment,
          comments: [],
        },
        teacher.id,
        markedAt,
      );
    }
  },
};
