import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { seedDatabase } from '.';
import { DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import {
  demoExamRoomStep,
  EXAM_ROOM_ACCESS_CODE,
  EXAM_ROOM_COPYING_PAIR,
  EXAM_ROOM_TEST_SLUG,
} from './demo-exam-room';
import { demoOrganizationOwnerStep } from './demo-organization';
import { demoStudentsStep } from './demo-students';
import { examStructureStep } from './exam-structure';
import { demoOrganizationPackageStep, organizationPackagesStep } from './organization-packages';

/**
 * Issue 29's exam room as the demo seeds it: the teacher's similarity report flags exactly the copying
 * pair, an attempt's integrity timeline holds its events, and the mini test is published and marked mini.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
const steps = [
  examStructureStep,
  demoAccountsStep,
  demoOrganizationOwnerStep,
  demoStudentsStep,
  organizationPackagesStep,
  demoOrganizationPackageStep,
  demoExamRoomStep,
];

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  const report = await seedDatabase(harness.database.db, {
    demo: true,
    steps,
    context: { storage: harness.app.storage },
  });
  expect(report.applied).toContain('demo-exam-room');
}, 120_000);
afterAll(() => harness.close());

async function signIn(email: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().result.access_token}` };
}

async function get(url: string, headers: Record<string, string>) {
  const response = await harness.app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

type Row = {
  student: { email: string };
  status: string;
  attempt_id: string | null;
  correct_count: number | null;
  integrity: Record<string, number>;
};

it('seeds a published TOEIC Part 5 mini test, taken under its delivery rules, with a flagged copying pair and integrity timelines', async () => {
  const teacher = await signIn('teacher@prepwise.vn');
  const list = await get('/educator/tests?pageSize=50', teacher);
  const summary = list.items.find((test: { slug: string }) => test.slug === EXAM_ROOM_TEST_SLUG);
  expect(summary).toBeDefined();
  const test = await get(`/educator/tests/${summary.id}`, teacher);
  expect(test).toMatchObject({ status: 'published', mini: true, question_count: 15 });
  expect(
    test.sections.filter((section: { question_count: number }) => section.question_count > 0),
  ).toHaveLength(1);

  const [assignment] = await get(`/educator/tests/${test.id}/assignments`, teacher);
  expect(assignment).toMatchObject({
    access_code: EXAM_ROOM_ACCESS_CODE,
    time_limit_minutes: 12,
    shuffle_questions: true,
    shuffle_options: true,
    state: 'open',
    submitted_count: 8,
  });

  const base = `/educator/tests/${test.id}/assignments/${assignment.id}`;
  const { rows }: { rows: Row[] } = await get(`${base}/results`, teacher);
  const submitted = rows.filter((row) => row.status === 'graded');
  expect(submitted).toHaveLength(8);
  // Scored from the answers: the strongest student got 13 of 15 right, the copier who missed one more 2.
  const byEmail = new Map(rows.map((row) => [row.student.email, row]));
  expect(byEmail.get('huy.legia@hocvien.prepwise.vn')?.correct_count).toBe(13);
  expect(byEmail.get('dang.vuhai@hocvien.prepwise.vn')?.correct_count).toBe(2);

  // The similarity report flags the copying pair and no one else, with their twelve shared wrong answers.
  const similarity = await get(`${base}/similarity`, teacher);
  expect(similarity).toMatchObject({ learners: 8, questions: 15, enough: true });
  expect(similarity.pairs).toHaveLength(1);
  const [pair] = similarity.pairs;
  expect([pair.first.email, pair.second.email].sort()).toEqual([...EXAM_ROOM_COPYING_PAIR].sort());
  expect(pair.identical).toBe(12);
  expect(pair.evidence).toHaveLength(12);
  expect((pair.probability * (similarity.learners * (similarity.learners - 1))) / 2).toBeLessThan(
    similarity.alpha,
  );

  // The integrity timelines: the copier's focus, paste and device change, another's connection.
  const nam = byEmail.get('nam.donhat@hocvien.prepwise.vn')!;
  expect(nam.integrity).toEqual({ focus_lost: 2, focus_back: 2, paste: 1 });
  const namTimeline = await get(`${base}/attempts/${nam.attempt_id}/integrity`, teacher);
  expect(namTimeline.events.map((event: { kind: string }) => event.kind)).toEqual([
    'focus_lost',
    'focus_back',
    'paste',
    'focus_lost',
    'focus_back',
  ]);
  expect(namTimeline.events[2]).toMatchObject({ question_number: 7, detail: { length: 86 } });
  const dang = byEmail.get('dang.vuhai@hocvien.prepwise.vn')!;
  const dangTimeline = await get(`${base}/attempts/${dang.attempt_id}/integrity`, teacher);
  expect(dangTimeline.events.map((event: { kind: string }) => event.kind)).toEqual([
    'fullscreen_left',
    'device_changed',
    'focus_lost',
    'focus_back',
  ]);
  const thu = byEmail.get('thu.maianh@hocvien.prepwise.vn')!;
  expect(thu.integrity).toEqual({ offline: 1, reconnected: 1 });
  expect(byEmail.get('bao.chaugia@hocvien.prepwise.vn')?.integrity).toEqual({});

  // Nothing leaks: the answers are shown after the close, so a student's review carries no key yet.
  const student = await signIn('huy.legia@hocvien.prepwise.vn');
  const own = await harness.app.inject({
    method: 'GET',
    url: `/api/user/attempts/${byEmail.get('huy.legia@hocvien.prepwise.vn')!.attempt_id}/result`,
    headers: student,
  });
  expect(own.statusCode, own.body).toBe(200);
  expect(own.json().result.review_withheld).toEqual({ until: assignment.closes_at });

  // Seeding again changes nothing.
  const again = await seedDatabase(harness.database.db, {
    demo: true,
    steps,
    context: { storage: harness.app.storage },
  });
  expect(again.applied).toEqual([]);
  expect((await get(`/educator/tests/${test.id}/assignments`, teacher))[0].submitted_count).toBe(8);
});
