/** The answer-similarity report of an assignment (issue 29): reads the answers, runs similarity.ts. */
import { type AssignmentSimilarity, MANUAL_KINDS } from '@prepwise/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Tenant } from '../../tenancy/tenant';
import { getTestModel } from '../attempts';
import { rows } from '../attempts/attempt-rows';
import { findAssignment } from './assignments.service';
import { SIMILARITY_DEFAULTS, type SimilarityLearner, similarityIndex } from './similarity';

/** Sorted keys, lower-case trimmed text: two answers given alike compare equal. */
function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.trim().replace(/\s+/g, ' ').toLowerCase();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** How an answer reads as evidence: an option's key, a verdict, the keys chosen, or the text typed. */
function display(answer: Record<string, unknown>): string {
  if (typeof answer.key === 'string') return answer.key.toUpperCase();
  if (typeof answer.value === 'string') return answer.value.replace(/_/g, ' ').toUpperCase();
  if (Array.isArray(answer.keys)) return answer.keys.map((key) => String(key).toUpperCase()).join(', ');
  if (typeof answer.text === 'string') return answer.text.trim().slice(0, 80);
  const text = JSON.stringify(answer);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const isBlank = (answer: unknown) =>
  answer === null ||
  answer === undefined ||
  (typeof answer === 'object' && Object.keys(answer as object).length === 0);

/**
 * Pairs of the assignment's learners (each by their latest submitted attempt) whose identical wrong answers
 * to the objective questions are improbable for learners working alone, with the questions as evidence.
 */
export async function getAssignmentSimilarity(
  db: Db,
  tenant: Tenant,
  testId: string,
  assignmentId: string,
): Promise<AssignmentSimilarity> {
  if (!tenant.organizationId) throw notFound('Test not found');
  const assignment = await findAssignment(db, tenant.organizationId, testId, assignmentId);
  const attempts = await rows<{
    id: string;
    user_id: string;
    test_version: number;
    full_name: string | null;
    email: string;
  }>(
    db,
    sql`select s.id, s.user_id, s.test_version, u.full_name, u.email
        from (select distinct on (a.user_id) a.id, a.user_id, a.test_version
              from attempts a
              where a.assignment_id = ${assignment.id} and a.status = 'submitted'
              order by a.user_id, a.submitted_at desc, a.id) s
        join users u on u.id = s.user_id
        order by lower(coalesce(u.full_name, u.email)), u.email`,
  );
  // The objective questions of every paper answered, numbered as on the first paper that holds them.
  const columns = new Map<string, { index: number; number: number }>();
  for (const version of [...new Set(attempts.map((attempt) => attempt.test_version))].sort((a, b) => a - b)) {
    const model = await getTestModel(db, testId, version);
    for (const section of model.sections)
      for (const item of section.items)
        for (const question of item.kind === 'group' ? item.group.questions : [item.question]) {
          if (MANUAL_KINDS.includes(question.kind) || columns.has(question.id)) continue;
          columns.set(question.id, { index: columns.size, number: question.number });
        }
  }
  const width = columns.size;
  const learners: SimilarityLearner[] = attempts.map((attempt) => ({
    id: attempt.id,
    responses: new Array<string | null>(width).fill(null),
    correct: new Array<boolean>(width).fill(false),
  }));
  const shown: Map<string, string>[] = attempts.map(() => new Map());
  if (attempts.length > 0 && width > 0) {
    const byAttempt = new Map(attempts.map((attempt, index) => [attempt.id, index]));
    const answers = await rows<{
      attempt_id: string;
      question_id: string;
      answer: unknown;
      points: number | null;
    }>(
      db,
      sql`select attempt_id, question_id, answer, points from attempt_answers
          where attempt_id in (${sql.join(
            attempts.map((attempt) => sql`${attempt.id}::uuid`),
            sql`, `,
          )})`,
    );
    for (const answer of answers) {
      const learner = byAttempt.get(answer.attempt_id);
      const column = columns.get(answer.question_id);
      if (learner === undefined || column === undefined || isBlank(answer.answer)) continue;
      learners[learner]!.responses[column.index] = JSON.stringify(canonical(answer.answer));
      learners[learner]!.correct[column.index] = Number(answer.points ?? 0) >= 1;
      shown[learner]!.set(answer.question_id, display(answer.answer as Record<string, unknown>));
    }
  }
  const index = similarityIndex(learners);
  const idOfColumn = [...columns.entries()];
  const person = (at: number) => ({
    id: attempts[at]!.user_id,
    full_name: attempts[at]!.full_name,
    email: attempts[at]!.email,
    attempt_id: attempts[at]!.id,
  });
  const positionOf = new Map(attempts.map((attempt, at) => [attempt.id, at]));
  return {
    learners: index.learners,
    questions: width,
    enough: index.enough,
    min_learners: SIMILARITY_DEFAULTS.minLearners,
    alpha: SIMILARITY_DEFAULTS.alpha,
    pairs: index.flagged.map((pair) => {
      const a = positionOf.get(pair.a)!;
      const b = positionOf.get(pair.b)!;
      return {
        first: person(a),
        second: person(b),
        compared: pair.compared,
        identical: pair.identical,
        expected: Math.round(pair.expected * 100) / 100,
        probability: pair.probability,
        evidence: pair.questions
          .map((column) => {
            const [questionId, { number }] = idOfColumn[column]!;
            return { question_id: questionId, number, answer: shown[a]!.get(questionId) ?? '' };
          })
          .sort((x, y) => x.number - y.number),
      };
    }),
  };
}
