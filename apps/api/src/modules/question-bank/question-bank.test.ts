import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { MP3_STUB, multipartFile, PNG_1X1 } from '../../../test/multipart';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
const ids = {} as {
  part1: string;
  part5: string;
  ieltsPassage: string;
  single: string;
  multiple: string;
  tfng: string;
  gap: string;
  matching: string;
  ordering: string;
  essay: string;
  writing: string;
  b1: string;
};

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.ready();
  await seedDatabase(harness.database.db, {
    demo: false,
    steps: [examStructureStep],
    context: { storage: harness.app.storage },
  });
  asAdmin = await authHeader(
    harness.app,
    await createAccount(harness.database.db, { scope: 'admin', isAdmin: true }),
    'admin',
  );
  const categories = (await api('GET', '/admin/categories')).json().result.items;
  const detail = async (slug: string) =>
    (
      await api('GET', `/admin/categories/${categories.find((c: { slug: string }) => c.slug === slug).id}`)
    ).json().result;
  const toeic = (await detail('toeic')).exams[0].formats;
  const ielts = (await detail('ielts')).exams[0].formats;
  ids.part1 = toeic[0].id;
  ids.part5 = toeic[4].id;
  ids.ieltsPassage = ielts[0].id;
  ids.writing = (await detail('general-english')).exams[0].formats[1].id;
  const types = (await api('GET', '/admin/question-types?pageSize=50')).json().result.items as {
    id: string;
    answer_kind: string;
  }[];
  const kind = (k: string) => types.find((t) => t.answer_kind === k)!.id;
  Object.assign(ids, {
    single: kind('single_choice'),
    multiple: kind('multiple_choice'),
    tfng: kind('true_false_not_given'),
    gap: kind('gap_fill'),
    matching: kind('matching'),
    ordering: kind('ordering'),
    essay: kind('essay'),
  });
  ids.b1 = (await api('GET', '/admin/levels?search=B1')).json().result.items[0].id;
});
afterAll(() => harness.close());

async function api(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = asAdmin,
) {
  return harness.app.inject({ method, url: `/api${url}`, headers, payload });
}

async function upload(filename: string, bytes: Uint8Array) {
  const body = multipartFile('file', filename, bytes);
  return harness.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...asAdmin, ...body.headers },
    payload: body.payload,
  });
}

const part5Question = (overrides: object = {}) => ({
  format_id: ids.part5,
  level_id: ids.b1,
  question_type_id: ids.single,
  stem: '<p>The new branch will open ______ the renovation is finished.</p>',
  options: [
    { key: 'A', content: 'once' },
    { key: 'B', content: 'during' },
    { key: 'C', content: 'despite' },
    { key: 'D', content: 'between' },
  ],
  answer: { key: 'A' },
  explanation_vi: '<p>"once" (một khi) nối hai mệnh đề.</p>',
  explanation_en: '<p>"once" joins two clauses.</p>',
  tags: ['Conjunctions', 'part5'],
  ...overrides,
});

describe('media', () => {
  it('stores an image and an audio file checked by content, and serves them cacheably with ranges', async () => {
    const image = await upload('photo.png', PNG_1X1);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().result).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      original_name: 'photo.png',
    });
    const audio = await upload('part1.mp3', MP3_STUB);
    expect(audio.json().result).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });

    const served = await harness.app.inject({ method: 'GET', url: audio.json().result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(MP3_STUB)).toBe(true);
    const ranged = await harness.app.inject({
      method: 'GET',
      url: audio.json().result.url,
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-9/${MP3_STUB.length}`);
    expect(ranged.rawPayload.length).toBe(10);
    const cached = await harness.app.inject({
      method: 'GET',
      url: audio.json().result.url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('refuses a file whose content is not what its name says, and an oversized image', async () => {
    const fake = await upload('virus.png', Buffer.from('<script>alert(1)</script> not really an image'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({
      key: 'UNSUPPORTED_MEDIA_TYPE',
      errors: { file: 'media.unsupported_type' },
    });
    const huge = await upload('huge.png', Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual({ file: 'media.too_large' });
    const notMultipart = await api('POST', '/admin/media', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('answers 404 for unknown media', async () => {
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/media/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('single questions', () => {
  it('creates, sanitizes, reads, filters, updates and deletes a question', async () => {
    const created = await api(
      'POST',
      '/admin/questions',
      part5Question({ stem: '<p onclick="x()">Choose ______.<script>alert(1)</script></p>' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const question = created.json().result;
    expect(question.stem).toBe('<p>Choose ______.</p>');
    expect(question).toMatchObject({
      group_id: null,
      format: { id: ids.part5, exam_name: 'TOEIC Listening & Reading' },
      level: { code: 'B1' },
      question_type: { answer_kind: 'single_choice' },
      answer: { key: 'A' },
      tags: ['conjunctions', 'part5'],
    });
    const filtered = (
      await api('GET', `/admin/questions?format_id=${ids.part5}&tag=CONJUNCTIONS&search=choose`)
    ).json().result;
    expect(filtered.items.map((q: { id: string }) => q.id)).toContain(question.id);
    expect(
      (await api('GET', `/admin/questions?level_id=${ids.b1}&format_id=${ids.part1}`)).json().result.total,
    ).toBe(0);
    const updated = await api(
      'PUT',
      `/admin/questions/${question.id}`,
      part5Question({ answer: { key: 'B' }, tags: [] }),
    );
    expect(updated.json().result).toMatchObject({ answer: { key: 'B' }, tags: [] });
    expect((await api('DELETE', `/admin/questions/${question.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/questions/${question.id}`)).statusCode).toBe(404);
  });

  it('accepts every answer kind in its own shape', async () => {
    const reading = { format_id: ids.ieltsPassage, stem: '<p>Question</p>' };
    const cases = [
      { ...reading, question_type_id: ids.tfng, answer: { value: 'not_given' } },
      { ...reading, question_type_id: ids.gap, answer: { accepted: ['rainforest', 'rain forest'] } },
      {
        ...reading,
        question_type_id: ids.matching,
        items: [
          { key: '1', content: 'First paragraph' },
          { key: '2', content: 'Second paragraph' },
        ],
        options: [
          { key: 'i', content: 'Heading i' },
          { key: 'ii', content: 'Heading ii' },
          { key: 'iii', content: 'Heading iii' },
        ],
        answer: { pairs: { '1': 'iii', '2': 'i' } },
      },
    ];
    for (const body of cases) {
      const response = await api('POST', '/admin/questions', body);
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('names what is wrong with a question', async () => {
    const check = async (overrides: object, errors: object) => {
      const response = await api('POST', '/admin/questions', part5Question(overrides));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual(errors);
    };
    await check({ answer: { key: 'E' } }, { answer: 'question.answer_unknown_option' });
    await check({ answer: 'A' }, { answer: 'question.answer_invalid' });
    await check(
      { options: [{ key: 'A', content: 'x' }], answer: { key: 'A' } },
      { options: 'question.options_required' },
    );
    await check(
      {
        options: [
          { key: 'A', content: 'x' },
          { key: 'A', content: 'y' },
        ],
        answer: { key: 'A' },
      },
      { options: 'question.option_keys_unique' },
    );
    await check(
      { question_type_id: ids.tfng, answer: { value: 'true' } },
      { question_type_id: 'question.type_not_allowed' },
    );
    await check({ audio_id: '00000000-0000-4000-8000-000000000000' }, { audio_id: 'question.unknown_media' });
    const image = (await upload('p.png', PNG_1X1)).json().result;
    await check({ audio_id: image.id }, { audio_id: 'question.wrong_media_kind' });
    await check({ stem: '' }, { stem: 'common.required_field' });
    const unknownFormat = await api(
      'POST',
      '/admin/questions',
      part5Question({ format_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknownFormat.json().errors).toEqual({ format_id: 'common.invalid_field' });
  });
});

describe('an essay’s band weight (issue 28)', () => {
  const essay = (answer: object) => ({
    format_id: ids.writing,
    level_id: ids.b1,
    question_type_id: ids.essay,
    stem: '<p>Some people think cities should ban cars. Discuss both views.</p>',
    answer,
  });

  it('keeps the weight its author sets, 1 to 3', async () => {
    const created = await api('POST', '/admin/questions', essay({ rubric: 'ielts_writing', band_weight: 2 }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result.answer).toEqual({ rubric: 'ielts_writing', band_weight: 2 });
    const plain = await api('POST', '/admin/questions', essay({ rubric: 'ielts_writing' }));
    expect(plain.json().result.answer).toEqual({ rubric: 'ielts_writing' });
  });

  it.each([0, 4, 1.5, '2'])('refuses %j, naming the field', async (weight) => {
    const response = await api(
      'POST',
      '/admin/questions',
      essay({ rubric: 'ielts_writing', band_weight: weight }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ 'answer.band_weight': 'question.band_weight_range' });
  });
});

describe('question groups', () => {
  it('creates a listening group with audio, image and transcript, then edits its sub-questions in place', async () => {
    const audio = (await upload('conversation.mp3', MP3_STUB)).json().result;
    const image = (await upload('office.png', PNG_1X1)).json().result;
    const sub = (n: number, answer = 'B') => ({
      question_type_id: ids.single,
      stem: `<p>Question ${n}</p>`,
      options: ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `Option ${key}` })),
      answer: { key: answer },
    });
    const created = await api('POST', '/admin/question-groups', {
      format_id: ids.part1,
      title: 'Văn phòng buổi sáng',
      transcript: '<p>Woman: Could you send the report?</p>',
      audio_id: audio.id,
      image_id: image.id,
      tags: ['office'],
      questions: [sub(1), sub(2), sub(3)],
    });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().result;
    expect(group.questions.map((q: { stem: string }) => q.stem)).toEqual([
      '<p>Question 1</p>',
      '<p>Question 2</p>',
      '<p>Question 3</p>',
    ]);
    expect(group.audio.kind).toBe('audio');
    const [q1, q2, q3] = group.questions;

    const updated = await api('PUT', `/admin/question-groups/${group.id}`, {
      format_id: ids.part1,
      title: 'Văn phòng buổi sáng (sửa)',
      audio_id: audio.id,
      questions: [{ ...sub(3, 'C'), id: q3.id }, { ...sub(1), id: q1.id }, sub(4)],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json().result;
    expect(after.questions.map((q: { id: string }) => q.id).slice(0, 2)).toEqual([q3.id, q1.id]);
    expect(after.questions[0]).toMatchObject({ answer: { key: 'C' }, position: 0 });
    expect(after.questions).toHaveLength(3);
    expect(after.image).toBeNull();
    expect((await api('GET', `/admin/questions/${q2.id}`)).statusCode).toBe(404);
    // Group members are edited through the group, and do not show up in the single-question list.
    const member = await api('DELETE', `/admin/questions/${q1.id}`);
    expect(member.statusCode).toBe(409);
    expect(member.json().errors).toEqual({ id: 'question.edit_through_group' });
    const singles = (await api('GET', `/admin/questions?format_id=${ids.part1}`)).json().result.items;
    expect(singles.map((q: { id: string }) => q.id)).not.toContain(q1.id);
    const groups = (await api('GET', `/admin/question-groups?format_id=${ids.part1}`)).json().result.items;
    expect(groups.find((g: { id: string }) => g.id === group.id)).toMatchObject({ question_count: 3 });

    expect((await api('DELETE', `/admin/question-groups/${group.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/admin/questions/${q1.id}`)).statusCode).toBe(404);
  });

  it('names the sub-question that is wrong, and needs at least one', async () => {
    const response = await api('POST', '/admin/question-groups', {
      format_id: ids.part5,
      title: 'Nhóm lỗi',
      questions: [part5Question(), { ...part5Question(), answer: { key: 'Z' } }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'questions.1.answer': 'question.answer_unknown_option' });
    const empty = await api('POST', '/admin/question-groups', {
      format_id: ids.part5,
      title: 'Trống',
      questions: [],
    });
    expect(empty.json().errors).toEqual({ questions: 'question.group_needs_questions' });
  });
});

describe('permissions', () => {
  it('keeps the bank closed to staff without question permissions', async () => {
    const staff = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_test', 'view_category'],
    });
    const asStaff = await authHeader(harness.app, staff, 'admin');
    expect((await api('GET', '/admin/questions', undefined, asStaff)).statusCode).toBe(403);
    const viewer = await createAccount(harness.database.db, {
      scope: 'admin',
      permissions: ['view_question'],
    });
    const asViewer = await authHeader(harness.app, viewer, 'admin');
    expect((await api('GET', '/admin/questions', undefined, asViewer)).statusCode).toBe(200);
    expect((await api('POST', '/admin/questions', part5Question(), asViewer)).statusCode).toBe(403);
  });
});
