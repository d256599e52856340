import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, classStudents, organizationStudents, organizations, tests } from '../../db/schema';
import { PLATFORM } from '../../tenancy/tenant';
import { startAttempt, submitAttempt } from '../attempts/attempts.service';
import { getTestModel, type ModelQuestion } from '../attempts/test-model';

const DAY_MS = 86_400_000;

/** A small deterministic generator (mulberry32), so every fresh demo database looks the same. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The right answer in the shape a learner sends it. */
export function rightAnswer(question: ModelQuestion): Record<string, unknown> | null {
  const right = question.answer as Record<string, unknown> | null;
  if (!right) return null;
  if (question.kind === 'gap_fill' || question.kind === 'short_answer') {
    const accepted = right.accepted as string[] | undefined;
    return accepted?.[0] ? { text: accepted[0] } : null;
  }
  if (question.kind === 'essay')
    return { text: 'I think online learning helps students who live far from school.' };
  return right;
}

/** A well-formed answer that is (almost always) wrong. */
export function wrongAnswer(question: ModelQuestion): Record<string, unknown> {
  switch (question.kind) {
    case 'true_false_not_given':
      return { value: 'not_given' };
    case 'gap_fill':
    case 'short_answer':
    case 'essay':
      return { text: 'river' };
    case 'multiple_choice':
      return { keys: ['Z'] };
    case 'matching':
      return { pairs: { '1': 'Z' } };
    case 'ordering':
      return { order: ['Z'] };
    default:
      return { key: 'Z' };
  }
}

/**
 * Demo activity for the analytics (issue 15): the demo center's students take the platform's practice
 * tests over the last six weeks, through the attempts service (graded as any attempt), then their times
 * are moved back to the day they "sat". Each class does a little better week after week, and the later
 * parts of a test are harder, so the charts show progress and weak parts. Answers how many attempts.
 */
export async function seedDemoActivity(
  db: Db,
  options: { organizationSlug: string; testSlugs: string[]; now: Date },
): Promise<number> {
  const { now } = options;
  const [center] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, options.organizationSlug));
  if (!center) return 0;
  const testRows = await db
    .select({ id: tests.id, slug: tests.slug, version: tests.publishedVersion })
    .from(tests)
    .where(and(isNull(tests.organizationId), inArray(tests.slug, options.testSlugs)));
  const published = options.testSlugs
    .map((slug) => testRows.find((row) => row.slug === slug))
    .filter((row): row is { id: string; slug: string; version: number } => row?.version != null);
  if (published.length === 0) return 0;
  const models = new Map(
    await Promise.all(
      published.map(async (test) => [test.slug, await getTestModel(db, test.id, test.version)] as const),
    ),
  );
  const students = await db
    .select({ userId: organizationStudents.userId })
    .from(organizationStudents)
    .where(and(eq(organizationStudents.organizationId, center.id), eq(organizationStudents.status, 'active')))
    .orderBy(organizationStudents.joinedAt, organizationStudents.userId);
  const memberships = await db
    .select({ userId: classStudents.userId, classId: classStudents.classId })
    .from(classStudents)
    .where(
      inArray(
        classStudents.userId,
        students.map((s) => s.userId),
      ),
    );
  const classOrder = [...new Set(memberships.map((m) => m.classId))].sort();

  const next = random(2026);
  let made = 0;
  for (const [index, student] of students.entries()) {
    const classIndex = classOrder.indexOf(
      memberships.find((m) => m.userId === student.userId)?.classId ?? '',
    );
    const ability = 0.35 + 0.1 * Math.max(0, classIndex) + next() * 0.2;
    const sittings = 2 + (index % 3);
    for (let sitting = 0; sitting < sittings; sitting++) {
      // Spread over the last 6 weeks, earlier sittings first.
      const daysAgo = Math.max(1, Math.round(41 - (sitting / sittings) * 38 - next() * 6));
      const test = published[(index + sitting) % published.length]!;
      const model = models.get(test.slug)!;
      const progress = (41 - daysAgo) / 41;
      const answers = model.sections.flatMap((section, sectionIndex) =>
        section.questions.flatMap((question, i) => {
          const chance = ability + 0.25 * progress - 0.08 * sectionIndex;
          if (next() < 0.06) return []; // left blank
          const answer = next() < chance ? rightAnswer(question) : wrongAnswer(question);
          return answer ? [{ question_id: question.id, answer, flagged: false, seq: i + 1 }] : [];
        }),
      );
      const { id } = await startAttempt(
        db,
        PLATFORM,
        student.userId,
        test.slug,
        {
          mode: 'full',
          section_ids: model.sections.map((section) => section.id),
          time_limit_minutes: null,
        },
        now,
      );
      await submitAttempt(db, id, 'learner', now, { userId: student.userId, answers });
      const startedAt = new Date(now.getTime() - daysAgo * DAY_MS - Math.round(next() * 8) * 3_600_000);
      const minutes = 20 + Math.round(next() * 60);
      await db
        .update(attempts)
        .set({
          startedAt,
          createdAt: startedAt,
          deadlineAt: null,
          submittedAt: new Date(startedAt.getTime() + minutes * 60_000),
          timeSpentSeconds: minutes * 60,
        })
        .where(eq(attempts.id, id));
      made++;
    }
  }
  return made;
}
