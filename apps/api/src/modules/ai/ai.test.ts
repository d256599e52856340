import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { createOrganization, createOrganizationStaff } from '../../../test/isolation/world';
import { seedDatabase } from '../../db/seed';
import { examStructureStep } from '../../db/seed/exam-structure';

/**
 * A local server speaking OpenAI's chat-completions protocol. Each request takes the next behaviour
 * of the script: a valid structured answer, a malformed one, no answer (timeout) or a 429.
 */
type Behaviour = 'ok' | 'malformed' | 'timeout' | '429';
class FakeOpenAi {
  server: Server;
  script: Behaviour[] = [];
  requests: { path: string; body: Record<string, unknown>; authorization?: string }[] = [];
  #hanging: ServerResponse[] = [];
  #count = 0;

  constructor() {
    this.server = createServer((request, response) => void this.#handle(request, response));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop() {
    for (const response of this.#hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body = JSON.parse(raw) as Record<string, unknown>;
    this.requests.push({ path: request.url ?? '', body, authorization: request.headers.authorization });
    const behaviour = this.script.shift() ?? 'ok';
    if (behaviour === 'timeout') {
      this.#hanging.push(response);
      return;
    }
    if (behaviour === '429') {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
      return;
    }
    const n = ++this.#count;
    const content =
      behaviour === 'malformed'
        ? '{"stem": "This answer stops in the mid'
        : JSON.stringify({
            stem: `The supplier agreed to _______ the delivery date by two days (${n}).`,
            options: ['extend', 'extension', 'extensive', 'extensively'],
            correct_option: 0,
            explanation: 'Sau “to” cần một động từ nguyên mẫu: extend.',
          });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
      }),
    );
  }
}

const fake = new FakeOpenAi();
let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
let part5: string;
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
  const levels = (await ok('GET', '/admin/levels?pageSize=50')).items as { id: string; code: string }[];
  b1 = levels.find((level) => level.code === 'B1')!.id;
});
afterAll(async () => {
  await harness.close();
  await fake.stop();
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
});
