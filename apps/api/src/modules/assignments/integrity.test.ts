import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import {
  createOrganization,
  createOrganizationStaff,
  type TestOrganization,
} from '../../../test/isolation/world';
import { classOf, publishedOrganizationTest, studentOf } from '../../../test/organization-test';
import { attemptIntegrityEvents, attempts } from '../../db/schema';

/**
 * The integrity timeline of an attempt (issue 29): events journalled by the runner ride with the answer
 * saves (and the submit), replays store nothing twice, a save from another browser records a device
 * change, and only the organization's staff with the students' permission read it.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;
let other: TestOrganization;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
async function ok<T = Record<string, unknown>>(
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: object,
  status = 200,
): Promise<T> {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json().result as T;
}
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

interface Timeline {
  attempt_id: string;
  events: {
    kind: string;
    question_number: number | null;
    detail: Record<string, unknown> | null;
    occurred_at: string;
    received_at: string;
  }[];
  counts: Record<string, number>;
}

/** A published test assigned to a class of one student, who has started it. */
async function startedAttempt(title: string) {
  const own = await publishedOrganizationTest(harness.app, center.asOwner, title);
  const classId = await classOf(harness.app, center.id);
  const student = await studentOf(harness.app, center.id, { classId, fullName: 'Trần Minh' });
  const made = await ok<{ id: string }>('POST', `/educator/tests/${own.id}/assignments`, center.asOwner, {
    class_ids: [classId],
    opens_at: hours(-1),
    closes_at: hours(2),
    attempts_allowed: 1,
    time_limit_minutes: null,
    answers_shown: 'immediately',
  });
  const attempt = await ok<{ id: string }>(
    'POST',
    `/user/organizations/${center.slug}/tests/${own.slug}/attempts`,
    student.headers,
    undefined,
    201,
  );
  const timelineUrl = `/educator/tests/${own.id}/assignments/${made.id}/attempts/${attempt.id}/integrity`;
  const resultsUrl = `/educator/tests/${own.id}/assignments/${made.id}/results`;
  return { own, student, assignmentId: made.id, attemptId: attempt.id, timelineUrl, resultsUrl };
}

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Hoa Sen' });
  other = await createOrganization(harness.app, { name: 'Trung tâm Bình Minh' });
});
afterAll(() => harness?.close());

describe('integrity events', () => {
  it('are saved with the answers, once per event id however often the save is replayed', async () => {
    const { own, student, attemptId, timelineUrl, resultsUrl } = await startedAttempt('Kiểm tra tập trung');
    const focusLost = {
      id: randomUUID(),
      kind: 'focus_lost',
      at: minutesAgo(5),
      question_id: own.questionIds[1],
    };
    const focusBack = { id: randomUUID(), kind: 'focus_back', at: minutesAgo(4) };
    const paste = {
      id: randomUUID(),
      kind: 'paste',
      at: minutesAgo(3),
      question_id: own.essayId,
      length: 412,
    };
    const body = {
      answers: [{ question_id: own.questionIds[0], answer: { key: 'B' }, flagged: false, seq: 1 }],
      events: [focusLost, focusBack, paste],
    };
    const headers = { ...student.headers, 'x-device-id': randomUUID() };
    await ok('PUT', `/user/attempts/${attemptId}/answers`, headers, body);
    // The same save again (a retry after a lost answer), and the events alone: nothing doubles.
    await ok('PUT', `/user/attempts/${attemptId}/answers`, headers, body);
    await ok('PUT', `/user/attempts/${attemptId}/answers`, headers, { events: [paste] });

    const timeline = await ok<Timeline>('GET', timelineUrl, center.asOwner);
    expect(timeline.events.map((event) => event.kind)).toEqual(['focus_lost', 'focus_back', 'paste']);
    expect(timeline.counts).toEqual({ focus_lost: 1, focus_back: 1, paste: 1 });
    // The paste keeps its length and question, never its text.
    const pasted = timeline.events[2]!;
    expect(pasted.detail).toEqual({ length: 412 });
    expect(pasted.question_number).toBeGreaterThan(0);
    expect(timeline.events[0]!.question_number).toBe(2);
    // The learner's clock and the server's: events kept offline show when they happened and arrived.
    expect(Date.parse(timeline.events[0]!.occurred_at)).toBeLessThan(
      Date.parse(timeline.events[0]!.received_at),
    );

    // Events still journalled when the learner submits ride along with the submit.
    const offline = { id: randomUUID(), kind: 'offline', at: minutesAgo(2) };
    const reconnected = { id: randomUUID(), kind: 'reconnected', at: minutesAgo(1) };
    await ok('POST', `/user/attempts/${attemptId}/submit`, headers, { events: [offline, reconnected] });
    const after = await ok<Timeline>('GET', timelineUrl, center.asOwner);
    expect(after.counts).toMatchObject({ offline: 1, reconnected: 1 });

    // The results table counts them per attempt.
    const results = await ok<{ rows: { attempt_id: string | null; integrity: Record<string, number> }[] }>(
      'GET',
      resultsUrl,
      center.asOwner,
    );
    expect(results.rows.find((row) => row.attempt_id === attemptId)?.integrity).toEqual({
      focus_lost: 1,
      focus_back: 1,
      paste: 1,
      offline: 1,
      reconnected: 1,
    });
    const stored = await harness.app.db
      .select()
      .from(attemptIntegrityEvents)
      .where(eq(attemptIntegrityEvents.attemptId, attemptId));
    expect(stored).toHaveLength(5);
  });

  it('records a device change when a save comes from another browser', async () => {
    const { own, student, attemptId, timelineUrl } = await startedAttempt('Kiểm tra thiết bị');
    const laptop = randomUUID();
    const phone = randomUUID();
    const save = (device: string, seq: number) =>
      ok(
        'PUT',
        `/user/attempts/${attemptId}/answers`,
        { ...student.headers, 'x-device-id': device },
        {
          answers: [{ question_id: own.questionIds[0], answer: { key: 'A' }, flagged: false, seq }],
        },
      );
    await save(laptop, 1);
    await save(laptop, 2);
    expect((await ok<Timeline>('GET', timelineUrl, center.asOwner)).events).toEqual([]);
    await save(phone, 3);
    await save(phone, 4);
    await save(laptop, 5);
    const timeline = await ok<Timeline>('GET', timelineUrl, center.asOwner);
    expect(timeline.events.map((event) => event.kind)).toEqual(['device_changed', 'device_changed']);
    expect(timeline.events[0]!.detail).toEqual({ from: laptop.slice(0, 8), to: phone.slice(0, 8) });
    const [row] = await harness.app.db
      .select({ deviceId: attempts.deviceId })
      .from(attempts)
      .where(eq(attempts.id, attemptId));
    expect(row?.deviceId).toBe(laptop);
  });

  it('names the field of an invalid event, and refuses more events than one save may carry', async () => {
    const { own, student, attemptId } = await startedAttempt('Kiểm tra dữ liệu');
    const url = `/user/attempts/${attemptId}/answers`;
    const cases: [object, string][] = [
      [{ events: [{ id: 'x', kind: 'focus_lost', at: minutesAgo(1) }] }, 'events.0.id'],
      [{ events: [{ id: randomUUID(), kind: 'cheating', at: minutesAgo(1) }] }, 'events.0.kind'],
      [{ events: [{ id: randomUUID(), kind: 'device_changed', at: minutesAgo(1) }] }, 'events.0.kind'],
      [{ events: [{ id: randomUUID(), kind: 'paste', at: 'yesterday' }] }, 'events.0.at'],
      [{ events: [{ id: randomUUID(), kind: 'paste', at: minutesAgo(1), length: -1 }] }, 'events.0.length'],
      [
        { events: [{ id: randomUUID(), kind: 'paste', at: minutesAgo(1), question_id: randomUUID() }] },
        'events.0.question_id',
      ],
      [
        {
          events: Array.from({ length: 201 }, () => ({
            id: randomUUID(),
            kind: 'focus_lost',
            at: minutesAgo(1),
          })),
        },
        'events',
      ],
      [{ answers: [], events: [] }, 'answers'],
    ];
    for (const [body, field] of cases) {
      const response = await call('PUT', url, student.headers, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors), response.body).toContain(field);
    }
    expect(own.questionIds.length).toBeGreaterThan(0);
  });

  it('keeps at most the cap of events per attempt, and the saves still succeed', async () => {
    const { student, attemptId } = await startedAttempt('Kiểm tra giới hạn');
    const url = `/user/attempts/${attemptId}/answers`;
    for (let round = 0; round < 11; round++) {
      const events = Array.from({ length: 200 }, () => ({
        id: randomUUID(),
        kind: 'focus_lost',
        at: minutesAgo(1),
      }));
      await ok('PUT', url, student.headers, { events });
    }
    const stored = await harness.app.db
      .select({ id: attemptIntegrityEvents.id })
      .from(attemptIntegrityEvents)
      .where(eq(attemptIntegrityEvents.attemptId, attemptId));
    expect(stored).toHaveLength(2000);
  });
});

describe('reading the timeline', () => {
  it("is the organization's staff's with the students' permission: another organization, a learner and a reader without it are refused", async () => {
    const { student, attemptId, timelineUrl, own, assignmentId } = await startedAttempt('Kiểm tra quyền');
    await ok('PUT', `/user/attempts/${attemptId}/answers`, student.headers, {
      events: [{ id: randomUUID(), kind: 'fullscreen_left', at: minutesAgo(1) }],
    });
    const teacher = await createOrganizationStaff(harness.app, center.id, ['view_student']);
    expect((await ok<Timeline>('GET', timelineUrl, teacher.headers)).counts).toEqual({ fullscreen_left: 1 });

    expect((await call('GET', timelineUrl, other.asOwner)).statusCode).toBe(404);
    const learnerRead = await call('GET', timelineUrl, student.headers);
    expect([401, 403]).toContain(learnerRead.statusCode);
    const reader = await createOrganizationStaff(harness.app, center.id, ['view_test']);
    expect((await call('GET', timelineUrl, reader.headers)).statusCode).toBe(403);

    // An attempt not taken under this assignment (another learner's practice of another test): 404.
    const elsewhere = await startedAttempt('Kiểm tra khác');
    expect(
      (
        await call(
          'GET',
          `/educator/tests/${own.id}/assignments/${assignmentId}/attempts/${elsewhere.attemptId}/integrity`,
          center.asOwner,
        )
      ).statusCode,
    ).toBe(404);
    // Another learner cannot send events to this attempt.
    const stranger = await studentOf(harness.app, center.id);
    const foreign = await call('PUT', `/user/attempts/${attemptId}/answers`, stranger.headers, {
      events: [{ id: randomUUID(), kind: 'focus_lost', at: minutesAgo(1) }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});
