import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { attempts } from '../../db/schema';
import type { GradedAnswer } from './grading';
import type { TestModel } from './test-model';

/**
 * The mistake notebook's side of grading (issue 14), in the submit transaction: a wrong or partly right
 * answer opens (or reopens) the learner's row of the question; a right answer marks an open row learned.
 * Unanswered questions and answers waiting for a teacher change nothing.
 */
export async function recordNotebookOutcomes(
  tx: Db,
  row: Pick<typeof attempts.$inferSelect, 'id' | 'userId' | 'testId' | 'testVersion' | 'sectionIds'>,
  model: TestModel,
  graded: Map<string, GradedAnswer>,
  held: { questionId: string; answer: unknown }[],
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const given = new Map(held.map((answer) => [answer.questionId, answer.answer]));
  const taken = new Set(row.sectionIds);
  const wrong: Record<string, unknown>[] = [];
  const right: string[] = [];
  for (const section of model.sections) {
    if (!taken.has(section.id)) continue;
    for (const question of section.questions) {
      const outcome = graded.get(question.id)?.outcome;
      if (outcome === 'correct') right.push(question.id);
      else if ((outcome === 'wrong' || outcome === 'partial') && given.get(question.id) != null)
        wrong.push({
          question_id: question.id,
          section_id: section.id,
          part_name: section.name,
          type_id: question.type.id,
          type_name: question.type.name,
          outcome,
          answer: given.get(question.id),
        });
    }
  }
  if (wrong.length > 0) {
    await tx.execute(sql`
      insert into notebook_items as n (user_id, question_id, test_id, test_version, section_id, part_name,
                                      type_id, type_name, attempt_id, wrong_count, last_outcome, last_answer,
                                      last_wrong_at, learned_at, updated_at)
      select ${row.userId}::uuid, w.question_id, ${row.testId}::uuid, ${row.testVersion}::int, w.section_id,
             w.part_name, w.type_id, w.type_name, ${row.id}::uuid, 1, w.outcome, w.answer, ${at}, null, ${at}
      from jsonb_to_recordset(${JSON.stringify(wrong)}::jsonb)
           as w(question_id uuid, section_id text, part_name text, type_id text, type_name text,
                outcome text, answer jsonb)
      on conflict (user_id, question_id) do update set
        test_id = excluded.test_id, test_version = excluded.test_version, section_id = excluded.section_id,
        part_name = excluded.part_name, type_id = excluded.type_id, type_name = excluded.type_name,
        attempt_id = excluded.attempt_id, wrong_count = n.wrong_count + 1,
        last_outcome = excluded.last_outcome, last_answer = excluded.last_answer,
        last_wrong_at = excluded.last_wrong_at, learned_at = null, updated_at = ${at}`);
  }
  if (right.length > 0) {
    await tx.execute(sql`
      update notebook_items set learned_at = ${at}, last_outcome = 'correct', updated_at = ${at}
      where user_id = ${row.userId} and wrong_count > 0 and learned_at is null
        and question_id = any(${`{${right.join(',')}}`}::uuid[])`);
  }
}
