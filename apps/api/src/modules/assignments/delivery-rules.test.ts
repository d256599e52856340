import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { publishedOrganizationTest, studentOf } from '../../../test/organization-test';
import { attempts } from '../../db/schema';
import { checkIpRanges, ipAllowed } from './delivery-rules';

/**
 * An assignment's delivery rules (issue 29) through the API: the access code, the allowed IP ranges and
 * one active device per attempt, with what staff and learners read of them.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;

type Method = 'GET' | 'POST' | 'PUT';
interface CallOptions {
  ip?: string;
  device?: string;
}
const call = (
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: object,
  options: CallOptions = {},
) =>
  harness.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, ...(options.device ? { 'x-device-id': options.device } : {}) },
    ...(payload ? { payload } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const window = (overrides: object = {}) => ({
  opens_at: hours(-1),
  closes_at: hours(2),
  attempts_allowed: 3,
  time_limit_minutes: null,
  answers_shown: 'immediately',
  ...overrides,
});

/** A published test assigned to a new student with these rules. */
async function assigned(rules: object) {
  const test = await publishedOrganizationTest(harness.app, center.asOwner, `Kiểm tra ${Math.random()}`);
  const student = await studentOf(harness.app, center.id);
  const made = await call(
    'POST',
    `/educator/tests/${test.id}/assignments`,
    center.asOwner,
    window({ student_ids: [student.id], ...rules }),
  );
  expect(made.statusCode, made.body).toBe(200);
  return {
    test,
    student,
    assignment: made.json().result as { id: string },
    start: `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
    page: `/user/organizations/${center.slug}/tests/${test.slug}`,
  };
}

const save = (questionId: string, seq: number) => ({
  answers: [{ question_id: questionId, answer: null, flagged: true, seq }],
});

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Hải Âu' });
});
afterAll(() => harness?.close());

describe('the access code', () => {
  it('is asked to start: missing and wrong codes are refused naming access_code, the right one starts', async () => {
    const { start, student, test } = await assigned({ access_code: 'HAIAU-2026' });
    const missing = await call('POST', start, student.headers);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().errors).toEqual({ access_code: 'assignment.access_code_required' });
    const wrong = await call('POST', start, student.headers, { access_code: 'haiau-2026' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toEqual({ access_code: 'assignment.access_code_wrong' });
    const right = await call('POST', start, student.headers, { access_code: ' HAIAU-2026 ' });
    expect(right.statusCode, right.body).toBe(201);
    // Resuming the open attempt does not ask again.
    const resumed = await call('POST', start, student.headers);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().result).toEqual({ id: right.json().result.id, resumed: true });
    expect(test.id).toBeTruthy();
  });

  it('staff read the settings; learners learn a code is asked, never the code', async () => {
    const { test, page, student } = await assigned({
      access_code: 'BIMAT42',
      allowed_ip_ranges: ['203.0.113.0/24', '2001:db8::/32'],
      single_device: true,
    });
    const list = await call('GET', `/educator/tests/${test.id}/assignments`, center.asOwner);
    expect(list.json().result[0]).toMatchObject({
      access_code: 'BIMAT42',
      allowed_ip_ranges: ['203.0.113.0/24', '2001:db8::/32'],
      single_device: true,
    });
    const one = await call('GET', page, student.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json().result).toMatchObject({ access_code_required: true, single_device: true });
    expect(one.body).not.toContain('BIMAT42');
    expect(one.json().result).not.toHaveProperty('access_code');
    const all = await call('GET', '/user/assignments', student.headers);
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain('BIMAT42');
    expect(all.json().result[0].access_code_required).toBe(true);
  });

  it('validates the code and keeps it on update; an empty code removes it', async () => {
    const { test, assignment, student, start } = await assigned({});
    const url = `/educator/tests/${test.id}/assignments/${assignment.id}`;
    for (const access_code of ['abc', 'x'.repeat(33), 'has space', 42]) {
      const response = await call(
        'PUT',
        url,
        center.asOwner,
        window({ student_ids: [student.id], access_code }),
      );
      expect(response.statusCode, String(access_code)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['access_code']);
    }
    const set = await call(
      'PUT',
      url,
      center.asOwner,
      window({ student_ids: [student.id], access_code: 'MOTHAI' }),
    );
    expect(set.json().result.access_code).toBe('MOTHAI');
    expect((await call('POST', start, student.headers)).statusCode).toBe(403);
    const cleared = await call(
      'PUT',
      url,
      center.asOwner,
      window({ student_ids: [student.id], access_code: '' }),
    );
    expect(cleared.json().result.access_code).toBeNull();
    expect((await call('POST', start, student.headers)).statusCode).toBe(201);
  });
});

describe('allowed IP ranges', () => {
  it('refuses bad CIDRs naming each entry', async () => {
    const test = await publishedOrganizationTest(harness.app, center.asOwner, 'Kiểm tra mạng');
    const student = await studentOf(harness.app, center.id);
    const response = await call(
      'POST',
      `/educator/tests/${test.id}/assignments`,
      center.asOwner,
      window({
        student_ids: [student.id],
        allowed_ip_ranges: [
          '10.0.0.0/8',
          '10.0.0.0/33',
          'fe80::/129',
          'not-an-ip',
          '1.2.3.4/24/1',
          '2001:db8::/48',
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'allowed_ip_ranges.1': 'assignment.ip_range_invalid',
      'allowed_ip_ranges.2': 'assignment.ip_range_invalid',
      'allowed_ip_ranges.3': 'assignment.ip_range_invalid',
      'allowed_ip_ranges.4': 'assignment.ip_range_invalid',
    });
    expect(() => checkIpRanges(['192.168.1.7', '::1', '2001:db8::/32'])).not.toThrow();
  });

  it('lets the start and every save in from inside the ranges (IPv4 and IPv6) and refuses outside', async () => {
    const { start, student, test } = await assigned({
      allowed_ip_ranges: ['203.0.113.0/24', '2001:db8::/32'],
    });
    const outside = await call('POST', start, student.headers, {}, { ip: '198.51.100.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().errors).toEqual({ attempt: 'attempt.ip_not_allowed' });
    const started = await call('POST', start, student.headers, {}, { ip: '203.0.113.9' });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().result.id as string;
    const questionId = test.questionIds[0]!;
    // From an IPv6 address inside, and an IPv4-mapped one inside.
    expect(
      (await call('GET', `/user/attempts/${id}`, student.headers, undefined, { ip: '2001:db8::1' }))
        .statusCode,
    ).toBe(200);
    const inside = await call('PUT', `/user/attempts/${id}/answers`, student.headers, save(questionId, 1), {
      ip: '::ffff:203.0.113.200',
    });
    expect(inside.statusCode, inside.body).toBe(200);
    for (const ip of ['2001:db9::1', '198.51.100.7']) {
      const refused = await call(
        'PUT',
        `/user/attempts/${id}/answers`,
        student.headers,
        save(questionId, 2),
        { ip },
      );
      expect(refused.statusCode, ip).toBe(403);
      expect(refused.json().errors).toEqual({ attempt: 'attempt.ip_not_allowed' });
      const paper = await call('GET', `/user/attempts/${id}`, student.headers, undefined, { ip });
      expect(paper.statusCode).toBe(403);
    }
    // The refused saves changed nothing; the one from inside is kept.
    const paper = await call('GET', `/user/attempts/${id}`, student.headers, undefined, {
      ip: '203.0.113.1',
    });
    expect(paper.json().result.answers).toEqual([
      { question_id: questionId, answer: null, flagged: true, seq: 1 },
    ]);
  });

  it('ipAllowed: no ranges let everyone in; mapped IPv4 counts as IPv4', () => {
    expect(ipAllowed([], '8.8.8.8')).toBe(true);
    expect(ipAllowed(null, '::1')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:10.1.2.3')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
    expect(ipAllowed(['::1'], '::1')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], 'garbage')).toBe(false);
  });
});

describe('one active device', () => {
  it('refuses a second device until the first signs out of the attempt; answers saved before stay', async () => {
    const { start, student, test } = await assigned({ single_device: true });
    const [first, second] = ['device-one-1111', 'device-two-2222'];
    const id = (await call('POST', start, student.headers, {}, { device: first })).json().result.id as string;
    const [q1, q2] = test.questionIds as [string, string];
    const url = `/user/attempts/${id}`;
    expect((await call('GET', url, student.headers, undefined, { device: first })).statusCode).toBe(200);
    expect(
      (await call('PUT', `${url}/answers`, student.headers, save(q1, 1), { device: first })).statusCode,
    ).toBe(200);

    // The second device (and a caller without a device id) is refused: opening, saving, submitting.
    for (const device of [second, undefined]) {
      const opened = await call('GET', url, student.headers, undefined, { device });
      expect(opened.statusCode).toBe(409);
      expect(opened.json().errors).toEqual({ attempt: 'attempt.other_device' });
      const saved = await call('PUT', `${url}/answers`, student.headers, save(q2, 2), { device });
      expect(saved.statusCode).toBe(409);
      expect(saved.json().errors).toEqual({ attempt: 'attempt.other_device' });
    }
    expect((await call('POST', `${url}/submit`, student.headers, {}, { device: second })).statusCode).toBe(
      409,
    );
    // Nor can it sign the first one out.
    expect(
      (await call('POST', `${url}/release-device`, student.headers, undefined, { device: second }))
        .statusCode,
    ).toBe(409);

    // The first signs out: its own saves stop, and the second device's open claims the attempt.
    const released = await call('POST', `${url}/release-device`, student.headers, undefined, {
      device: first,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().result).toEqual({ released: true });
    expect(
      (await call('PUT', `${url}/answers`, student.headers, save(q1, 3), { device: first })).statusCode,
    ).toBe(409);
    const taken = await call('GET', url, student.headers, undefined, { device: second });
    expect(taken.statusCode).toBe(200);
    // The runner learns the rule from the paper (it offers "Leave this device").
    expect(taken.json().result.single_device).toBe(true);
    expect(taken.json().result.answers).toEqual([{ question_id: q1, answer: null, flagged: true, seq: 1 }]);
    const [row] = await harness.app.db
      .select({ deviceId: attempts.holderDeviceId })
      .from(attempts)
      .where(eq(attempts.id, id));
    expect(row?.deviceId).toBe(second);
    expect(
      (await call('PUT', `${url}/answers`, student.headers, save(q2, 4), { device: second })).statusCode,
    ).toBe(200);
    expect((await call('GET', url, student.headers, undefined, { device: first })).statusCode).toBe(409);
    const submitted = await call('POST', `${url}/submit`, student.headers, {}, { device: second });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Once submitted, its result and paper read from anywhere.
    expect((await call('GET', url, student.headers, undefined, { device: first })).statusCode).toBe(200);
  });

  it('without the rule, any device opens and saves; no device holds it, the last save names its device', async () => {
    const { start, student, test } = await assigned({});
    const id = (await call('POST', start, student.headers)).json().result.id as string;
    const url = `/user/attempts/${id}`;
    expect((await call('GET', url, student.headers, undefined, { device: 'laptop-aaaa' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', url, student.headers, undefined, { device: 'phone-bbbb' })).statusCode).toBe(
      200,
    );
    const saved = await call('PUT', `${url}/answers`, student.headers, save(test.questionIds[0]!, 1), {
      device: 'laptop-aaaa',
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await harness.app.db
      .select({ holder: attempts.holderDeviceId, lastSave: attempts.deviceId })
      .from(attempts)
      .where(eq(attempts.id, id));
    expect(row).toEqual({ holder: null, lastSave: 'laptop-aaaa' });
  });

  it("another learner's attempt is a 404 for the device sign-out", async () => {
    const { start, student } = await assigned({ single_device: true });
    const id = (await call('POST', start, student.headers)).json().result.id as string;
    const stranger = await studentOf(harness.app, center.id);
    const response = await call('POST', `/user/attempts/${id}/release-device`, stranger.headers, undefined, {
      device: 'x-device-1234',
    });
    expect(response.statusCode).toBe(404);
  });
});
