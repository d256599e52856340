import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/helpers';
import { questionGroups, questions } from '../../db/schema';
import { seedDatabase } from '../../seed';
import { examStructureStep } from '../../seed/exam-structure';
import { writeXlsx } from './formats/xlsx';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/import');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let harness: Awaited<ReturnType<typeof createTestApp>>;
let asAdmin: Record<string, string>;
const ids = {} as {
  part5: string;
  ielts: string;
  allA: string;
  allB: string;
  types: Record<string, string>;
  b1: string;
};

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = asAdmin) {
  return harness.app.inject({ method, url: `/api${url}`, headers, payload });
}

/** A multipart body with form fields and one file. */
function form(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const boundary = `----prepwise${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function send(
  action: 'preview' | 'import',
  name: string,
  bytes: Uint8Array,
  fields: Record<string, string>,
  headers = asAdmin,
) {
  const body = form(fields, { name, bytes });
  return harness.app.inject({
    method: 'POST',
    url: action === 'preview' ? '/api/admin/question-bank/import/preview' : '/api/admin/question-bank/import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function counts() {
  const db = harness.database.db;
  const [q] = await db.select({ n: count() }).from(questions);
  const [g] = await db.select({ n: count() }).from(questionGroups);
  return { questions: Number(q!.n), groups: Number(g!.n) };
}

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
  const toeic = (await detail('toeic')).exams[0];
  ids.part5 = toeic.formats[4].id;
  ids.ielts = (await detail('ielts')).exams[0].formats[0].id;
  const newFormat = async (name: string) => {
    const response = await api('POST', `/admin/exams/${toeic.id}/formats`, {
      name,
      skill: 'reading',
      question_count: 100,
      score_section: 'reading',
      position: 20,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.id as string;
  };
  ids.allA = await newFormat('All kinds A');
  ids.allB = await newFormat('All kinds B');
  const types = (await api('GET', '/admin/question-types?pageSize=50')).json().result.items as {
    id: string;
    answer_kind: string;
  }[];
  ids.types = {};
  for (const type of types) ids.types[type.answer_kind] ??= type.id;
  ids.b1 = (await api('GET', '/admin/levels?search=B1')).json().result.items[0].id;
});
afterAll(() => harness.close());

describe('templates', () => {
  it('downloads the XLSX and CSV templates, and each imports as it is', async () => {
    for (const ext of ['xlsx', 'csv']) {
      const response = await api('GET', `/admin/question-bank/import/template.${ext}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(`prepwise-import-template.${ext}`);
      const before = await counts();
      const imported = await send('import', `template.${ext}`, response.rawPayload, { format_id: ids.allA });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().result).toMatchObject({ question_count: 3, group_count: 1 });
      expect((await counts()).questions).toBe(before.questions + 3);
    }
    const xlsx = await api('GET', '/admin/question-bank/import/template.xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('CSV and XLSX', () => {
  it('previews a good CSV without saving, then imports everything with the chosen level and tags', async () => {
    const before = await counts();
    const preview = await send('preview', 'good.csv', fixture('good.csv'), {
      format_id: ids.allA,
      tags: 'imported',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().result;
    expect(result).toMatchObject({
      valid: true,
      item_count: 7,
      question_count: 8,
      group_count: 1,
      errors: {},
    });
    expect(result.items[0]).toMatchObject({
      location: 'line 2',
      questions: [{ answer_kind: 'single_choice', options_count: 4, answer_summary: 'A' }],
    });
    expect(result.items[2]).toMatchObject({ kind: 'group', title: 'Library notice' });
    expect(await counts()).toEqual(before);

    const imported = await send('import', 'good.csv', fixture('good.csv'), {
      format_id: ids.allA,
      tags: 'imported',
      level_id: ids.b1,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().result).toMatchObject({ question_count: 8, group_count: 1 });
    const first = (await api('GET', `/admin/questions/${imported.json().result.question_ids[0]}`)).json()
      .result;
    expect(first).toMatchObject({
      stem: 'The meeting has been postponed ______ next Monday.',
      answer: { key: 'A' },
      explanation_en: '"until" marks the end point.',
      level: { code: 'B1' },
    });
    expect(first.tags).toEqual(expect.arrayContaining(['grammar', 'prepositions', 'imported']));
    const matching = (await api('GET', `/admin/questions/${imported.json().result.question_ids[2]}`)).json()
      .result;
    expect(matching.items).toEqual([
      { key: '1', content: 'big' },
      { key: '2', content: 'fast' },
    ]);
    expect(matching.answer).toEqual({ pairs: { 1: 'A', 2: 'B' } });
    expect((await counts()).questions).toBe(before.questions + 8);
  });

  it('names the line and field of each bad row and saves nothing', async () => {
    const before = await counts();
    const preview = await send('preview', 'bad.csv', fixture('bad.csv'), { format_id: ids.allA });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().result.valid).toBe(false);
    expect(preview.json().result.errors).toEqual({
      'items.1.answer': 'question.answer_unknown_option',
      'items.2.type': 'import.unknown_type',
      'items.3.answer': 'import.missing_answer',
      'items.4.level': 'import.unknown_level',
    });
    const imported = await send('import', 'bad.csv', fixture('bad.csv'), { format_id: ids.allA });
    expect(imported.statusCode).toBe(422);
    expect(imported.json()).toMatchObject({ key: 'VALIDATION_FAILED' });
    expect(imported.json().errors['items.1.answer']).toBeDefined();
    expect(imported.json().message).toContain('line 3');
    expect(imported.json().message).toContain('line 4');
    expect(await counts()).toEqual(before);
  });

  it('answers 422 naming the line of a CSV that cannot be parsed', async () => {
    const response = await send('import', 'broken.csv', fixture('broken.csv'), { format_id: ids.allA });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: 'import.malformed_file' });
    expect(response.json().message).toMatch(/line 2/);
  });

  it('names the row of a bad XLSX row and saves nothing', async () => {
    const before = await counts();
    const bytes = writeXlsx([
      {
        name: 'Questions',
        rows: [
          ['type', 'stem', 'A', 'B', 'answer'],
          ['single_choice', 'Fine', 'yes', 'no', 'A'],
          ['multiple_choice', 'Bad answer', 'yes', 'no', 'C'],
        ],
      },
    ]);
    const response = await send('import', 'bad.xlsx', bytes, { format_id: ids.allA });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'items.1.answer': 'question.answer_unknown_option' });
    expect(response.json().message).toContain('row 3');
    expect(await counts()).toEqual(before);
  });

  it('refuses kinds the exam part does not allow', async () => {
    const response = await send('preview', 'good.csv', fixture('good.csv'), { format_id: ids.part5 });
    expect(response.json().result.errors['items.1.type']).toBe('question.type_not_allowed');
  });
});

describe('GIFT', () => {
  it('reads every question kind, escapes, titles, comments and categories', async () => {
    const response = await send('import', 'good.gift', fixture('good.gift'), { format_id: ids.allA });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.question_count).toBe(9);
    expect(result.warnings).toEqual([expect.stringContaining('line 30')]);
    const loaded = await Promise.all(
      result.question_ids.map(
        async (id: string) => (await api('GET', `/admin/questions/${id}`)).json().result,
      ),
    );
    expect(loaded.map((q) => q.question_type.answer_kind)).toEqual([
      'single_choice',
      'multiple_choice',
      // GIFT's {T}/{F} is a true/false question: a choice of two, never with a "Not Given" (issue 13).
      'single_choice',
      'short_answer',
      'matching',
      'essay',
      'gap_fill',
      'single_choice',
      'short_answer',
    ]);
    expect(loaded[2].options.map((option: { content: string }) => option.content)).toEqual(['True', 'False']);
    expect(loaded[2].answer).toEqual({ key: 'A' });
    expect(loaded[0]).toMatchObject({ answer: { key: 'A' }, tags: ['grammar', 'tenses'] });
    expect(loaded[1].answer).toEqual({ keys: ['A', 'B'] });
    expect(loaded[4].answer).toEqual({ pairs: { 1: 'A', 2: 'B', 3: 'C' } });
    expect(loaded[6]).toMatchObject({
      stem: 'I have lived here ______ 2019.',
      answer: { accepted: ['since', 'from'] },
    });
    expect(loaded[7].stem).toBe('What does 2 + 2 = ? Use {braces}.');
    expect(loaded[7].explanation_en).toBe('Two plus two is four = 4.');
    expect(loaded[8].answer).toEqual({ accepted: ['7'] });
  });

  it('names the line of broken questions and saves nothing', async () => {
    const before = await counts();
    const response = await send('import', 'bad.gift', fixture('bad.gift'), { format_id: ids.allA });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['items.1.answer', 'items.2.answer']);
    expect(response.json().message).toContain('line 3');
    expect(response.json().message).toContain('line 5');
    expect(await counts()).toEqual(before);
  });
});

describe('Aiken', () => {
  it('imports a good file', async () => {
    const response = await send('import', 'good.aiken.txt', fixture('good.aiken.txt'), {
      format_id: ids.part5,
      format: 'aiken',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.question_count).toBe(2);
    const q = (await api('GET', `/admin/questions/${response.json().result.question_ids[0]}`)).json().result;
    expect(q).toMatchObject({ stem: 'What is the capital of Vietnam?', answer: { key: 'B' } });
    expect(q.options).toHaveLength(4);
  });

  it('names the line of questions without a usable answer', async () => {
    const before = await counts();
    const response = await send('import', 'bad.aiken.txt', fixture('bad.aiken.txt'), {
      format_id: ids.part5,
      format: 'aiken',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'items.1.answer': 'import.missing_answer',
      'items.2.answer': 'import.invalid_answer',
    });
    expect(response.json().message).toContain('line 6');
    expect(response.json().message).toContain('line 13');
    expect(await counts()).toEqual(before);
  });
});

describe('Moodle XML', () => {
  it('imports choice, true/false, short answer, numerical, matching and essay; skips descriptions', async () => {
    const response = await send('import', 'good-moodle.xml', fixture('good-moodle.xml'), {
      format_id: ids.allA,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.question_count).toBe(7);
    expect(result.warnings).toEqual([expect.stringContaining('question 9 "Info"')]);
    const loaded = await Promise.all(
      result.question_ids.map(
        async (id: string) => (await api('GET', `/admin/questions/${id}`)).json().result,
      ),
    );
    expect(loaded.map((q) => q.question_type.answer_kind)).toEqual([
      'single_choice',
      'multiple_choice',
      // Moodle's truefalse: True or False, no "Not Given" (issue 13); the key is kept.
      'single_choice',
      'short_answer',
      'short_answer',
      'matching',
      'essay',
    ]);
    expect(loaded[2]).toMatchObject({ answer: { key: 'A' } });
    expect(loaded[2].options.map((option: { content: string }) => option.content)).toEqual(['True', 'False']);
    expect(loaded[0]).toMatchObject({ answer: { key: 'A' }, tags: ['reading', 'part 5'] });
    expect(loaded[0].explanation_en).toBe('<p>"by" + deadline.</p>');
    expect(loaded[1].answer).toEqual({ keys: ['A', 'B'] });
    expect(loaded[5].options.map((o: { content: string }) => o.content)).toEqual(['cold', 'down', 'left']);
    expect(loaded[6].answer).toEqual({ guidance: 'At least 120 words.' });
  });

  it('previews the text of HTML stems as a reader sees it', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Entities</text></name>
    <questiontext format="html"><text><![CDATA[<p>Caf&eacute; <b>au</b> lait&nbsp;&amp; <i>crois</i>sants.</p><p>Which&nbsp;word is French?</p>]]></text></questiontext>
    <single>true</single>
    <answer fraction="100"><text>café</text></answer>
    <answer fraction="0"><text>tea</text></answer>
  </question>
</quiz>`;
    const preview = await send('preview', 'entities.xml', Buffer.from(xml), { format_id: ids.allA });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().result.items[0].questions[0]).toMatchObject({
      stem_text: 'Café au lait & croissants. Which word is French?',
      answer_kind: 'single_choice',
    });
  });

  it('names the question of bad entries, and the line of broken XML', async () => {
    const before = await counts();
    const bad = await send('import', 'bad-moodle.xml', fixture('bad-moodle.xml'), { format_id: ids.allA });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'items.1.answer': 'import.invalid_answer',
      'items.2.type': 'import.unsupported_question',
    });
    expect(bad.json().message).toContain('question 2 "No correct"');
    const broken = await send('import', 'broken-moodle.xml', fixture('broken-moodle.xml'), {
      format_id: ids.allA,
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toMatch(/line \d+/);
    expect(await counts()).toEqual(before);
  });
});

describe('QTI', () => {
  it('imports QTI 3.0 and QTI 2.1 single items', async () => {
    const choice = await send('import', 'choice.xml', fixture('qti3-choice.xml'), { format_id: ids.allA });
    expect(choice.statusCode, choice.body).toBe(200);
    const q = (await api('GET', `/admin/questions/${choice.json().result.question_ids[0]}`)).json().result;
    expect(q).toMatchObject({
      stem: '<p>Which city is the capital of Australia?</p>',
      answer: { key: 'ChoiceB' },
    });
    expect(q.options.map((o: { content: string }) => o.content)).toEqual(['Sydney', 'Canberra', 'Melbourne']);

    const gap = await send('import', 'gap.xml', fixture('qti21-text-entry.xml'), { format_id: ids.allA });
    expect(gap.statusCode, gap.body).toBe(200);
    const g = (await api('GET', `/admin/questions/${gap.json().result.question_ids[0]}`)).json().result;
    expect(g).toMatchObject({
      question_type: { answer_kind: 'gap_fill' },
      stem: '<p>Yesterday I ______ to the market.</p>',
      answer: { accepted: ['went', 'Went'] },
    });

    const order = await send('import', 'order.xml', fixture('qti21-order.xml'), {
      format_id: ids.allA,
      format: 'qti',
    });
    expect(order.statusCode, order.body).toBe(200);
    const o = (await api('GET', `/admin/questions/${order.json().result.question_ids[0]}`)).json().result;
    expect(o).toMatchObject({
      question_type: { answer_kind: 'ordering' },
      answer: { order: ['C', 'A', 'B'] },
    });
    expect(o.stem).toContain('Put the words in order');
  });

  it('names the item of an unsupported interaction and saves nothing', async () => {
    const before = await counts();
    const response = await send('import', 'hotspot.xml', fixture('qti21-unsupported.xml'), {
      format_id: ids.allA,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'items.0.type': 'import.unsupported_question' });
    expect(response.json().message).toContain('item 1 "q21-hotspot"');
    expect(await counts()).toEqual(before);
  });
});

/** What each item of a preview says: its reason keys and warning keys, by location. */
type PreviewItem = {
  location: string;
  title: string | null;
  errors: Record<string, string>;
  warnings: { key: string; message: string }[];
  questions: {
    answer_kind: string;
    answer_summary: string;
    options: { key: string; text: string }[];
  }[];
};
const reasons = (items: PreviewItem[]) =>
  Object.fromEntries(items.map((item) => [item.location, Object.values(item.errors)]));
const loadAll = (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await api('GET', `/admin/questions/${id}`)).json().result));

describe('never a wrong key (issue 13)', () => {
  it('GIFT weights: partial and zero-weight answers never become correct; 100% is plain correct', async () => {
    const before = await counts();
    const preview = await send('preview', 'weights.gift', fixture('weights.gift'), { format_id: ids.allA });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().result;
    expect(result.valid).toBe(false);
    expect(result.valid_count).toBe(4);
    expect(reasons(result.items)).toEqual({
      'line 2': ['import.partial_credit'],
      'line 4': [],
      'line 6': [],
      'line 8': ['import.partial_credit'],
      'line 10': [],
      'line 12': ['import.partial_credit'],
      'line 14': [],
      'line 16': ['import.partial_credit'],
      'line 18': ['import.alternative_correct'],
    });
    const byLine = (line: number) =>
      result.items.find((item: PreviewItem) => item.location === `line ${line}`) as PreviewItem;
    expect(byLine(2).errors).toEqual({ 'items.0.answer': 'import.partial_credit' });
    // A refused item is named by its title, since none of it is read.
    expect(result.items[0].title).toBe('W1 partial only');
    expect(byLine(4).title).toBeNull();
    expect(result.errors['items.0.answer']).toBe('import.partial_credit');
    expect(byLine(6).questions[0]).toMatchObject({ answer_kind: 'single_choice', answer_summary: 'A' });
    expect(byLine(10).questions[0]).toMatchObject({
      answer_kind: 'multiple_choice',
      answer_summary: 'A, B',
      options: [
        { key: 'A', text: 'red' },
        { key: 'B', text: 'blue' },
        { key: 'C', text: 'table' },
      ],
    });
    expect(byLine(14).warnings.map((warning) => warning.key)).toEqual(['import.feedback_not_kept']);

    // All or nothing by default: one refused item blocks the file, and says why.
    const strict = await send('import', 'weights.gift', fixture('weights.gift'), { format_id: ids.allA });
    expect(strict.statusCode).toBe(422);
    expect(strict.json().errors['items.3.answer']).toBe('import.partial_credit');
    expect(strict.json().message).toContain('line 8: the answer "goed" is worth 50%');
    expect(await counts()).toEqual(before);

    // skip_invalid: the valid items are saved, the others listed with their reasons.
    const response = await send('import', 'weights.gift', fixture('weights.gift'), {
      format_id: ids.allA,
      skip_invalid: 'true',
    });
    expect(response.statusCode, response.body).toBe(200);
    const done = response.json().result;
    expect(done.question_count).toBe(4);
    expect(
      done.skipped.map((item: { index: number; location: string; errors: Record<string, string> }) => [
        item.index,
        item.location,
        Object.values(item.errors),
      ]),
    ).toEqual([
      [0, 'line 2', ['import.partial_credit']],
      [3, 'line 8', ['import.partial_credit']],
      [5, 'line 12', ['import.partial_credit']],
      [7, 'line 16', ['import.partial_credit']],
      [8, 'line 18', ['import.alternative_correct']],
    ]);
    expect(await counts()).toEqual({ ...before, questions: before.questions + 4 });
    const loaded = await loadAll(done.question_ids);
    expect(loaded.map((q) => [q.question_type.answer_kind, q.answer])).toEqual([
      ['single_choice', { key: 'A' }],
      // One right answer written "~%100%": still a single choice, not "select all".
      ['single_choice', { key: 'A' }],
      ['multiple_choice', { keys: ['A', 'B'] }],
      // The 0% wildcard is a wrong answer: only "cat" is accepted.
      ['short_answer', { accepted: ['cat'] }],
    ]);
    expect(loaded[1].options.map((option: { content: string }) => option.content)).toEqual([
      'Hanoi',
      'Hue',
      'Da Lat',
    ]);
    expect(loaded[0].source_note).toBe('W2 weighted full');
  });

  it('refuses a file of refused items even with skip_invalid, saving nothing', async () => {
    const before = await counts();
    const only = new TextEncoder().encode('::Half:: Which animal purrs? {=%50%Cat ~Dog}\n');
    const response = await send('import', 'half.gift', only, { format_id: ids.allA, skip_invalid: 'true' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'items.0.answer': 'import.partial_credit' });
    expect(await counts()).toEqual(before);
  });

  it('GIFT numbers: tolerance, ranges and partial numbers are refused one by one; exact numbers import', async () => {
    const preview = await send('preview', 'numeric.gift', fixture('numeric.gift'), { format_id: ids.allA });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().result;
    expect(reasons(result.items)).toEqual({
      'line 2': ['import.numeric_tolerance'],
      'line 4': ['import.numeric_range'],
      'line 6': ['import.numeric_tolerance'],
      'line 8': ['import.partial_credit'],
      'line 10': [],
      'line 12': [],
    });
    expect(result.items[0].messages[0]).toContain('3.1415 accepts ±0.0005');
    expect(result.items[1].messages[0]).toContain('range 1..5');
    const response = await send('import', 'numeric.gift', fixture('numeric.gift'), {
      format_id: ids.allA,
      skip_invalid: 'true',
    });
    expect(response.statusCode, response.body).toBe(200);
    const loaded = await loadAll(response.json().result.question_ids);
    expect(loaded.map((q) => [q.question_type.answer_kind, q.answer])).toEqual([
      ['short_answer', { accepted: ['2.50', '2.5'] }],
      ['short_answer', { accepted: ['12'] }],
    ]);
    expect(loaded[1].explanation_en).toBe('<p><strong>12</strong>: Right, twelve.</p>');
  });

  it('GIFT format markers apply to each text: HTML kept sanitized, plain and Markdown escaped; tags, ids, titles and feedback', async () => {
    const preview = await send('preview', 'formats.gift', fixture('formats.gift'), { format_id: ids.allA });
    expect(preview.statusCode, preview.body).toBe(200);
    const items = preview.json().result.items as PreviewItem[];
    expect(items.map((item) => item.warnings.map((warning) => warning.key))).toEqual([
      ['import.id_not_kept'],
      [],
      [],
    ]);
    expect(items[0]!.warnings[0]!.message).toContain('prepwise-77');
    expect(items[0]!.questions[0]!.options.map((option) => option.text)).toEqual([
      'strong',
      '<b>weak</b>',
      '*star*',
    ]);
    const response = await send('import', 'formats.gift', fixture('formats.gift'), { format_id: ids.allA });
    expect(response.statusCode, response.body).toBe(200);
    const [bold, plain, typed] = await loadAll(response.json().result.question_ids);
    expect(bold.stem).toBe('<p>Which word is <b>bold</b>?</p>');
    expect(bold.options).toEqual([
      { key: 'A', content: '<b>strong</b>' },
      { key: 'B', content: '&lt;b&gt;weak&lt;/b&gt;' },
      { key: 'C', content: '*star*' },
    ]);
    expect(bold.answer).toEqual({ key: 'A' });
    expect(bold.tags).toEqual(['verbs', 'a2']);
    expect(bold.source_note).toBe('Bold words');
    expect(bold.explanation_en).toBe(
      '<p><strong>A</strong>: <i>Yes</i>, it is bold.</p><p><strong>B</strong>: No: this is plain text.</p>',
    );
    expect(plain.stem).toBe('Is 1 &lt; 2 &amp; 3 &gt; 2?');
    expect(plain.options.map((option: { content: string }) => option.content)).toEqual(['yes', '&lt;no&gt;']);
    expect(JSON.stringify([bold, plain, typed])).not.toMatch(/\[(html|plain|moodle|markdown)\]/);
    expect(typed.stem).toBe('The <i>plural</i> of "mouse" is …');
    expect(typed.answer).toEqual({ accepted: ['mice'] });
  });

  it('Moodle XML: fractions, tolerance and cloze are refused with their reason; hints flagged; names and feedback kept', async () => {
    const preview = await send('preview', 'weights.xml', fixture('moodle-weights.xml'), {
      format_id: ids.allA,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().result;
    expect(result.items.map((item: PreviewItem) => Object.values(item.errors))).toEqual([
      ['import.partial_credit'],
      ['import.partial_credit'],
      [],
      ['import.partial_credit'],
      ['import.numeric_tolerance'],
      [],
      ['import.cloze_unsupported'],
      [],
    ]);
    expect(result.items[6].errors).toEqual({ 'items.6.type': 'import.cloze_unsupported' });
    expect(result.items[2].warnings.map((warning: { key: string }) => warning.key)).toEqual([
      'import.hints_not_kept',
    ]);
    expect(result.items[7].warnings.map((warning: { key: string }) => warning.key)).toEqual([
      'import.case_not_kept',
    ]);
    const response = await send('import', 'weights.xml', fixture('moodle-weights.xml'), {
      format_id: ids.allA,
      skip_invalid: 'true',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.skipped).toHaveLength(5);
    const [colours, number, capital] = await loadAll(response.json().result.question_ids);
    expect(capital.answer).toEqual({ accepted: ['Hanoi'] });
    expect(colours).toMatchObject({
      answer: { keys: ['A', 'B'] },
      source_note: 'Colours',
      explanation_en: '<p><strong>A</strong>: Red is a colour.</p>',
    });
    expect(colours.question_type.answer_kind).toBe('multiple_choice');
    expect(number.answer).toEqual({ accepted: ['42.0', '42'] });
    expect(number.explanation_en).toBe('<p><strong>42.0</strong>: Well done.</p>');
  });

  it('Moodle XML round trip: a short answer with a blank in its text stays a short answer', async () => {
    const created = await api('POST', '/admin/questions', {
      format_id: ids.allA,
      question_type_id: ids.types.short_answer,
      stem: '<p>"I ______ tea." Which verb is missing?</p>',
      answer: { accepted: ['like'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const exported = await api('POST', '/admin/question-bank/export', {
      format: 'moodle',
      question_ids: [created.json().result.id],
    });
    expect(exported.statusCode).toBe(200);
    const imported = await send('import', 'again.xml', exported.rawPayload, { format_id: ids.allA });
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = await loadAll(imported.json().result.question_ids);
    expect(copy.question_type.answer_kind).toBe('short_answer');
    expect(copy.tags).toEqual([]);
    expect(copy.source_note).toBeNull();
  });

  it('images the importer cannot bring into media are taken out and flagged, never stored broken', async () => {
    const preview = await send('preview', 'images.xml', fixture('moodle-images.xml'), {
      format_id: ids.allA,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const items = preview.json().result.items as PreviewItem[];
    expect(items.map((item) => item.warnings.map((warning) => warning.key))).toEqual([
      ['import.images_not_kept'],
      [],
      ['import.images_not_kept'],
    ]);
    expect(items[0]!.warnings[0]!.message).toContain('2 image(s)');
    expect(items[2]!.warnings[0]!.message).toContain('<image_base64>');
    const response = await send('import', 'images.xml', fixture('moodle-images.xml'), {
      format_id: ids.allA,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [animal] = await loadAll(response.json().result.question_ids);
    expect(animal.stem).not.toContain('@@PLUGINFILE@@');
    expect(animal.stem).toContain('<img src="https://example.org/logo.png" alt="logo" />');
    expect(animal.options[0].content).toBe('Cat');
    expect(animal.answer).toEqual({ key: 'A' });
  });

  it('QTI: inline choices and half-credit mappings are refused with their reason; response feedback flagged', async () => {
    const inline = await send('preview', 'inline.xml', fixture('qti21-inline-choice.xml'), {
      format_id: ids.allA,
    });
    expect(inline.statusCode, inline.body).toBe(200);
    expect(inline.json().result.errors).toEqual({ 'items.0.type': 'import.inline_choice_unsupported' });
    const before = await counts();
    const half = await send('import', 'half.xml', fixture('qti21-half-credit.xml'), { format_id: ids.allA });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({ 'items.0.answer': 'import.partial_credit' });
    expect(half.json().message).toContain('"york" is worth 0.5 of 1');
    expect(await counts()).toEqual(before);
    const feedback = await send('preview', 'fb.xml', fixture('qti21-feedback.xml'), { format_id: ids.allA });
    expect(feedback.statusCode, feedback.body).toBe(200);
    expect(feedback.json().result.items[0].warnings.map((warning: { key: string }) => warning.key)).toEqual([
      'import.feedback_not_kept',
    ]);
    const saved = await send('import', 'fb.xml', fixture('qti21-feedback.xml'), { format_id: ids.allA });
    expect(saved.statusCode, saved.body).toBe(200);
    const [question] = await loadAll(saved.json().result.question_ids);
    expect(question).toMatchObject({ answer: { key: 'R' }, source_note: 'Capital of Italy' });
  });
});

describe('bad uploads', () => {
  it('refuses unknown and mismatched files, missing fields and files that are too large', async () => {
    const unknown = await send('preview', 'notes.pdf', Buffer.from('%PDF-1.4'), { format_id: ids.allA });
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().errors).toEqual({ file: 'import.unsupported_format' });
    const mismatch = await send('preview', 'good.csv', fixture('good.csv'), {
      format_id: ids.allA,
      format: 'xlsx',
    });
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json().errors).toEqual({ file: 'import.format_mismatch' });
    const noFormat = await send('preview', 'good.csv', fixture('good.csv'), {});
    expect(noFormat.statusCode).toBe(422);
    expect(noFormat.json().errors).toEqual({ format_id: 'common.required_field' });
    const wrongPart = await send('preview', 'good.csv', fixture('good.csv'), { format_id: randomUUID() });
    expect(wrongPart.statusCode).toBe(422);
    expect(wrongPart.json().errors).toEqual({ format_id: 'common.invalid_field' });
    const big = await send('preview', 'big.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 0x61), {
      format_id: ids.allA,
    });
    expect(big.statusCode).toBe(413);
    const noFile = form({ format_id: ids.allA });
    const missing = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/question-bank/import/preview',
      headers: { ...asAdmin, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ file: 'import.file_required' });
  });

  it('lets staff with view_test only neither import nor export', async () => {
    const staff = await createAccount(harness.database.db, { scope: 'admin', permissions: ['view_test'] });
    const headers = await authHeader(harness.app, staff, 'admin');
    const preview = await send('preview', 'good.csv', fixture('good.csv'), { format_id: ids.allA }, headers);
    expect(preview.statusCode).toBe(403);
    const template = await api('GET', '/admin/question-bank/import/template.csv', undefined, headers);
    expect(template.statusCode).toBe(403);
    const exported = await api(
      'POST',
      '/admin/question-bank/export',
      { format: 'xlsx', question_ids: [] },
      headers,
    );
    expect(exported.statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------- round trips

type Loaded = {
  question_type: { answer_kind: string };
  stem: string;
  options: { key: string; content: string }[];
  items: { key: string; content: string }[];
  answer: Record<string, unknown> | null;
  explanation_vi: string | null;
  explanation_en: string | null;
};

/** A question by meaning: option order and keys only count where they matter to the answer. */
function meaning(q: Loaded) {
  const kind = q.question_type.answer_kind;
  const content = (key: unknown) => q.options.find((o) => o.key === key)?.content;
  const a = q.answer ?? {};
  const answer =
    kind === 'single_choice'
      ? content(a.key)
      : kind === 'multiple_choice'
        ? (a.keys as string[]).map(content).sort()
        : kind === 'ordering'
          ? (a.order as string[]).map(content)
          : kind === 'matching'
            ? Object.fromEntries(
                Object.entries(a.pairs as Record<string, string>).map(([item, option]) => [
                  q.items.find((i) => i.key === item)?.content,
                  content(option),
                ]),
              )
            : a;
  const options = ['matching', 'ordering'].includes(kind)
    ? q.options.map((o) => o.content).sort()
    : q.options.map((o) => o.content);
  return {
    kind,
    stem: q.stem,
    options,
    items: q.items.map((i) => i.content).sort(),
    answer,
    explanation_vi: q.explanation_vi,
    explanation_en: q.explanation_en,
  };
}

const exact = (q: Loaded) => ({
  kind: q.question_type.answer_kind,
  stem: q.stem,
  options: q.options,
  items: q.items,
  answer: q.answer,
  explanation_vi: q.explanation_vi,
  explanation_en: q.explanation_en,
});

describe('round trips', () => {
  const created = { questions: [] as string[], group: '' };

  beforeAll(async () => {
    const base = {
      format_id: ids.allA,
      level_id: ids.b1,
      explanation_vi: '<p>Giải thích <strong>tiếng Việt</strong> &amp; ví dụ.</p>',
      explanation_en: '<p>English explanation with "quotes" &lt;tags&gt;.</p>',
      tags: ['roundtrip'],
    };
    const bodies = [
      {
        question_type_id: ids.types.single_choice,
        stem: '<p>The new branch will open ______ the renovation is finished.</p>',
        options: [
          { key: 'A', content: 'once' },
          { key: 'B', content: 'during' },
          { key: 'C', content: 'despite' },
          { key: 'D', content: 'between' },
        ],
        answer: { key: 'A' },
      },
      {
        question_type_id: ids.types.multiple_choice,
        stem: '<p>Which TWO are mentioned?</p>',
        options: [
          { key: 'A', content: 'a museum' },
          { key: 'B', content: 'a park' },
          { key: 'C', content: 'a bridge' },
        ],
        answer: { keys: ['A', 'C'] },
      },
      {
        question_type_id: ids.types.true_false_not_given,
        stem: '<p>The library opens on Sundays.</p>',
        answer: { value: 'not_given' },
      },
      {
        question_type_id: ids.types.gap_fill,
        stem: '<p>The museum opens at ______ a.m.</p>',
        answer: { accepted: ['nine', '9'] },
      },
      {
        question_type_id: ids.types.short_answer,
        stem: '<p>Which river runs through the city?</p>',
        answer: { accepted: ['the Red River', 'Red River'] },
      },
      {
        question_type_id: ids.types.matching,
        stem: '<p>Match each person with an opinion.</p>',
        items: [
          { key: '1', content: 'Mai' },
          { key: '2', content: 'Tuấn' },
        ],
        options: [
          { key: 'A', content: 'supports the plan' },
          { key: 'B', content: 'opposes the plan' },
          { key: 'C', content: 'has no opinion' },
        ],
        answer: { pairs: { 1: 'B', 2: 'A' } },
      },
      {
        question_type_id: ids.types.ordering,
        stem: '<p>Put the events in order.</p>',
        options: [
          { key: 'A', content: 'lunch' },
          { key: 'B', content: 'breakfast' },
          { key: 'C', content: 'dinner' },
        ],
        answer: { order: ['B', 'A', 'C'] },
      },
      {
        question_type_id: ids.types.essay,
        stem: '<p>Some people think cities are better places to live. Discuss.</p>',
        answer: { guidance: 'Both views and an opinion; at least 250 words.' },
      },
    ];
    for (const body of bodies) {
      const response = await api('POST', '/admin/questions', { ...base, ...body });
      expect(response.statusCode, response.body).toBe(200);
      created.questions.push(response.json().result.id);
    }
    const group = await api('POST', '/admin/question-groups', {
      format_id: ids.allA,
      level_id: ids.b1,
      title: 'Coral reefs',
      passage:
        '<p>Coral reefs cover less than one percent of the ocean floor.</p><p>They support a quarter of marine species.</p>',
      tags: ['roundtrip'],
      questions: [
        {
          question_type_id: ids.types.true_false_not_given,
          stem: '<p>Coral reefs cover most of the ocean floor.</p>',
          answer: { value: 'false' },
          explanation_en: '<p>Less than one percent.</p>',
        },
        {
          question_type_id: ids.types.single_choice,
          stem: '<p>What share of marine species do reefs support?</p>',
          options: [
            { key: 'A', content: 'a tenth' },
            { key: 'B', content: 'a quarter' },
          ],
          answer: { key: 'B' },
        },
      ],
    });
    expect(group.statusCode, group.body).toBe(200);
    created.group = group.json().result.id;
  });

  const load = async (result: { question_ids: string[]; group_ids: string[] }) => ({
    questions: await Promise.all(
      result.question_ids.map(
        async (id) => (await api('GET', `/admin/questions/${id}`)).json().result as Loaded,
      ),
    ),
    groups: await Promise.all(
      result.group_ids.map(async (id) => (await api('GET', `/admin/question-groups/${id}`)).json().result),
    ),
  });

  for (const [format, filename, strict] of [
    ['xlsx', 'export.xlsx', true],
    ['moodle', 'export.xml', false],
    ['qti3', 'export.zip', true],
  ] as const) {
    it(`exports to ${format} and imports the same questions back`, async () => {
      const exported = await api('POST', '/admin/question-bank/export', {
        format,
        question_ids: created.questions,
        group_ids: [created.group],
      });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(
        /^attachment; filename="prepwise-questions-.*"$/,
      );
      const before = await counts();
      const imported = await send('import', filename, exported.rawPayload, { format_id: ids.allB });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().result).toMatchObject({ question_count: 10, group_count: 1 });
      expect(await counts()).toEqual({ questions: before.questions + 10, groups: before.groups + 1 });

      const original = await load({ question_ids: created.questions, group_ids: [created.group] });
      const copy = await load(imported.json().result);
      const compare: (q: Loaded) => unknown = strict ? exact : meaning;
      expect(copy.questions.map(compare)).toEqual(original.questions.map(compare));
      expect(copy.groups.map((g) => ({ title: g.title, passage: g.passage }))).toEqual(
        original.groups.map((g) => ({ title: g.title, passage: g.passage })),
      );
      expect(copy.groups[0].questions.map(compare)).toEqual(original.groups[0].questions.map(compare));
      expect(copy.groups[0].format.id).toBe(ids.allB);
      // Tags come back with the questions and the group (QTI: as the manifest's LOM keywords).
      const tagsOf = (rows: { tags: string[] }[]) => rows.map((row) => [...row.tags].sort());
      expect(tagsOf(copy.questions as never)).toEqual(tagsOf(original.questions as never));
      expect(tagsOf(copy.groups)).toEqual(tagsOf(original.groups));
    });
  }

  it('exports a whole test, and refuses an empty selection', async () => {
    const empty = await api('POST', '/admin/question-bank/export', { format: 'moodle' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ question_ids: 'export.nothing_selected' });
    const missing = await api('POST', '/admin/question-bank/export', {
      format: 'qti3',
      test_id: randomUUID(),
    });
    expect(missing.statusCode).toBe(404);
  });
});
