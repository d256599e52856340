/** Starting an attempt of a published test (or of an assignment), or resuming the learner's open one. */
import { ATTEMPT_KEYS, type AttemptMode, type FieldErrors } from '@prepwise/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { tests } from '../../db/schema';
import { singleFlight } from '../../lib/coalesce';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';
import { hasTestAccess } from '../payments/payments.service';
import { discardDraw, drawPaper } from '../practice-tests/smart-tests.service';
import { isOverdue, rememberAttempt, rows } from './attempt-rows';
import { submitAttempt } from './submission.service';
import { getTestModel } from './test-model';

export interface StartInput {
  mode: AttemptMode;
  section_ids: string[];
  time_limit_minutes: number | null;
}

/**
 * A published test by tenant and slug ("org-id/slug", "/slug" for the platform): a class starting the
 * same test at once shares one query.
 */
const publishedTestLookup = perDatabase((db) =>
  singleFlight(async (key) => {
    const cut = key.indexOf('/');
    const organizationId = key.slice(0, cut) || null;
    const [test] = await db
      .select({
        id: tests.id,
        organizationId: tests.organizationId,
        access: tests.access,
        attemptsAllowed: tests.attemptsAllowed,
        version: tests.publishedVersion,
        kind: tests.kind,
        durationMinutes: tests.durationMinutes,
      })
      .from(tests)
      .where(
        and(
          eq(tests.slug, key.slice(cut + 1)),
          eq(tests.status, 'published'),
          ownedBy(tests.organizationId, { organizationId }),
        ),
      );
    return test;
  }),
);

/**
 * An organization's assignment the attempt is taken under (issue 15): its attempts count alone, and the
 * deadline is its time limit (else the test's duration) cut at its close time.
 */
export interface AssignedStart {
  id: string;
  attemptsAllowed: number;
  minutes: number | null;
  closesAt: Date;
  /** Its shuffling, kept on the attempt (issue 29). */
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
}

/**
 * Starts an attempt of a published test of the tenant at `now`, or resumes the learner's unfinished one.
 * Cheap on purpose (a class starting at once): the test row, one look at the learner's attempts, one insert.
 */
export async function startAttempt(
  db: Db,
  tenant: Tenant,
  userId: string,
  slug: string,
  input: StartInput,
  now: Date,
  assigned?: AssignedStart,
): Promise<{ id: string; resumed: boolean }> {
  const test = await publishedTestLookup(db)(`${tenant.organizationId ?? ''}/${slug}`);
  if (!test || test.version === null) throw notFound('Test not found');
  if (test.access === 'pack' && !(await hasTestAccess(db, userId, test.id, now))) {
    throw new AppError(403, 'FORBIDDEN', 'This test is part of a pack', { test: ATTEMPT_KEYS.packRequired });
  }
  const attemptsAllowed = assigned ? assigned.attemptsAllowed : test.attemptsAllowed;
  const counted = assigned ? sql`assignment_id = ${assigned.id}` : sql`true`;
  // A smart test (issue 15): the learner's own paper is drawn now, unless an attempt is open to resume or
  // none is left; it becomes the attempt's version.
  let version = test.version;
  if (test.kind === 'smart') {
    const [mine] = await rows<{ total: number; open_id: string | null; open_deadline: string | null }>(
      db,
      sql`select (count(*) filter (where ${counted}))::int as total,
                 (array_agg(id) filter (where status = 'in_progress'))[1] as open_id,
                 (array_agg(deadline_at::text) filter (where status = 'in_progress'))[1] as open_deadline
          from attempts where user_id = ${userId} and test_id = ${test.id}`,
    );
    if (mine?.open_id) {
      const openDeadline = mine.open_deadline ? new Date(mine.open_deadline) : null;
      if (!isOverdue({ status: 'in_progress', deadlineAt: openDeadline }, now))
        return { id: mine.open_id, resumed: true };
      await submitAttempt(db, mine.open_id, 'deadline', now);
    } else if (attemptsAllowed !== null && Number(mine?.total ?? 0) >= attemptsAllowed) {
      throw new AppError(409, 'CONFLICT', 'No attempts left for this test', {
        test: ATTEMPT_KEYS.attemptsExhausted,
      });
    }
    version = await drawPaper(db, test as typeof test & { version: number }, userId, assigned?.id ?? null);
  }
  const model = await getTestModel(db, test.id, version);

  let sectionIds: string[];
  if (input.mode === 'full') sectionIds = model.sections.map((section) => section.id);
  else {
    const errors: FieldErrors = {};
    input.section_ids.forEach((id, index) => {
      if (!model.sectionById.has(id)) errors[`section_ids.${index}`] = ATTEMPT_KEYS.unknownSection;
    });
    if (Object.keys(errors).length > 0)
      throw validationFailed({ section_ids: ATTEMPT_KEYS.unknownSection, ...errors });
    const chosen = new Set(input.section_ids);
    sectionIds = model.sections.filter((section) => chosen.has(section.id)).map((section) => section.id);
  }

  const minutes = assigned
    ? (assigned.minutes ?? test.durationMinutes)
    : input.mode === 'full'
      ? test.durationMinutes
      : input.time_limit_minutes;
  const questionCount = sectionIds.reduce((sum, id) => sum + model.sectionById.get(id)!.questionCount, 0);
  for (let round = 0; ; round++) {
    let deadline = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
    if (assigned && (deadline === null || deadline > assigned.closesAt)) deadline = assigned.closesAt;
    // One statement: the learner's attempts of this test, and the new attempt when none is open and
    // attempts are left (a concurrent start of the same learner makes the insert do nothing).
    const [outcome] = await rows<{
      total: number;
      open_id: string | null;
      open_deadline: string | null;
      created_id: string | null;
    }>(
      db,
      sql`with mine as (
            select (count(*) filter (where ${counted}))::int as total,
                   (array_agg(id) filter (where status = 'in_progress'))[1] as open_id,
                   (array_agg(deadline_at::text) filter (where status = 'in_progress'))[1] as open_deadline
            from attempts where user_id = ${userId} and test_id = ${test.id}
          ), created as (
            insert into attempts (user_id, test_id, test_version, organization_id, assignment_id, mode,
                                  section_ids, started_at, deadline_at, question_count,
                                  shuffle_questions, shuffle_options)
            select ${userId}::uuid, ${test.id}::uuid, ${version}::int, ${test.organizationId}::uuid,
                   ${assigned?.id ?? null}::uuid,
                   ${input.mode}::attempt_mode, ${JSON.stringify(sectionIds)}::jsonb,
                   ${now.toISOString()}::timestamptz, ${deadline?.toISOString() ?? null}::timestamptz,
                   ${questionCount}::int,
                   ${assigned?.shuffleQuestions ?? false}::boolean, ${assigned?.shuffleOptions ?? false}::boolean
            from mine
            where mine.open_id is null and (${attemptsAllowed}::int is null or mine.total < ${attemptsAllowed}::int)
            on conflict (user_id, test_id) where status = 'in_progress' do nothing
            returning id
          )
          select mine.*, (select id from created) as created_id from mine`,
    );
    if (outcome?.created_id) {
      // The learner's first saves usually come to this process: it knows the attempt already.
      rememberAttempt({
        id: outcome.created_id,
        userId,
        deadlineAt: deadline,
        testId: test.id,
        testVersion: version,
        sectionIds,
        questionIds: null,
      });
      return { id: outcome.created_id, resumed: false };
    }
    // Not started with this paper: a drawn one goes, and a second round would need a new draw, so a
    // smart test resumes the attempt a concurrent start of the learner opened, or asks to try again.
    const drawn = version !== test.version;
    if (drawn) await discardDraw(db, test.id, version);
    if (outcome?.open_id) {
      const openDeadline = outcome.open_deadline ? new Date(outcome.open_deadline) : null;
      if (!isOverdue({ status: 'in_progress', deadlineAt: openDeadline }, now))
        return { id: outcome.open_id, resumed: true };
      // Its time ran out while the learner was away: submit it, then start anew.
      await submitAttempt(db, outcome.open_id, 'deadline', now);
      if (round === 0 && !drawn) continue;
    }
    if (attemptsAllowed !== null && Number(outcome?.total ?? 0) >= attemptsAllowed) {
      throw new AppError(409, 'CONFLICT', 'No attempts left for this test', {
        test: ATTEMPT_KEYS.attemptsExhausted,
      });
    }
    // Another start of the same learner won the race: resume that one.
    if (round === 0 && !drawn) continue;
    throw new AppError(409, 'CONFLICT', 'The attempt could not be started; try again');
  }
}
