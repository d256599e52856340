import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Method } from './api-client';
import { createTestApp } from './helpers';
import { createOrganization, type TestOrganization } from './isolation/world';
import { studentOf } from './organization-test';

/**
 * Issue 29's "done when", through the API in one story: a new centre makes a category, an exam and a part
 * of its own and a question type of its own, writes 30 questions with it, publishes a mini test, assigns
 * it with a window, an access code and shuffling on one device at a time; one learner switches devices,
 * the other leaves the tab; the teacher reads both orders, the timeline and the similarity report, then
 * releases the results, and only then do the learners' notebooks hold the answers; a smart test drawn from the
 * same bank gives each learner their own paper. (The browser covers each
 * screen in its own spec: assignments, integrity, similarity, question bank, structure.)
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let centre: TestOrganization;

const { call, ok } = apiClient(() => harness.app);

interface Shown {
  id: string;
  options: { key: string; label?: string }[];
}
type Item = { kind: 'question'; question: Shown } | { kind: 'group'; group: { questions: Shown[] } };
const shownIn = (sections: { items: Item[] }[]) =>
  sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  centre = await createOrganization(harness.app, { name: 'Trung tâm Phòng Thi Công Bằng' });
});
afterAll(() => harness?.close());

describe("a centre's fair exam room, end to end", () => {
  it('builds with its own material, delivers fairly and leaks nothing before the release', async () => {
    const teacher = centre.asOwner;
    const educator = <T = Record<string, unknown>>(method: Method, url: string, payload?: object) =>
      ok<T>(method, `/educator${url}`, teacher, payload);

    // Its own category, exam and a 50-question reading part; its own question type.
    const category = await educator<{ id: string }>('POST', '/categories', { name: 'Luyện thi nội bộ' });
    const exam = await educator<{ id: string }>('POST', `/categories/${category.id}/exams`, {
      name: 'Đọc hiểu nội bộ',
      duration_minutes: 45,
    });
    const part = await educator<{ id: string }>('POST', `/exams/${exam.id}/formats`, {
      name: 'Đọc câu',
      skill: 'reading',
      question_count: 50,
      score_section: 'reading',
    });
    const type = await educator<{ id: string; own: boolean }>('POST', '/question-types', {
      name: 'Chọn từ đúng (trung tâm)',
      answer_kind: 'single_choice',
      scoring_rule: 'all_or_nothing',
    });
    expect(type.own).toBe(true);

    // Thirty questions of its own type; the key is always the option "right".
    const ids: string[] = [];
    for (let index = 0; index < 30; index++) {
      const question = await educator<{ id: string }>('POST', '/questions', {
        format_id: part.id,
        question_type_id: type.id,
        stem: `<p>Câu ${index + 1}: chọn từ đúng.</p>`,
        options: ['wrong one', 'right', 'wrong two', 'wrong three'].map((content, at) => ({
          key: 'ABCD'[at]!,
          content,
        })),
        answer: { key: 'B' },
      });
      ids.push(question.id);
    }
    const test = await educator<{ id: string; slug: string; sections: { id: string }[]; mini?: boolean }>(
      'POST',
      '/tests',
      { exam_id: exam.id, title: 'Mini test đọc 30 câu', duration_minutes: 30 },
    );
    await educator('PUT', `/tests/${test.id}/sections/${test.sections[0]!.id}/items`, {
      items: ids.map((id) => ({ question_id: id })),
    });
    await educator('POST', `/tests/${test.id}/publish`, {});
    const detail = await educator<{ mini: boolean; status: string }>('GET', `/tests/${test.id}`);
    expect(detail).toMatchObject({ mini: true, status: 'published' });

    // Assigned with a window, a code, shuffling and one device at a time; answers after the release.
    const [ana, binh] = await Promise.all([
      studentOf(harness.app, centre.id, { fullName: 'Ana' }),
      studentOf(harness.app, centre.id, { fullName: 'Bình' }),
    ]);
    const hour = 3_600_000;
    const assignment = await educator<{ id: string }>('POST', `/tests/${test.id}/assignments`, {
      opens_at: new Date(Date.now() - hour).toISOString(),
      closes_at: new Date(Date.now() + 2 * hour).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: 30,
      answers_shown: 'after_close',
      student_ids: [ana!.id, binh!.id],
      access_code: 'PHONGTHI',
      shuffle_questions: true,
      shuffle_options: true,
      single_device: true,
    });
    const start = `/user/organizations/${centre.slug}/tests/${test.slug}/attempts`;
    const laptop = randomUUID();
    const phone = randomUUID();
    const as = (student: typeof ana, device: string) => ({ ...student!.headers, 'x-device-id': device });

    // Ana starts on her laptop (the code is asked), answers half, switches to her phone.
    expect((await call('POST', start, as(ana, laptop), {})).json().errors).toEqual({
      access_code: 'assignment.access_code_required',
    });
    const anaAttempt = (
      await ok<{ id: string }>('POST', start, as(ana, laptop), { access_code: 'PHONGTHI' }, 201)
    ).id;
    const anaPaper = shownIn(
      (await ok<{ sections: { items: Item[] }[] }>('GET', `/user/attempts/${anaAttempt}`, as(ana, laptop)))
        .sections,
    );
    // She always picks the option shown second: right only where "right" was shuffled there.
    const anaAnswers = anaPaper.map((question, index) => ({
      question_id: question.id,
      answer: { key: question.options[1]!.key },
      flagged: false,
      seq: index + 1,
    }));
    await ok('PUT', `/user/attempts/${anaAttempt}/answers`, as(ana, laptop), {
      answers: anaAnswers.slice(0, 15),
    });
    expect((await call('GET', `/user/attempts/${anaAttempt}`, as(ana, phone))).statusCode).toBe(409);
    await ok('POST', `/user/attempts/${anaAttempt}/release-device`, as(ana, laptop));
    const onPhone = shownIn(
      (await ok<{ sections: { items: Item[] }[] }>('GET', `/user/attempts/${anaAttempt}`, as(ana, phone)))
        .sections,
    );
    expect(onPhone).toEqual(anaPaper);
    await ok('PUT', `/user/attempts/${anaAttempt}/answers`, as(ana, phone), {
      answers: anaAnswers.slice(15),
    });
    await ok('POST', `/user/attempts/${anaAttempt}/submit`, as(ana, phone), {});

    // Bình leaves the tab once, answers everything "A" as shown (never the key's text unless shuffled there).
    const binhAttempt = (
      await ok<{ id: string }>('POST', start, as(binh, laptop), { access_code: 'PHONGTHI' }, 201)
    ).id;
    const binhPaper = shownIn(
      (await ok<{ sections: { items: Item[] }[] }>('GET', `/user/attempts/${binhAttempt}`, as(binh, laptop)))
        .sections,
    );
    expect(binhPaper.map((question) => question.id)).not.toEqual(anaPaper.map((question) => question.id));
    const minute = 60_000;
    await ok('PUT', `/user/attempts/${binhAttempt}/answers`, as(binh, laptop), {
      answers: binhPaper.map((question, index) => ({
        question_id: question.id,
        answer: { key: question.options[0]!.key },
        flagged: false,
        seq: index + 1,
      })),
      events: [
        { id: randomUUID(), kind: 'focus_lost', at: new Date(Date.now() - 2 * minute).toISOString() },
        { id: randomUUID(), kind: 'focus_back', at: new Date(Date.now() - minute).toISOString() },
      ],
    });
    await ok('POST', `/user/attempts/${binhAttempt}/submit`, as(binh, laptop), {});

    // The teacher: each learner's own order in their result, the timeline, the similarity report.
    const anaResult = await educator<{ review: { items: Item[] }[]; counts: { correct: number } }>(
      'GET',
      `/tests/${test.id}/attempts/${anaAttempt}/result`,
    );
    expect(shownIn(anaResult.review).map((question) => question.id)).toEqual(
      anaPaper.map((question) => question.id),
    );
    expect(anaResult.counts.correct).toBe(
      anaPaper.filter((question) => question.options[1]!.key === 'B').length,
    );
    const binhResult = await educator<{ review: { items: Item[] }[] }>(
      'GET',
      `/tests/${test.id}/attempts/${binhAttempt}/result`,
    );
    expect(shownIn(binhResult.review).map((question) => question.id)).toEqual(
      binhPaper.map((question) => question.id),
    );
    const base = `/tests/${test.id}/assignments/${assignment.id}`;
    const anaTimeline = await educator<{ events: { kind: string }[] }>(
      'GET',
      `${base}/attempts/${anaAttempt}/integrity`,
    );
    expect(anaTimeline.events.map((event) => event.kind)).toContain('device_changed');
    const binhTimeline = await educator<{ events: { kind: string }[] }>(
      'GET',
      `${base}/attempts/${binhAttempt}/integrity`,
    );
    expect(binhTimeline.events.map((event) => event.kind)).toEqual(['focus_lost', 'focus_back']);
    const similarity = await educator<{ enough: boolean; learners: number; pairs: unknown[] }>(
      'GET',
      `${base}/similarity`,
    );
    expect(similarity).toMatchObject({ learners: 2, questions: 30, enough: false, pairs: [] });

    // Nothing leaks before the release: the notebook waits; released, it holds the missed questions with keys.
    for (const student of [ana, binh]) {
      const before = await ok<{ items: unknown[] }>(
        'GET',
        `/user/notebook?test_id=${test.id}`,
        student!.headers,
      );
      expect(before.items).toEqual([]);
      const result = await call(
        'GET',
        `/user/attempts/${student === ana ? anaAttempt : binhAttempt}/result`,
        student!.headers,
      );
      expect(result.body).not.toContain('"correct_answer":{"key":"B"}');
    }
    await educator('POST', `${base}/release`, {});
    const released = await ok<{ items: { question: { correct_answer: unknown } }[] }>(
      'GET',
      `/user/notebook?test_id=${test.id}&pageSize=50`,
      binh!.headers,
    );
    expect(released.items.length).toBe(
      binhPaper.filter((question) => question.options[0]!.key !== 'B').length,
    );
    expect(
      released.items.every((item) => JSON.stringify(item.question.correct_answer) === '{"key":"B"}'),
    ).toBe(true);

    // A smart test from the same bank: 10 questions of the centre's own type per paper, drawn per learner.
    const smart = await educator<{ id: string; slug: string; sections: { id: string }[] }>('POST', '/tests', {
      exam_id: exam.id,
      title: 'Đề trộn đọc 10 câu',
      duration_minutes: 15,
      kind: 'smart',
    });
    await educator('PUT', `/tests/${smart.id}/sections/${smart.sections[0]!.id}/blueprint`, {
      rows: [{ count: 10, question_type_id: type.id }],
    });
    expect(await educator('POST', `/tests/${smart.id}/publish`, {})).toMatchObject({
      status: 'published',
      question_count: 10,
    });
    await educator('POST', `/tests/${smart.id}/assignments`, {
      opens_at: new Date(Date.now() - hour).toISOString(),
      closes_at: new Date(Date.now() + hour).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: 15,
      answers_shown: 'after_close',
      student_ids: [ana!.id, binh!.id],
    });
    const smartStart = `/user/organizations/${centre.slug}/tests/${smart.slug}/attempts`;
    const papers: string[][] = [];
    for (const student of [ana, binh]) {
      const attempt = await ok<{ id: string }>('POST', smartStart, as(student, laptop), {}, 201);
      const paper = await ok<{ sections: { items: Item[] }[] }>(
        'GET',
        `/user/attempts/${attempt.id}`,
        as(student, laptop),
      );
      papers.push(shownIn(paper.sections).map((question) => question.id));
    }
    for (const paper of papers) {
      expect(new Set(paper).size).toBe(10);
      expect(paper.every((id) => ids.includes(id))).toBe(true);
    }
    // Least used first: the second learner's paper is drawn from the questions the first did not get.
    expect(papers[1]!.filter((id) => papers[0]!.includes(id))).toEqual([]);
  });
});
