import {
  type DashboardAttempt,
  type GoalExam,
  LEARNER_TIME_ZONE,
  type LearnerDashboard,
  type LearnerGoal,
  type LearnerGoalBody,
  type Outcome,
  STREAK_STRIP_DAYS,
  type StudyStreak,
  type WeakSpot,
} from '@prepwise/contract';
import { and, count, countDistinct, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attemptAnswers,
  attempts,
  dictationDays,
  exams,
  learnerGoals,
  notebookItems,
  organizations,
  tests,
} from '../../db/schema';
import { learnerAssignments } from '../assignments/assignments.service';
import { getTestModel, keysWithheldSql, narrowModel } from '../attempts';
import { buildBreakdown, currentSkills, currentTypeNamesEn } from '../attempts/breakdown';
import { getExercise } from '../dictation/dictation.service';
import { countDueCards } from '../vocabulary/review.service';

/*
 * The learner home (issue 14). Every read is the caller's own rows, on indexes led by the user id:
 * attempts_user_started_idx, vocabulary_review_logs_user_idx, vocabulary_cards_due_idx, the primary keys
 * of learner_goals and dictation_days, notebook_items_user_recent_idx.
 */

const DAY_MS = 86_400_000;
/** Attempts whose answers feed the weak spots. */
const WEAK_SPOT_ATTEMPTS = 10;
const WEAK_SPOT_MIN_QUESTIONS = 3;
const WEAK_SPOTS_SHOWN = 4;
const RECENT_ATTEMPTS = 12;
/** Weak spots are answered below this share right. */
const WEAK_ACCURACY = 0.8;

/** The calendar day (YYYY-MM-DD) of an instant in Vietnam. */
export function vietnamDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: LEARNER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// ---------------------------------------------------------------- goal

function goalOut(row: typeof learnerGoals.$inferSelect | undefined, today: string): LearnerGoal {
  const examDate = row?.examDate ?? null;
  return {
    exam: (row?.exam as GoalExam | null | undefined) ?? null,
    target_score: row?.targetScore ?? null,
    exam_date: examDate,
    days_left: examDate ? dayNumber(examDate) - dayNumber(today) : null,
  };
}

export async function saveGoal(
  db: Db,
  userId: string,
  body: LearnerGoalBody,
  now: Date,
): Promise<LearnerGoal> {
  const values = {
    exam: body.exam,
    targetScore: body.target_score,
    examDate: body.exam_date,
    updatedAt: now,
  };
  const [row] = await db
    .insert(learnerGoals)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: learnerGoals.userId, set: values })
    .returning();
  return goalOut(row, vietnamDay(now));
}

// ---------------------------------------------------------------- streak

interface DayRow {
  day: string;
  attempts: number;
  reviews: number;
  dictation: number;
}

/**
 * Days of study over the last year in Vietnam: a day with an attempt started or submitted, a vocabulary
 * review or a dictation sentence checked.
 */
async function studyDays(db: Db, userId: string, now: Date): Promise<Map<string, DayRow>> {
  const since = new Date(now.getTime() - 367 * DAY_MS).toISOString();
  const zone = sql.raw(`'${LEARNER_TIME_ZONE}'`);
  const found = await rows<DayRow>(
    db,
    sql`select day::text as day, sum(a)::int as attempts, sum(r)::int as reviews, sum(d)::int as dictation
        from (
          select (x.at at time zone ${zone})::date as day, 1 as a, 0 as r, 0 as d
            from attempts t
            cross join lateral (values (t.started_at), (t.submitted_at)) as x(at)
           where t.user_id = ${userId} and t.started_at >= ${since}::timestamptz - interval '1 day'
             and x.at is not null and x.at >= ${since}::timestamptz
          union all
          select (l.reviewed_at at time zone ${zone})::date, 0, 1, 0
            from vocabulary_review_logs l
           where l.user_id = ${userId} and l.reviewed_at >= ${since}::timestamptz
          union all
          select d.day, 0, 0, d.sentences_checked
            from dictation_days d
           where d.user_id = ${userId} and d.day >= (${since}::timestamptz at time zone ${zone})::date
        ) s
        group by day`,
  );
  return new Map(found.map((row) => [row.day, row]));
}

export function buildStreak(days: ReadonlyMap<string, Omit<DayRow, 'day'>>, today: string): StudyStreak {
  const todayNumber = dayNumber(today);
  const studied = new Set([...days.keys()].map(dayNumber));
  // A streak still counts today before the first study of the day.
  let day = studied.has(todayNumber) ? todayNumber : todayNumber - 1;
  let current = 0;
  while (studied.has(day)) {
    current++;
    day--;
  }
  let longest = 0;
  let run = 0;
  for (const number of [...studied].sort((a, b) => a - b)) {
    run = studied.has(number - 1) ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const strip = Array.from({ length: STREAK_STRIP_DAYS }, (_, i) => {
    const date = dayOf(todayNumber - (STREAK_STRIP_DAYS - 1 - i));
    const row = days.get(date);
    return {
      date,
      attempts: row?.attempts ?? 0,
      reviews: row?.reviews ?? 0,
      dictation: row?.dictation ?? 0,
    };
  });
  return { current, longest, studied_today: studied.has(todayNumber), days: strip };
}

// ---------------------------------------------------------------- progress and next steps

type AttemptRow = typeof attempts.$inferSelect;

const attemptWithTest = {
  attempt: attempts,
  testTitle: tests.title,
  testTitleEn: tests.titleEn,
  testSlug: tests.slug,
  examId: exams.id,
  examName: exams.name,
  examNameEn: exams.nameEn,
  organizationSlug: organizations.slug,
};

function selectAttempts(db: Db) {
  return db
    .select(attemptWithTest)
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .innerJoin(exams, eq(exams.id, tests.examId))
    .leftJoin(organizations, eq(organizations.id, attempts.organizationId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectAttempts>['execute']>>[number];

const testRef = (row: Joined) => ({
  id: row.attempt.testId,
  title: row.testTitle,
  title_en: row.testTitleEn,
  slug: row.testSlug,
  exam: { id: row.examId, name: row.examName, name_en: row.examNameEn },
});

const organizationSlugOf = (row: Joined) =>
  row.attempt.assignmentId ? (row.organizationSlug ?? null) : null;

async function modelOf(db: Db, row: AttemptRow) {
  return narrowModel(await getTestModel(db, row.testId, row.testVersion), row.questionIds ?? null);
}

/** Question types and skills the learner answered worst over their latest attempts, weakest first. */
async function weakSpots(db: Db, recent: Joined[]): Promise<WeakSpot[]> {
  const latest = recent.slice(0, WEAK_SPOT_ATTEMPTS);
  const totals = new Map<string, WeakSpot>();
  for (const row of latest) {
    const [model, answers] = await Promise.all([
      modelOf(db, row.attempt),
      db
        .select({ questionId: attemptAnswers.questionId, outcome: attemptAnswers.outcome })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, row.attempt.id)),
    ]);
    const taken = new Set(row.attempt.sectionIds);
    const questions = model.sections.filter((section) => taken.has(section.id)).flatMap((s) => s.questions);
    const [skills, typeNamesEn] = await Promise.all([
      currentSkills(db, questions),
      currentTypeNamesEn(db, questions),
    ]);
    const outcomes = new Map(
      answers.flatMap((answer) => (answer.outcome ? [[answer.questionId, answer.outcome as Outcome]] : [])),
    );
    const breakdown = buildBreakdown(
      questions.map((question) => ({
        id: question.id,
        number: question.number,
        sectionId: question.sectionId,
        type: { ...question.type, name_en: typeNamesEn.get(question.type.id) ?? null },
        skills: skills.get(question.id) ?? [],
      })),
      outcomes,
      new Map(),
    );
    for (const entry of breakdown) {
      const id = `${entry.dimension}:${entry.key}`;
      const total = totals.get(id);
      // `latest` is newest first: the first attempt that missed a row names the test to practise.
      if (total) {
        total.correct += entry.correct;
        total.total += entry.total;
      } else {
        totals.set(id, {
          dimension: entry.dimension,
          key: entry.key,
          name: entry.name,
          name_en: entry.name_en,
          correct: entry.correct,
          total: entry.total,
          accuracy: 0,
          test: { title: row.testTitle, title_en: row.testTitleEn, slug: row.testSlug },
        });
      }
    }
  }
  return [...totals.values()]
    .filter((spot) => spot.total >= WEAK_SPOT_MIN_QUESTIONS)
    .map((spot) => ({ ...spot, accuracy: spot.correct / spot.total }))
    .filter((spot) => spot.accuracy < WEAK_ACCURACY)
    .sort((a, b) => a.accuracy - b.accuracy || b.total - a.total || a.name.localeCompare(b.name))
    .slice(0, WEAK_SPOTS_SHOWN);
}

async function resumable(db: Db, userId: string): Promise<LearnerDashboard['next']['resume']> {
  const [row] = await selectAttempts(db)
    .where(and(eq(attempts.userId, userId), eq(attempts.status, 'in_progress')))
    .orderBy(desc(attempts.startedAt), desc(attempts.id))
    .limit(1);
  if (!row) return null;
  const [model, [answered]] = await Promise.all([
    modelOf(db, row.attempt),
    db
      .select({ n: count() })
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, row.attempt.id), sql`${attemptAnswers.answer} is not null`)),
  ]);
  const taken = new Set(row.attempt.sectionIds);
  return {
    id: row.attempt.id,
    test: testRef(row),
    mode: row.attempt.mode,
    organization_slug: organizationSlugOf(row),
    started_at: row.attempt.startedAt.toISOString(),
    deadline_at: row.attempt.deadlineAt?.toISOString() ?? null,
    answered: Number(answered?.n ?? 0),
    total: model.sections
      .filter((section) => taken.has(section.id))
      .reduce((sum, section) => sum + section.questions.length, 0),
  };
}

function attemptOut(row: Joined): DashboardAttempt {
  return {
    id: row.attempt.id,
    test: testRef(row),
    mode: row.attempt.mode,
    organization_slug: organizationSlugOf(row),
    submitted_at: (row.attempt.submittedAt ?? row.attempt.startedAt).toISOString(),
    score_total: row.attempt.scoreTotal,
    max_score: row.attempt.maxScore,
    correct: row.attempt.correctCount,
    total: row.attempt.questionCount,
  };
}

/** Everything the learner home shows, for one learner (`now` is the learner's clock). */
export async function getDashboard(db: Db, userId: string, now: Date): Promise<LearnerDashboard> {
  const today = vietnamDay(now);
  const mine = eq(attempts.userId, userId);
  const submitted = and(mine, eq(attempts.status, 'submitted'));
  const [[goal], days, recent, [counts], resume, dueReviews, assignments, [mistakes]] = await Promise.all([
    db.select().from(learnerGoals).where(eq(learnerGoals.userId, userId)),
    studyDays(db, userId, now),
    selectAttempts(db)
      .where(submitted)
      .orderBy(desc(attempts.startedAt), desc(attempts.id))
      .limit(RECENT_ATTEMPTS),
    db
      .select({ submitted: count(), tests: countDistinct(attempts.testId) })
      .from(attempts)
      .where(submitted),
    resumable(db, userId),
    countDueCards(db, userId, now),
    learnerAssignments(db, userId, now),
    db
      .select({ n: count() })
      .from(notebookItems)
      .where(
        and(
          eq(notebookItems.userId, userId),
          sql`${notebookItems.wrongCount} > 0`,
          isNull(notebookItems.learnedAt),
          // As the notebook lists them: not the mistakes of a test whose results are not released yet.
          not(keysWithheldSql(notebookItems.userId, notebookItems.testId, now)),
        ),
      ),
  ]);
  return {
    today,
    goal: goalOut(goal, today),
    streak: buildStreak(days, today),
    progress: {
      recent: recent.map(attemptOut).reverse(),
      submitted_count: Number(counts?.submitted ?? 0),
      tests_taken: Number(counts?.tests ?? 0),
    },
    next: {
      due_reviews: dueReviews,
      resume,
      weak_spots: await weakSpots(db, recent),
      assignments: assignments.filter(
        (assignment) =>
          (assignment.state === 'open' || assignment.state === 'upcoming') &&
          (assignment.open_attempt_id !== null || assignment.last_result === null),
      ),
      mistakes_to_review: Number(mistakes?.n ?? 0),
    },
  };
}

// ---------------------------------------------------------------- dictation

/** A dictation sentence checked by a signed-in learner: today (Vietnam) counts as a day of study. */
export async function recordDictationCheck(db: Db, userId: string, exerciseId: string, now: Date) {
  await getExercise(db, exerciseId, userId);
  const day = vietnamDay(now);
  const [row] = await db
    .insert(dictationDays)
    .values({ userId, day, exerciseId, sentencesChecked: 1, lastCheckedAt: now })
    .onConflictDoUpdate({
      target: [dictationDays.userId, dictationDays.day, dictationDays.exerciseId],
      set: { sentencesChecked: sql`${dictationDays.sentencesChecked} + 1`, lastCheckedAt: now },
    })
    .returning();
  return { day, sentences_checked: row?.sentencesChecked ?? 1 };
}
