import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { FakeOpenAi, MODEL_SCRIPT } from '../../../test/fake-openai';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, createOrganizationStaff } from '../../../test/isolation/world';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';
import { COLLOCATIONS } from './collocations';
import { SCRIPT_TEMPLATES } from './listening-scripts';
import { readabilityOf, suitsLevel } from './readability';

const fake = new FakeOpenAi();
let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let part5: string;
let part3: string;
let b1: string;

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = asAdmin) {
  return harness.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = asAdmin) {
  const response = await api(method, url, payload, headers);
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
  return response.json().result;
}
async function finished(prefix: string, id: string, headers = asAdmin) {
  await expect
    .poll(async () => (await ok('GET', `${prefix}/ai/jobs/${id}`, undefined, headers)).status, {
      timeout: 60_000,
      interval: 200,
    })
    .toMatch(/finished|cancelled/);
  return ok('GET', `${prefix}/ai/jobs/${id}`, undefined, headers);
}

beforeAll(async () => {
  const baseUrl = await fake.start();
  harness = await createTestApp({
    env: {
      AI_BASE_URL: baseUrl,
      AI_MODEL: 'local-test-model',
      AI_API_KEY: 'sk-local',
      AI_TIMEOUT_SECONDS: '1',
    },
  });
  await harness.app.ready();
  await harness.app.jobs.start();
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
  const categories = (await ok('GET', '/admin/categories')).items as { id: string; slug: string }[];
  const toeic = await ok('GET', `/admin/categories/${categories.find((c) => c.slug === 'toeic')!.id}`);
  part5 = toeic.exams[0].formats[4].id;
  part3 = toeic.exams[0].formats[2].id;
  const levels = (await ok('GET', '/admin/levels?pageSize=50')).items as { id: string; code: string }[];
  b1 = levels.find((level) => level.code === 'B1')!.id;
});
afterAll(async () => {
  // The fake server first: its hanging answers end now, so no job handler is still waiting on one (and
  // writing its outcome) after the app has closed its database pool.
  await fake.stop();
  await harness.close();
});

describe('generation with the built-in generator', () => {
  it('says which providers there are; the built-in one works offline', async () => {
    const status = await ok('GET', '/admin/ai/status');
    expect(status.providers).toEqual([
      { provider: 'builtin', model: 'prepwise-rules-1', offline: true },
      { provider: 'openai_compatible', model: 'local-test-model', offline: false },
    ]);
  });

  it('generates ten part-5 questions as drafts; edit, approve eight, reject two, and a test takes an approved one', async () => {
    const before = (await ok('GET', '/admin/ai/status')).usage.generated;
    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      level_id: b1,
      task: 'word_form',
      count: 10,
      topic: 'business',
      explanation_language: 'vi',
      provider: 'builtin',
      seed: 2026,
    });
    expect(job).toMatchObject({
      status: expect.stringMatching(/queued|running/),
      count: 10,
      provider: 'builtin',
    });
    const done = await finished('/admin', job.id);
    expect(done.progress).toMatchObject({ total: 10, done: 10, failed: 0, queued: 0 });

    const drafts = (await ok('GET', `/admin/ai/drafts?job_id=${job.id}&pageSize=20`)).items;
    expect(drafts).toHaveLength(10);
    expect(drafts.every((d: { status: string }) => d.status === 'pending_review')).toBe(true);
    const first = await ok('GET', `/admin/ai/drafts/${drafts[0].id}`);
    expect(first.question).toMatchObject({ format_id: part5, level_id: b1, options: expect.any(Array) });
    expect(first.prompt).toContain('seed 2026');
    expect(first.model).toBe('prepwise-rules-1');
    expect(first.checks.map((c: { code: string; ok: boolean }) => [c.code, c.ok])).toEqual([
      ['single_key', true],
      ['key_not_in_stem', true],
      ['option_lengths', true],
      ['no_duplicate', true],
    ]);

    // Edited in the bank's editor shape; the bank's checks apply.
    const edit = { ...first.question, stem: '<p>Edited: the board will _______ the plan.</p>' };
    delete edit.format_id;
    const invalid = await api('PUT', `/admin/ai/drafts/${first.id}`, { ...edit, answer: { key: 'Z' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ answer: 'question.answer_unknown_option' });
    const edited = await ok('PUT', `/admin/ai/drafts/${first.id}`, edit);
    expect(edited.question.stem).toBe('<p>Edited: the board will _______ the plan.</p>');
    expect(edited.edited_by).not.toBeNull();

    // Not yet approved: the bank does not have it.
    expect((await ok('GET', '/admin/questions?search=Edited: the board')).total).toBe(0);
    const approved = [];
    for (const draft of drafts.slice(0, 8))
      approved.push(await ok('POST', `/admin/ai/drafts/${draft.id}/approve`));
    expect(approved.every((d) => d.status === 'approved' && d.question_id && d.reviewed_by)).toBe(true);
    const inBank = await ok('GET', `/admin/questions/${approved[0].question_id}`);
    expect(inBank.stem).toBe('<p>Edited: the board will _______ the plan.</p>');
    expect(inBank.tags).toContain('ai');

    const noReason = await api('POST', `/admin/ai/drafts/${drafts[8].id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: 'common.required_field' });
    for (const draft of drafts.slice(8)) {
      const rejected = await ok('POST', `/admin/ai/drafts/${draft.id}/reject`, {
        reason: 'Hai đáp án đều đúng',
      });
      expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'Hai đáp án đều đúng' });
    }
    const twice = await api('POST', `/admin/ai/drafts/${drafts[0].id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ id: 'ai.draft_not_reviewable' });
    expect((await ok('GET', `/admin/ai/jobs/${job.id}`)).progress).toMatchObject({
      approved: 8,
      rejected: 2,
    });
    expect((await ok('GET', '/admin/ai/drafts?status=rejected')).total).toBe(2);
    expect((await ok('GET', '/admin/ai/status')).usage.generated).toBe(before + 10);

    // An approved question goes into a test like any bank question.
    const categories = (await ok('GET', '/admin/categories')).items as { id: string; slug: string }[];
    const toeic = await ok('GET', `/admin/categories/${categories.find((c) => c.slug === 'toeic')!.id}`);
    const test = await ok('POST', '/admin/tests', {
      exam_id: toeic.exams[0].id,
      title: `Đề AI ${Date.now()}`,
      duration_minutes: 120,
    });
    const section = test.sections.find((s: { format: { id: string } }) => s.format.id === part5);
    const filled = await ok('PUT', `/admin/tests/${test.id}/sections/${section.id}/items`, {
      items: [{ question_id: approved[1].question_id }],
    });
    expect(filled.sections.find((s: { id: string }) => s.id === section.id).items).toHaveLength(1);
    // A draft is no bank question: a test cannot take it.
    const draftInTest = await api('PUT', `/admin/tests/${test.id}/sections/${section.id}/items`, {
      items: [{ question_id: drafts[9].id }],
    });
    expect(draftInTest.statusCode).toBe(422);
  });

  it('refuses a task the part does not allow, an unconfigured field and a bad count, naming the field', async () => {
    const ordering = await api('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'sentence_order',
      count: 2,
      provider: 'builtin',
    });
    expect(ordering.statusCode).toBe(422);
    expect(ordering.json().errors).toEqual({ task: 'ai.task_not_allowed' });
    const tooMany = await api('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'synonym',
      count: 500,
      provider: 'builtin',
    });
    expect(tooMany.json().errors).toEqual({ count: 'ai.count_too_large' });
    const unknownFormat = await api('POST', '/admin/ai/jobs', {
      format_id: '00000000-0000-4000-8000-000000000000',
      task: 'synonym',
      count: 1,
      provider: 'builtin',
    });
    expect(unknownFormat.json().errors).toEqual({ format_id: 'common.invalid_field' });
  });
});

/** An original passage for the reading tests: it uses word-list headwords that have synonyms. */
const PASSAGE = [
  'Green Office Week starts on Monday at the Da Nang branch.',
  'Every team will try to reduce the paper it prints by half, and the building manager will switch off the lights on empty floors after seven in the evening.',
  'Last year a similar week helped the Hue office become more efficient, and its electricity bill fell by twelve percent.',
  'Staff who cycle or take the bus to work can collect a free breakfast voucher at reception.',
].join('\n\n');

describe('reading groups', () => {
  it('writes reading questions about a given text and approves the waiting ones as one group, once', async () => {
    const missing = await api('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'reading',
      count: 3,
      provider: 'builtin',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ source_text: 'ai.source_text_required' });

    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      level_id: b1,
      task: 'reading',
      count: 4,
      source_text: PASSAGE,
      explanation_language: 'en',
      provider: 'builtin',
      seed: 7,
    });
    expect((await finished('/admin', job.id)).progress).toMatchObject({ done: 4, failed: 0 });
    const drafts = (await ok('GET', `/admin/ai/drafts?job_id=${job.id}&pageSize=10`)).items as {
      id: string;
      position: number;
      question: { stem: string; options: { key: string; content: string }[]; answer: { key: string } };
    }[];
    drafts.sort((a, b) => a.position - b.position);
    expect(drafts).toHaveLength(4);
    const flat = PASSAGE.replace(/\s+/g, ' ');
    for (const draft of drafts) {
      const { stem, options, answer } = draft.question;
      const key = options.find((option) => option.key === answer.key)!.content;
      if (stem.includes('main idea')) {
        // Every option is a sentence of the text; the key its most central one.
        for (const option of options) expect(flat).toContain(option.content);
        expect(draft.position).toBe(0);
      } else if (stem.includes('stated in the passage')) {
        // The key is a sentence of the text; no distractor is.
        expect(flat).toContain(key);
        for (const option of options.filter((o) => o.key !== answer.key))
          expect(flat).not.toContain(option.content);
      } else {
        // The meaning of a word the text uses.
        const word = stem.match(/The word “([^”]+)”/)![1]!;
        expect(flat.toLowerCase()).toContain(word.toLowerCase());
        expect(options).toHaveLength(4);
      }
    }
    expect(drafts.some((draft) => draft.question.stem.includes('stated in the passage'))).toBe(true);
    expect(drafts.some((draft) => draft.question.stem.includes('closest in meaning'))).toBe(true);
    expect(drafts[0]!.question.stem).toContain('main idea');
    // Before approval the reviewer sees how hard the passage reads against the job's level (B1).
    const detail = await ok('GET', `/admin/ai/drafts/${drafts[0]!.id}`);
    const figures = readabilityOf(PASSAGE)!;
    expect(detail.checks.find((check: { code: string }) => check.code === 'readability')).toEqual({
      code: 'readability',
      ok: suitsLevel(figures.ease, 'B1'),
      detail: null,
      values: { ease: figures.ease, level: 'B1', min: 55, max: 90 },
    });

    // One is rejected: the group takes the three others, in order, under the title given.
    await ok('POST', `/admin/ai/drafts/${drafts[1]!.id}/reject`, { reason: 'Too easy' });
    const untitled = await api('POST', `/admin/ai/jobs/${job.id}/group`, { title: '' });
    expect(untitled.statusCode).toBe(422);
    expect(Object.keys(untitled.json().errors)).toEqual(['title']);
    const grouped = await ok('POST', `/admin/ai/jobs/${job.id}/group`, { title: 'Green Office Week' });
    expect(grouped.questions).toBe(3);
    const group = await ok('GET', `/admin/question-groups/${grouped.group_id}`);
    expect(group.title).toBe('Green Office Week');
    expect(group.passage).toContain('<p>Green Office Week starts on Monday at the Da Nang branch.</p>');
    expect(group.tags).toEqual(['ai', 'reading']);
    expect(group.questions.map((q: { stem: string }) => q.stem)).toEqual(
      [drafts[0]!, drafts[2]!, drafts[3]!].map((draft) => draft.question.stem),
    );
    const after = (await ok('GET', `/admin/ai/drafts?job_id=${job.id}&pageSize=10`)).items as {
      position: number;
      status: string;
      question_id: string | null;
    }[];
    after.sort((a, b) => a.position - b.position);
    expect(after.map((draft) => draft.status)).toEqual(['approved', 'rejected', 'approved', 'approved']);
    expect(after[0]!.question_id).toBe(group.questions[0].id);

    // Nothing is left to group; a job of single questions never becomes a group.
    const again = await api('POST', `/admin/ai/jobs/${job.id}/group`, { title: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ id: 'ai.nothing_to_group' });
    const single = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'vocabulary',
      count: 1,
      provider: 'builtin',
      seed: 3,
    });
    await finished('/admin', single.id);
    const notGroup = await api('POST', `/admin/ai/jobs/${single.id}/group`, { title: 'No' });
    expect(notGroup.statusCode).toBe(409);
    expect(notGroup.json().errors).toEqual({ id: 'ai.not_a_group_task' });
    // Another tenant's job is not found.
    const other = await createOrganization(harness.app);
    const foreign = await api('POST', `/educator/ai/jobs/${job.id}/group`, { title: 'Mine' }, other.asOwner);
    expect(foreign.statusCode).toBe(404);
  });
});

type DraftItem = {
  id: string;
  position: number;
  status: string;
  attempts: number;
  question: { stem: string; options: { key: string; content: string }[]; answer: { key: string } };
};
const draftsOf = async (prefix: string, jobId: string, headers = asAdmin) =>
  (
    (await ok('GET', `${prefix}/ai/drafts?job_id=${jobId}&pageSize=20`, undefined, headers))
      .items as DraftItem[]
  ).sort((a, b) => a.position - b.position);
const keyText = (draft: DraftItem) =>
  draft.question.options.find((option) => option.key === draft.question.answer.key)!.content;
const plainStem = (html: string) => html.replace(/<[^>]+>/g, '');

/** An original text for the cloze jobs: word-list headwords in most sentences. */
const CLOZE_TEXT = [
  'The museum in our town plans to expand its evening programme next month.',
  'Its new booking system is efficient, so visitors rarely wait at the door.',
  'Volunteers protect the oldest paintings by checking the temperature every hour.',
  '',
  'The staff also want to reduce the paper they print for each exhibition.',
  'A survey showed a significant rise in young visitors after the cafe opened.',
].join('\n');

describe('collocations, cloze passages and vocabulary topics (built-in generator)', () => {
  it('writes collocation questions: the key collocates, the same seed gives the same questions', async () => {
    const body = {
      format_id: part5,
      level_id: b1,
      task: 'collocation',
      count: 6,
      provider: 'builtin',
      seed: 21,
    };
    const first = await ok('POST', '/admin/ai/jobs', body);
    const second = await ok('POST', '/admin/ai/jobs', body);
    expect((await finished('/admin', first.id)).progress).toMatchObject({ done: 6, failed: 0 });
    await finished('/admin', second.id);
    const drafts = await draftsOf('/admin', first.id);
    const again = await draftsOf('/admin', second.id);
    expect(again.map((draft) => draft.question)).toEqual(drafts.map((draft) => draft.question));
    for (const draft of drafts) {
      const item = COLLOCATIONS.find(
        (candidate) => candidate.sentence.replace(/\[[^\]]+\]/, '_______') === plainStem(draft.question.stem),
      )!;
      expect(item).toBeDefined();
      expect(keyText(draft)).toBe(item.key);
      const wrong = draft.question.options.map((o) => o.content).filter((c) => c !== item.key);
      expect(new Set(wrong).size).toBe(3);
      for (const word of wrong) expect(item.wrong).toContain(word);
    }
    const checked = await ok('GET', `/admin/ai/drafts/${drafts[0]!.id}`);
    expect(checked.checks.find((c: { code: string }) => c.code === 'single_key').ok).toBe(true);
  });

  it('writes a cloze passage with numbered gaps, one question per gap, approved as one group', async () => {
    const tooMany = await api('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'cloze',
      count: 13,
      provider: 'builtin',
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ count: 'ai.cloze_too_many_gaps' });
    const tooShort = await api('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'cloze',
      count: 4,
      source_text: 'Nobody in this sentence is on the list. Neither is anyone here.',
      provider: 'builtin',
    });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json().errors).toEqual({ source_text: 'ai.cloze_not_enough_gaps' });

    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      level_id: b1,
      task: 'cloze',
      count: 4,
      source_text: CLOZE_TEXT,
      explanation_language: 'en',
      provider: 'builtin',
      seed: 5,
    });
    for (const n of [1, 2, 3, 4]) expect(job.cloze_passage).toContain(`<strong>(${n})</strong> _______`);
    expect(job.cloze_passage.match(/<p>/g)).toHaveLength(2);
    expect((await finished('/admin', job.id)).progress).toMatchObject({ done: 4, failed: 0 });
    const drafts = await draftsOf('/admin', job.id);
    const flat = CLOZE_TEXT.replace(/\s+/g, ' ');
    for (const [index, draft] of drafts.entries()) {
      const stem = plainStem(draft.question.stem);
      expect(stem.startsWith(`(${index + 1}) `)).toBe(true);
      // The key put back into its gap gives the author's sentence; no distractor does.
      const sentence = stem.slice(`(${index + 1}) `.length);
      expect(flat).toContain(sentence.replace('_______', keyText(draft)));
      for (const option of draft.question.options.filter((o) => o.key !== draft.question.answer.key))
        expect(flat).not.toContain(sentence.replace('_______', option.content));
      expect(new Set(draft.question.options.map((o) => o.content.toLowerCase())).size).toBe(4);
    }
    const grouped = await ok('POST', `/admin/ai/jobs/${job.id}/group`, { title: 'Museum news' });
    expect(grouped.questions).toBe(4);
    const group = await ok('GET', `/admin/question-groups/${grouped.group_id}`);
    expect(group.passage).toBe(job.cloze_passage);
    expect(group.tags).toEqual(['ai', 'cloze']);
    expect(group.questions).toHaveLength(4);
  });

  it('takes a published vocabulary topic as the word list; another topic is refused by name', async () => {
    const topic = await ok('POST', '/admin/vocabulary-topics', {
      name_vi: 'Đi công tác',
      name_en: 'Business trips',
      level: 'B1',
      exam: 'toeic',
      published: true,
    });
    const hidden = await ok('POST', '/admin/vocabulary-topics', {
      name_vi: 'Nháp',
      name_en: 'Draft topic',
      level: 'B1',
      exam: 'toeic',
      published: false,
    });
    const words = [
      ['itinerary', 'noun', 'Our itinerary includes two days in Hue.'],
      ['depart', 'verb', 'The ferry will depart at six sharp.'],
      ['scenic', 'adjective', 'We took the scenic road along the coast.'],
      ['luggage', 'noun', 'Please keep your luggage with you at all times.'],
    ];
    for (const [headword, pos, example] of words)
      await ok('POST', '/admin/vocabulary-words', {
        headword,
        part_of_speech: pos,
        meaning_vi: headword,
        definition_en: headword,
        examples: [{ en: example, vi: '…' }],
        level: 'B1',
        topic_ids: [topic.id],
      });
    const listed = (await ok('GET', '/admin/ai/vocabulary-topics')) as { id: string; words: number }[];
    expect(listed.find((t) => t.id === topic.id)).toMatchObject({ words: 4 });
    expect(listed.map((t) => t.id)).not.toContain(hidden.id);
    // The organization portal offers the same published topics.
    const org = await createOrganization(harness.app);
    const forOrg = (await ok('GET', '/educator/ai/vocabulary-topics', undefined, org.asOwner)) as {
      id: string;
    }[];
    expect(forOrg.map((t) => t.id)).toContain(topic.id);

    for (const [vocabulary_topic_id, key] of [
      [hidden.id, 'ai.vocabulary_topic_unavailable'],
      ['00000000-0000-4000-8000-000000000000', 'ai.vocabulary_topic_unavailable'],
      ['not-a-topic', 'common.invalid_field'],
    ]) {
      const refused = await api('POST', '/admin/ai/jobs', {
        format_id: part5,
        task: 'vocabulary',
        count: 2,
        provider: 'builtin',
        vocabulary_topic_id,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ vocabulary_topic_id: key });
    }

    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'vocabulary',
      count: 4,
      provider: 'builtin',
      vocabulary_topic_id: topic.id,
      seed: 12,
    });
    expect(job.vocabulary_topic).toEqual({ id: topic.id, name_vi: 'Đi công tác', name_en: 'Business trips' });
    await finished('/admin', job.id);
    const drafts = await draftsOf('/admin', job.id);
    expect(drafts.map(keyText).sort()).toEqual(['depart', 'itinerary', 'luggage', 'scenic']);
    for (const draft of drafts) {
      const [headword, , example] = words.find(([word]) => word === keyText(draft))!;
      expect(plainStem(draft.question.stem)).toBe(example!.replace(headword!, '_______'));
    }
  });
});

describe('a cloze through an OpenAI-compatible server', () => {
  it('asks for each gap with the passage; an answer whose key is not the word taken out is retried', async () => {
    fake.requests = [];
    // gap 1: right · gap 2: wrong key, then right
    fake.script = ['gap', 'ok', 'gap'];
    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'cloze',
      count: 2,
      source_text: CLOZE_TEXT,
      provider: 'openai_compatible',
      seed: 8,
    });
    const done = await finished('/admin', job.id);
    expect(done.progress).toMatchObject({ done: 2, failed: 0 });
    const drafts = await draftsOf('/admin', job.id);
    expect(drafts.map((draft) => draft.attempts)).toEqual([1, 2]);
    for (const [index, draft] of drafts.entries()) {
      expect(plainStem(draft.question.stem).startsWith(`(${index + 1}) `)).toBe(true);
      const sentence = plainStem(draft.question.stem).slice(4);
      expect(CLOZE_TEXT.replace(/\s+/g, ' ')).toContain(sentence.replace('_______', keyText(draft)));
    }
    const prompt = JSON.stringify(fake.requests[0]!.body.messages);
    expect(prompt).toContain('gap (1)');
    expect(prompt).toContain('(2) _______');
    expect(JSON.stringify(fake.requests[2]!.body.messages)).toContain('must be the word taken out');
  });
});

// A listening job speaks its script offline (a few seconds of CPU per script): slower than the others.
describe('listening groups', () => {
  it('writes a script by rules, then its questions (keys are what the script says), approved as one group with the script as its transcript', async () => {
    const tooMany = await api('POST', '/admin/ai/jobs', {
      format_id: part3,
      task: 'listening',
      count: 5,
      provider: 'builtin',
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ count: 'ai.listening_too_many_questions' });
    const withText = await api('POST', '/admin/ai/jobs', {
      format_id: part3,
      task: 'listening',
      count: 3,
      source_text: 'Woman: Hello.',
      provider: 'builtin',
    });
    expect(withText.statusCode).toBe(422);
    expect(withText.json().errors).toEqual({ source_text: 'ai.listening_writes_its_script' });

    const body = {
      format_id: part3,
      level_id: b1,
      task: 'listening',
      count: 3,
      topic: 'du lịch',
      explanation_language: 'vi',
      provider: 'builtin',
      seed: 21,
    };
    const job = await ok('POST', '/admin/ai/jobs', body);
    expect(job.listening_script).toBeNull();
    const done = await finished('/admin', job.id);
    expect(done.progress).toMatchObject({ done: 3, failed: 0 });
    const script = done.listening_script as { kind: string; lines: { speaker: string; text: string }[] };
    const text = script.lines.map((line) => line.text).join(' ');
    const words = text.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(120);
    expect(words).toBeLessThanOrEqual(200);
    // On the topic: a travel script (a hotel conversation or a tour guide's talk).
    const template = SCRIPT_TEMPLATES.find(
      (candidate) =>
        candidate.lines.length === script.lines.length &&
        candidate.lines.every(
          (line, index) =>
            line.speaker === script.lines[index]!.speaker &&
            script.lines[index]!.text.startsWith(line.text.split('{')[0]!),
        ),
    )!;
    expect(template.topics).toContain('travel');
    expect(script.kind).toBe(template.kind);
    const drafts = await draftsOf('/admin', job.id);
    expect(drafts).toHaveLength(3);
    for (const [index, draft] of drafts.entries()) {
      const question = template.questions[index]!;
      expect(plainStem(draft.question.stem)).toBe(question.text);
      const choices = template.slots[question.slot]!;
      // The key's wording is in the script; none of the three distractors' is.
      const keyChoice = choices.find((choice) => choice.ask === keyText(draft))!;
      expect(text).toContain(keyChoice.say);
      for (const choice of choices.filter((c) => c !== keyChoice)) expect(text).not.toContain(choice.say);
      expect(draft.question.options.map((o) => o.content).sort()).toEqual(choices.map((c) => c.ask).sort());
    }
    // Spoken offline, each speaker in a voice of their own: a WAV file of the organization's (here the
    // platform's) media, as long as the script takes to say.
    expect(done.listening_script.audio_url).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    const audio = await harness.app.inject({ method: 'GET', url: done.listening_script.audio_url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    const wav = audio.rawPayload;
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const seconds = (wav.length - 44) / wav.readUInt32LE(28);
    // About 130 words at 145 a minute, with pauses between the lines.
    expect(seconds).toBeGreaterThan(35);
    expect(seconds).toBeLessThan(150);
    const reviewed = await ok('GET', `/admin/ai/drafts/${drafts[0]!.id}`);
    expect(reviewed.question.explanation_vi).toContain('Trong bài nghe');
    expect(reviewed.checks.find((check: { code: string }) => check.code === 'single_key').ok).toBe(true);

    // The same seed writes the same script and the same questions.
    const again = await finished('/admin', (await ok('POST', '/admin/ai/jobs', body)).id);
    expect(again.listening_script.lines).toEqual(done.listening_script.lines);
    expect((await draftsOf('/admin', again.id)).map((d) => d.question)).toEqual(
      drafts.map((d) => d.question),
    );

    // The third is rejected; the other two join the bank as one group whose transcript is the script.
    await ok('POST', `/admin/ai/drafts/${drafts[2]!.id}/reject`, { reason: 'Quá dễ' });
    const grouped = await ok('POST', `/admin/ai/jobs/${job.id}/group`, { title: 'Đổi phòng khách sạn' });
    expect(grouped.questions).toBe(2);
    const group = await ok('GET', `/admin/question-groups/${grouped.group_id}`);
    expect(group.passage).toBeNull();
    expect(group.audio.url).toBe(done.listening_script.audio_url);
    expect(group.tags).toEqual(['ai', 'listening']);
    expect(group.questions).toHaveLength(2);
    for (const line of script.lines)
      expect(group.transcript).toContain(`<strong>${line.speaker}:</strong> ${line.text}`);
  }, 120_000);

  it('through an OpenAI-compatible server: the script first (a short one retried), then each question with the script in its prompt; a refused script fails the items, and a retry writes them', async () => {
    fake.requests = [];
    fake.script = ['short-script', 'script', 'listen', 'listen'];
    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part3,
      task: 'listening',
      count: 2,
      topic: 'hotel services',
      explanation_language: 'en',
      provider: 'openai_compatible',
      seed: 4,
    });
    const done = await finished('/admin', job.id);
    expect(done.progress).toMatchObject({ done: 2, failed: 0 });
    expect(done.listening_script).toEqual({
      kind: 'conversation',
      lines: MODEL_SCRIPT,
      audio_url: expect.stringMatching(/^\/api\/media\//),
    });
    const scriptPrompt = JSON.stringify(fake.requests[0]!.body.messages);
    expect(scriptPrompt).toContain('TOEIC Part 3');
    expect(scriptPrompt).toContain('Topic: hotel services.');
    expect(fake.requests[0]!.body).toMatchObject({ response_format: { type: 'json_schema' } });
    expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain('the script has');
    const questionPrompt = JSON.stringify(fake.requests[2]!.body.messages);
    expect(questionPrompt).toContain('listening question');
    expect(questionPrompt).toContain('Man: Good morning. I’m calling from the Lotus Hotel');
    const drafts = await draftsOf('/admin', job.id);
    expect(keyText(drafts[0]!)).toBe('A delivery is late.');
    const grouped = await ok('POST', `/admin/ai/jobs/${job.id}/group`, { title: 'A delayed delivery' });
    const group = await ok('GET', `/admin/question-groups/${grouped.group_id}`);
    expect(group.transcript).toContain('<strong>Woman:</strong> The driver should reach you');

    // A 429 on the script: every item fails with it, the job ends, nothing crashes; a retry writes them.
    fake.script = ['429'];
    const refused = await ok('POST', '/admin/ai/jobs', {
      format_id: part3,
      task: 'listening',
      count: 3,
      provider: 'openai_compatible',
    });
    const ended = await finished('/admin', refused.id);
    expect(ended.progress).toMatchObject({ done: 0, failed: 3 });
    expect(ended.listening_script).toBeNull();
    for (const draft of await draftsOf('/admin', refused.id))
      expect((draft as unknown as { error: string }).error).toMatch(/^ai\.error_rate_limited/);
    fake.script = ['script', 'listen', 'listen', 'listen'];
    await ok('POST', `/admin/ai/jobs/${refused.id}/retry`);
    const retried = await finished('/admin', refused.id);
    expect(retried.progress).toMatchObject({ done: 3, failed: 0 });
    expect(retried.listening_script.lines).toHaveLength(MODEL_SCRIPT.length);
  }, 120_000);
});

describe('generation through an OpenAI-compatible server', () => {
  it('cancels a running job (its unwritten items are cancelled) and retries them', async () => {
    // The first item hangs until the 1-second timeout, so the cancel arrives while the job runs.
    fake.script = ['timeout'];
    fake.requests = [];
    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      task: 'vocabulary',
      count: 4,
      provider: 'openai_compatible',
    });
    // Cancel once the worker is busy with the first item (not before it has picked the job up).
    await expect.poll(() => fake.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const cancelled = await ok('POST', `/admin/ai/jobs/${job.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.progress).toMatchObject({ cancelled: 4, done: 0 });
    const again = await api('POST', `/admin/ai/jobs/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ id: 'ai.job_not_cancellable' });
    // The hanging item ends (timeout) without undoing the cancel.
    const retried = await ok('POST', `/admin/ai/jobs/${job.id}/retry`);
    expect(retried.status).toMatch(/queued|running/);
    const done = await finished('/admin', job.id);
    expect(done).toMatchObject({ status: 'finished', progress: { done: 4, cancelled: 0, failed: 0 } });
    const nothing = await api('POST', `/admin/ai/jobs/${job.id}/retry`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errors).toEqual({ id: 'ai.nothing_to_retry' });
  });

  it('records structured answers, retries a malformed one, reports timeouts and 429 per item', async () => {
    fake.requests = [];
    // item 1: ok · item 2: malformed then ok · item 3: malformed twice · item 4: timeout · item 5: 429
    fake.script = ['ok', 'malformed', 'ok', 'malformed', 'malformed', 'timeout', '429'];
    const job = await ok('POST', '/admin/ai/jobs', {
      format_id: part5,
      level_id: b1,
      task: 'word_form',
      count: 5,
      topic: 'logistics',
      explanation_language: 'vi',
      provider: 'openai_compatible',
    });
    expect(job).toMatchObject({ provider: 'openai_compatible', model: 'local-test-model' });
    const done = await finished('/admin', job.id);
    expect(done.status).toBe('finished');
    expect(done.progress).toMatchObject({ total: 5, done: 2, failed: 3 });
    const drafts = (await ok('GET', `/admin/ai/drafts?job_id=${job.id}`)).items.sort(
      (a: { position: number }, b: { position: number }) => a.position - b.position,
    );
    expect(drafts.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['pending_review', 1],
      ['pending_review', 2],
      ['failed', 2],
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(drafts[2].error).toMatch(/^ai\.error_invalid_output/);
    expect(drafts[3].error).toMatch(/^ai\.error_timeout/);
    expect(drafts[4].error).toMatch(/^ai\.error_rate_limited/);
    const first = await ok('GET', `/admin/ai/drafts/${drafts[0].id}`);
    expect(first.question.options.map((o: { content: string }) => o.content)).toEqual([
      'extend',
      'extension',
      'extensive',
      'extensively',
    ]);
    expect(first.question.answer).toEqual({ key: 'A' });
    expect(first.question.explanation_vi).toContain('động từ nguyên mẫu');
    expect(first.prompt).toContain('Topic: logistics.');
    // The protocol: the model, the key, a JSON schema for the answer, and the retry told what was wrong.
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-local',
      body: { model: 'local-test-model', response_format: { type: 'json_schema' } },
    });
    const retryPrompt = JSON.stringify(fake.requests[2]!.body.messages);
    expect(retryPrompt).toContain('previous answer was invalid');

    // The process is alive; retrying the failed items generates them.
    fake.script = [];
    await ok('POST', `/admin/ai/jobs/${job.id}/retry`);
    const retried = await finished('/admin', job.id);
    expect(retried.progress).toMatchObject({ done: 5, failed: 0 });
  });
});

describe('permissions and organizations', () => {
  it('confines an organization to its own jobs and drafts; another organization gets 404', async () => {
    const orgA = await createOrganization(harness.app);
    const orgB = await createOrganization(harness.app);
    const job = await ok(
      'POST',
      '/educator/ai/jobs',
      { format_id: part5, task: 'vocabulary', count: 3, provider: 'builtin', seed: 4 },
      orgA.asOwner,
    );
    await finished('/educator', job.id, orgA.asOwner);
    const drafts = (await ok('GET', '/educator/ai/drafts', undefined, orgA.asOwner)).items;
    expect(drafts).toHaveLength(3);
    const approved = await ok('POST', `/educator/ai/drafts/${drafts[0].id}/approve`, undefined, orgA.asOwner);
    expect((await ok('GET', '/educator/ai/status', undefined, orgA.asOwner)).usage.generated).toBe(3);

    for (const [method, url, body] of [
      ['GET', `/educator/ai/jobs/${job.id}`],
      ['POST', `/educator/ai/jobs/${job.id}/cancel`],
      ['POST', `/educator/ai/jobs/${job.id}/retry`],
      ['GET', `/educator/ai/drafts/${drafts[1].id}`],
      ['PUT', `/educator/ai/drafts/${drafts[1].id}`, { ...approved.question, format_id: undefined }],
      ['POST', `/educator/ai/drafts/${drafts[1].id}/approve`],
      ['POST', `/educator/ai/drafts/${drafts[1].id}/reject`, { reason: 'Không phải của bạn' }],
      ['GET', `/admin/ai/drafts/${drafts[1].id}`],
    ] as const) {
      const headers = url.startsWith('/admin') ? asAdmin : orgB.asOwner;
      const response = await api(method, url, body, headers);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok('GET', '/educator/ai/drafts', undefined, orgB.asOwner)).total).toBe(0);
    expect((await ok('GET', '/educator/ai/jobs', undefined, orgB.asOwner)).total).toBe(0);
    expect((await ok('GET', '/educator/ai/status', undefined, orgB.asOwner)).usage.generated).toBe(0);
    // The platform's list does not show the organization's drafts either.
    const platform = (await ok('GET', `/admin/ai/drafts?job_id=${job.id}`)).total;
    expect(platform).toBe(0);
    // Approved into the organization's bank, not the platform's.
    expect((await api('GET', `/admin/questions/${approved.question_id}`)).statusCode).toBe(404);

    // A staff member with view_question only may read but not generate or review.
    const reader = await createOrganizationStaff(harness.app, orgA.id, ['view_question']);
    expect((await api('GET', '/educator/ai/drafts', undefined, reader.headers)).statusCode).toBe(200);
    const refused = await api(
      'POST',
      '/educator/ai/jobs',
      { format_id: part5, task: 'vocabulary', count: 1, provider: 'builtin' },
      reader.headers,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await api('POST', `/educator/ai/drafts/${drafts[1].id}/reject`, { reason: 'x' }, reader.headers))
        .statusCode,
    ).toBe(403);
    expect((await api('GET', '/admin/ai/jobs', undefined, orgA.asOwner)).statusCode).toBe(403);
  });

  it("spends the organization's AI credits, one per item asked for, and refuses what is beyond them", async () => {
    const org = await createOrganization(harness.app);
    const ask = (count: number) =>
      api(
        'POST',
        '/educator/ai/jobs',
        { format_id: part5, task: 'vocabulary', count, provider: 'builtin', seed: 9 },
        org.asOwner,
      );
    // No package bought: the free tier's 50 credits this month.
    const plan = await ok('GET', '/educator/package', undefined, org.asOwner);
    expect(plan.limits.ai_credits).toBe(50);
    let used = 0;
    while (used + 20 <= 50) {
      expect((await ask(20)).statusCode).toBe(200);
      used += 20;
    }
    const beyond = await ask(50 - used + 1);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().errors).toEqual({ count: 'packages.ai_credit_limit' });
    // What is left can still be asked for; then nothing.
    expect((await ask(50 - used)).statusCode).toBe(200);
    expect((await ask(1)).statusCode).toBe(409);
    expect((await ok('GET', '/educator/package', undefined, org.asOwner)).usage.ai_credits).toBe(50);
    // The platform's own generation has no such limit.
    expect(
      (
        await api('POST', '/admin/ai/jobs', {
          format_id: part5,
          task: 'vocabulary',
          count: 20,
          provider: 'builtin',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('bulk review', () => {
  it('approves or rejects several drafts in one request; another organization’s id changes nothing', async () => {
    const orgA = await createOrganization(harness.app);
    const orgB = await createOrganization(harness.app);
    const jobA = await ok(
      'POST',
      '/educator/ai/jobs',
      { format_id: part5, task: 'vocabulary', count: 4, provider: 'builtin', seed: 11 },
      orgA.asOwner,
    );
    const jobB = await ok(
      'POST',
      '/educator/ai/jobs',
      { format_id: part5, task: 'vocabulary', count: 1, provider: 'builtin', seed: 12 },
      orgB.asOwner,
    );
    await finished('/educator', jobA.id, orgA.asOwner);
    await finished('/educator', jobB.id, orgB.asOwner);
    const drafts = (await ok('GET', '/educator/ai/drafts', undefined, orgA.asOwner)).items as {
      id: string;
    }[];
    const [other] = (await ok('GET', '/educator/ai/drafts', undefined, orgB.asOwner)).items as {
      id: string;
    }[];
    const [d0, d1, d2, d3] = drafts.map((draft) => draft.id) as [string, string, string, string];
    const bulk = (body: unknown, headers = orgA.asOwner) =>
      api('POST', '/educator/ai/drafts/bulk', body, headers);

    // One id of another organization: the whole request is a 404 and nothing changes.
    const mixed = await bulk({ ids: [d0, other!.id], action: 'approve' });
    expect(mixed.statusCode).toBe(404);
    const pending = (await ok('GET', '/educator/ai/drafts?status=pending_review', undefined, orgA.asOwner))
      .total;
    expect(pending).toBe(4);
    expect((await ok('GET', `/educator/ai/drafts/${other!.id}`, undefined, orgB.asOwner)).status).toBe(
      'pending_review',
    );

    // Validation names the field.
    const empty = await bulk({ ids: [], action: 'approve' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toContain('ids');
    const noReason = await bulk({ ids: [d2], action: 'reject' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: 'common.required_field' });

    // A reader may not review in bulk.
    const reader = await createOrganizationStaff(harness.app, orgA.id, ['view_question']);
    expect((await bulk({ ids: [d0], action: 'approve' }, reader.headers)).statusCode).toBe(403);
    // update_question alone may reject but not approve (approving creates questions).
    const editor = await createOrganizationStaff(harness.app, orgA.id, ['view_question', 'update_question']);
    expect((await bulk({ ids: [d0], action: 'approve' }, editor.headers)).statusCode).toBe(403);

    expect(
      await ok('POST', '/educator/ai/drafts/bulk', { ids: [d0, d1], action: 'approve' }, orgA.asOwner),
    ).toEqual({ action: 'approve', changed: 2, skipped: 0 });
    expect(
      await ok(
        'POST',
        '/educator/ai/drafts/bulk',
        { ids: [d1, d2, d3], action: 'reject', reason: 'Trùng' },
        editor.headers,
      ),
    ).toEqual({ action: 'reject', changed: 2, skipped: 1 });
    const after = (await ok('GET', '/educator/ai/drafts', undefined, orgA.asOwner)).items as {
      id: string;
      status: string;
      question_id: string | null;
      reject_reason: string | null;
    }[];
    const byId = new Map(after.map((draft) => [draft.id, draft]));
    expect(byId.get(d0)).toMatchObject({ status: 'approved' });
    expect(byId.get(d0)!.question_id).toBeTruthy();
    expect(byId.get(d1)).toMatchObject({ status: 'approved' });
    expect(byId.get(d2)).toMatchObject({ status: 'rejected', reject_reason: 'Trùng' });
    // The approved drafts are questions in the organization's bank.
    const question = await ok(
      'GET',
      `/educator/questions/${byId.get(d0)!.question_id}`,
      undefined,
      orgA.asOwner,
    );
    expect(question.id).toBe(byId.get(d0)!.question_id);
  });
});
