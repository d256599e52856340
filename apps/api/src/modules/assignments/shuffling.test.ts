import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, type TestOrganization } from '../../../test/isolation/world';
import { grammarWritingStructure, studentOf } from '../../../test/organization-test';

/**
 * Per-attempt shuffling (issue 29) through the API: an assignment that shuffles gives each attempt its own
 * order of questions and options, the same on every reload, in the review and in the teacher's view;
 * answers name options by key, so grading never depends on the order; heard-only parts, options the author
 * keeps in order and "All of the above" do not move.
 */

let harness: Awaited<ReturnType<typeof createTestApp>>;
let center: TestOrganization;

const { call, ok } = apiClient(() => harness.app);

interface PaperQuestion {
  id: string;
  number: number;
  options: { key: string; content: string; label?: string }[];
}
type Item =
  | { kind: 'question'; question: PaperQuestion }
  | { kind: 'group'; group: { questions: PaperQuestion[] } };
interface Paper {
  sections: { items: Item[] }[];
}
const questionsOf = (paper: Paper) =>
  paper.sections.flatMap((section) =>
    section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions)),
  );

const OPTIONS = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
let test: { id: string; slug: string };
/** Twelve choice questions (the key is the option 'charlie', key C), one kept in order, one with "All of the above". */
let bank: { ids: string[]; kept: string; allAbove: string };

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  center = await createOrganization(harness.app, { name: 'Trung tâm Xáo Trộn' });
  const structure = await grammarWritingStructure(harness.app);
  const post = <T>(url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    ok<T>(method, `/educator${url}`, center.asOwner, payload);
  const ids: string[] = [];
  for (let index = 0; index < 12; index++) {
    const last = index === 11 ? 'All of the above' : OPTIONS[4]!;
    const made = await post<{ id: string }>('/questions', {
      format_id: structure.grammarPart,
      question_type_id: structure.singleType,
      stem: `<p>Câu xáo trộn ${index}: chọn charlie.</p>`,
      options: [...OPTIONS.slice(0, 4), last].map((content, at) => ({ key: 'ABCDE'[at]!, content })),
      answer: index === 10 ? { key: 'C', keep_order: true } : { key: 'C' },
    });
    ids.push(made.id);
  }
  bank = { ids, kept: ids[10]!, allAbove: ids[11]! };
  const made = await post<{ id: string; slug: string; sections: { id: string }[] }>('/tests', {
    exam_id: structure.examId,
    title: `Đề xáo trộn ${Date.now()}`,
    duration_minutes: 30,
  });
  await post(
    `/tests/${made.id}/sections/${made.sections[0]!.id}/items`,
    { items: ids.map((id) => ({ question_id: id })) },
    'PUT',
  );
  await post(`/tests/${made.id}/publish`, {});
  test = made;
});
afterAll(() => harness?.close());

async function assignedStudents(count: number, rules: object) {
  const students = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      studentOf(harness.app, center.id, { fullName: `Học viên ${index}` }),
    ),
  );
  const hour = 3_600_000;
  const assignment = await ok<{ id: string; shuffle_questions: boolean; shuffle_options: boolean }>(
    'POST',
    `/educator/tests/${test.id}/assignments`,
    center.asOwner,
    {
      opens_at: new Date(Date.now() - hour).toISOString(),
      closes_at: new Date(Date.now() + hour).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
      student_ids: students.map((student) => student.id),
      ...rules,
    },
  );
  const start = async (headers: Record<string, string>) =>
    (
      await ok<{ id: string }>(
        'POST',
        `/user/organizations/${center.slug}/tests/${test.slug}/attempts`,
        headers,
        undefined,
        201,
      )
    ).id;
  return { students, assignment, start };
}

describe('per-attempt shuffling', () => {
  it('gives each attempt its own order, the same on reload, with options lettered where they are shown', async () => {
    const { students, assignment, start } = await assignedStudents(3, {
      shuffle_questions: true,
      shuffle_options: true,
    });
    expect(assignment).toMatchObject({ shuffle_questions: true, shuffle_options: true });
    const orders: string[][] = [];
    for (const student of students) {
      const id = await start(student.headers);
      const paper = await ok<Paper>('GET', `/user/attempts/${id}`, student.headers);
      const again = await ok<Paper>('GET', `/user/attempts/${id}`, student.headers);
      expect(questionsOf(again)).toEqual(questionsOf(paper));
      const questions = questionsOf(paper);
      // Every question once; the numbers stay the test's.
      expect(questions.map((question) => question.id).sort()).toEqual([...bank.ids].sort());
      expect(questions.map((question) => question.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
      for (const question of questions.filter((entry) => entry.id !== bank.kept)) {
        // Shown A to E in place, each option still its own key and text.
        expect(question.options.map((option) => option.label)).toEqual(['A', 'B', 'C', 'D', 'E']);
        expect(question.options.map((option) => option.key).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
        const last = question.id === bank.allAbove ? 'All of the above' : 'echo';
        for (const option of question.options)
          expect(option.content).toBe(option.key === 'E' ? last : OPTIONS['ABCD'.indexOf(option.key)]);
      }
      const kept = questions.find((question) => question.id === bank.kept)!;
      expect(kept.options).toEqual(
        [...OPTIONS.slice(0, 4), 'echo'].map((content, at) => ({ key: 'ABCDE'[at], content })),
      );
      const allAbove = questions.find((question) => question.id === bank.allAbove)!;
      expect(allAbove.options.at(-1)).toMatchObject({ key: 'E', content: 'All of the above', label: 'E' });
      orders.push(
        questions.map((question) => `${question.id}:${question.options.map((o) => o.key).join('')}`),
      );
    }
    // Three attempts, three different orders (12! orders of questions alone).
    expect(new Set(orders.map((order) => order.join(','))).size).toBe(3);
    expect(new Set(orders.map((order) => order.map((entry) => entry.split(':')[0]).join(','))).size).toBe(3);
  });

  it('grades by key whatever the order, and the review and the teacher show the learner’s own order', async () => {
    const { students, start } = await assignedStudents(1, { shuffle_questions: true, shuffle_options: true });
    const student = students[0]!;
    const id = await start(student.headers);
    const paper = await ok<Paper>('GET', `/user/attempts/${id}`, student.headers);
    const shown = questionsOf(paper);
    // The learner picks the option shown third (label C) everywhere: right only where it is the key.
    const picks = shown.map((question) => question.options[2]!.key);
    await ok('PUT', `/user/attempts/${id}/answers`, student.headers, {
      answers: shown.map((question, index) => ({
        question_id: question.id,
        answer: { key: picks[index] },
        flagged: false,
        seq: index + 1,
      })),
    });
    await ok('POST', `/user/attempts/${id}/submit`, student.headers, {});
    const result = await ok<{ review: Paper['sections']; counts: { correct: number } }>(
      'GET',
      `/user/attempts/${id}/result`,
      student.headers,
    );
    const reviewed = questionsOf({ sections: result.review });
    expect(reviewed.map((question) => question.id)).toEqual(shown.map((question) => question.id));
    expect(reviewed.map((question) => question.options)).toEqual(shown.map((question) => question.options));
    expect(result.counts.correct).toBe(picks.filter((key) => key === 'C').length);
    const teacher = await ok<{ review: Paper['sections'] }>(
      'GET',
      `/educator/tests/${test.id}/attempts/${id}/result`,
      center.asOwner,
    );
    expect(questionsOf({ sections: teacher.review }).map((question) => question.id)).toEqual(
      shown.map((question) => question.id),
    );
    expect(questionsOf({ sections: teacher.review })[0]!.options).toEqual(shown[0]!.options);
  });

  it('changes nothing without the settings, and an attempt keeps the order it started with', async () => {
    const plain = await assignedStudents(1, {});
    expect(plain.assignment).toMatchObject({ shuffle_questions: false, shuffle_options: false });
    const id = await plain.start(plain.students[0]!.headers);
    const paper = questionsOf(await ok<Paper>('GET', `/user/attempts/${id}`, plain.students[0]!.headers));
    expect(paper.map((question) => question.id)).toEqual(bank.ids);
    expect(paper.every((question) => question.options.every((option) => option.label === undefined))).toBe(
      true,
    );

    const shuffled = await assignedStudents(1, { shuffle_questions: true, shuffle_options: false });
    const student = shuffled.students[0]!;
    const started = await shuffled.start(student.headers);
    const before = questionsOf(await ok<Paper>('GET', `/user/attempts/${started}`, student.headers));
    expect(before.map((question) => question.id)).not.toEqual(bank.ids);
    expect(
      before.every((question) => question.options.map((option) => option.key).join('') === 'ABCDE'),
    ).toBe(true);
    // The teacher turns shuffling off mid-way: the open attempt keeps its order.
    const url = `/educator/tests/${test.id}/assignments/${shuffled.assignment.id}`;
    await ok('PUT', url, center.asOwner, {
      opens_at: new Date(Date.now() - 3_600_000).toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      time_limit_minutes: null,
      answers_shown: 'immediately',
      student_ids: [student.id],
      shuffle_questions: false,
    });
    const after = questionsOf(await ok<Paper>('GET', `/user/attempts/${started}`, student.headers));
    expect(after.map((question) => question.id)).toEqual(before.map((question) => question.id));
  });

  it('refuses a setting that is not a boolean, naming it', async () => {
    const response = await call('POST', `/educator/tests/${test.id}/assignments`, center.asOwner, {
      opens_at: new Date().toISOString(),
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
      attempts_allowed: 1,
      answers_shown: 'immediately',
      student_ids: ['00000000-0000-4000-8000-000000000000'],
      shuffle_options: 'yes',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ shuffle_options: 'common.invalid_field' });
  });
});
