import type { AnswerChange } from '@prepwise/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attemptAnswers,
  attempts,
  classes,
  classStudents,
  testAssignmentClasses,
  testAssignments,
  users,
} from '../../db/schema';
import { startAttempt } from '../attempts/start.service';
import { submitAttempt } from '../attempts/submission.service';
import { getTestModel } from '../attempts/test-model';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const DEMO_ASSIGNMENT_CLASS = 'Tiếng Anh giao tiếp B1';

/**
 * Demo (issue 15): the demo centre's manual test is assigned to its B1 class for a window that opened two
 * days ago and closes in a week (2 attempts, answers after the close). Five students have submitted (two
 * essays wait for the teacher), one is writing now, and learner@prepwise.vn has not started, so the
 * teacher's results table and the learner's assigned tests are alive on the first start.
 */
export async function seedDemoAssignment(
  tx: Db,
  center: { id: string },
  teacherId: string,
  test: { id: string; slug: string; version: number },
  at: Date,
  options: { students?: number } = {},
): Promise<void> {
  const [existing] = await tx
    .select({ id: testAssignments.id })
    .from(testAssignments)
    .where(eq(testAssignments.testId, test.id));
  if (existing) return;
  const [klass] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.organizationId, center.id), eq(classes.name, DEMO_ASSIGNMENT_CLASS)));
  if (!klass) return;
  const now = at.getTime();
  const [assignment] = await tx
    .insert(testAssignments)
    .values({
      organizationId: center.id,
      testId: test.id,
      opensAt: new Date(now - 2 * DAY_MS),
      closesAt: new Date(now + 7 * DAY_MS),
      attemptsAllowed: 2,
      answersShown: 'after_close',
      createdBy: teacherId,
    })
    .returning();
  await tx.insert(testAssignmentClasses).values({ assignmentId: assignment!.id, classId: klass.id });

  const members = await tx
    .select({ id: users.id })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.userId))
    .where(and(eq(classStudents.classId, klass.id), ne(users.email, 'learner@prepwise.vn')))
    .orderBy(users.email);
  // The questions of the attempt's own version: a smart test draws each student's paper at the start.
  const questionsOf = async (attemptId: string) => {
    const [row] = await tx
      .select({ version: attempts.testVersion })
      .from(attempts)
      .where(eq(attempts.id, attemptId));
    const model = await getTestModel(tx, test.id, row?.version ?? test.version);
    return model.sections.flatMap((section) => section.questions);
  };
  const assigned = {
    id: assignment!.id,
    attemptsAllowed: assignment!.attemptsAllowed,
    minutes: null,
    closesAt: assignment!.closesAt,
  };
  const start = (userId: string) =>
    startAttempt(
      tx,
      { organizationId: center.id },
      userId,
      test.slug,
      { mode: 'full', section_ids: [], time_limit_minutes: null },
      at,
      assigned,
    );
  for (const [index, member] of members.slice(0, options.students ?? 5).entries()) {
    const { id } = await start(member.id);
    const questions = await questionsOf(id);
    const answers = questions.flatMap((question, position): AnswerChange[] => {
      if (question.kind === 'essay') {
        // Two of them wrote the email: it waits for the teacher.
        return index < 2
          ? [
              {
                question_id: question.id,
                answer: { text: ESSAYS[index]! },
                flagged: false,
                seq: position + 1,
              },
            ]
          : [];
      }
      const key = (question.answer as { key?: string } | null)?.key;
      if (!key) return [];
      const right = (index + position) % (3 + index) !== 0;
      const wrong = key === 'A' ? 'B' : 'A';
      return [
        { question_id: question.id, answer: { key: right ? key : wrong }, flagged: false, seq: position + 1 },
      ];
    });
    await submitAttempt(tx, id, 'learner', at, { userId: member.id, answers });
    const startedAt = new Date(now - (40 - index * 6) * HOUR_MS);
    const minutes = 18 + index * 3;
    await tx
      .update(attempts)
      .set({
        startedAt,
        createdAt: startedAt,
        deadlineAt: new Date(startedAt.getTime() + 35 * 60_000),
        submittedAt: new Date(startedAt.getTime() + minutes * 60_000),
        timeSpentSeconds: minutes * 60,
      })
      .where(eq(attempts.id, id));
  }
  const writing = members[options.students ?? 5];
  if (writing) {
    const { id } = await start(writing.id);
    const first = (await questionsOf(id)).filter((question) => question.kind !== 'essay').slice(0, 3);
    if (first.length > 0) {
      await tx.insert(attemptAnswers).values(
        first.map((question, position) => ({
          attemptId: id,
          questionId: question.id,
          answer: { key: (question.answer as { key?: string } | null)?.key ?? 'A' },
          seq: position + 1,
        })),
      );
    }
  }
}

const ESSAYS = [
  'Hi Minh, I am writing to invite you to our class picnic next Saturday at Thong Nhat Park. We will meet at 8 a.m. at the main gate. Please bring a hat and some water. Let me know if you can come. Best wishes, Lan',
  'Dear Ms Hoa, thank you for the extra lesson last week. It helped me a lot with the present perfect. Could we have one more lesson about conditionals before the exam? I am free on Thursday evening. Kind regards, Tuan',
];
