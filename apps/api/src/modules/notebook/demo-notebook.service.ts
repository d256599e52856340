import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tests, users } from '../../db/schema';
import { PLATFORM } from '../../tenancy/tenant';
import { startAttempt } from '../attempts/start.service';
import { submitAttempt } from '../attempts/submission.service';
import { getTestModel } from '../attempts/test-model';
import { rightAnswer, wrongAnswer } from '../learners/demo-activity.service';
import { updateNotebookItem } from './notebook.service';

const TOEIC = 'toeic-listening-reading-de-luyen-1';
const GRAMMAR = 'grammar-writing-check-de-luyen-1';

/**
 * Demo (issue 14): the demo learner practises two tests with some mistakes, through the attempts service
 * (graded as any attempt, so the notebook fills itself), then writes a note and bookmarks questions.
 */
export async function seedDemoNotebook(tx: Db, email: string, now: Date): Promise<void> {
  const [learner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!learner) return;
  const noted: string[] = [];
  const bookmarked: { questionId: string; attemptId: string }[] = [];
  for (const slug of [TOEIC, GRAMMAR]) {
    const [test] = await tx
      .select({ id: tests.id, version: tests.publishedVersion })
      .from(tests)
      .where(eq(tests.slug, slug));
    if (!test?.version) continue;
    const model = await getTestModel(tx, test.id, test.version);
    // Reading parts for TOEIC (passages), everything for the short grammar test.
    const sections = model.sections.filter((section) => slug === GRAMMAR || section.skill === 'reading');
    const started = await startAttempt(
      tx,
      PLATFORM,
      learner.id,
      slug,
      {
        mode: 'practice',
        section_ids: sections.map((section) => section.id),
        time_limit_minutes: null,
      },
      now,
    );
    const questions = sections.flatMap((section) => section.questions).filter((q) => q.kind !== 'essay');
    let seq = 0;
    const answers = questions.flatMap((question, index) => {
      // Every fourth question wrong, every seventh left unanswered, the rest right.
      if (index % 7 === 6) return [];
      const answer = index % 4 === 1 ? wrongAnswer(question) : rightAnswer(question);
      return answer ? [{ question_id: question.id, answer, flagged: index === 2, seq: ++seq }] : [];
    });
    await submitAttempt(tx, started.id, 'learner', now, { userId: learner.id, answers });
    const wrong = questions.find((_, index) => index % 4 === 1);
    if (wrong) noted.push(wrong.id);
    const right = questions.find((_, index) => index % 4 === 0);
    if (right) bookmarked.push({ questionId: right.id, attemptId: started.id });
    if (wrong) bookmarked.push({ questionId: wrong.id, attemptId: started.id });
  }
  const notes = [
    'Đọc kỹ câu hỏi trước khi đọc đoạn văn: tìm từ khóa rồi mới dò thông tin.',
    'Thì quá khứ đơn đi với "yesterday", "last week", "ago".',
  ];
  for (const [index, questionId] of noted.entries()) {
    await updateNotebookItem(tx, learner.id, questionId, { note: notes[index] ?? notes[0]! }, now);
  }
  for (const { questionId, attemptId } of bookmarked) {
    await updateNotebookItem(tx, learner.id, questionId, { bookmarked: true, attempt_id: attemptId }, now);
  }
}
