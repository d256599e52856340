import { ANSWER_KINDS, type AnswerKind, IMPORT_KEYS } from '@prepwise/contract';
import type { ItemProblem, Keyed, ParsedEntry, ParsedQuestion, ParseResult } from '../model';

/** The columns of the CSV/XLSX layout, in template order. */
export const OPTION_COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const COLUMNS = [
  'group',
  'passage',
  'type',
  'stem',
  ...OPTION_COLUMNS,
  'items',
  'answer',
  'explanation_vi',
  'explanation_en',
  'level',
  'tags',
] as const;
type Column = (typeof COLUMNS)[number];

/** A row of cells with the line (CSV) or row number (XLSX) it came from. */
export interface SourceRow {
  number: number;
  cells: string[];
}

/** How the answer column is written for each type; the template's second sheet shows this. */
export const ANSWER_SYNTAX: [AnswerKind, string, string][] = [
  ['single_choice', 'The key of the correct option', 'B'],
  ['multiple_choice', 'The keys of all correct options, separated by commas', 'A,C'],
  ['true_false_not_given', 'true, false or not_given (also T, F, NG, "not given")', 'not_given'],
  ['gap_fill', 'Every accepted answer, separated by |', 'twenty | 20'],
  ['short_answer', 'Every accepted answer, separated by |', 'the library | library'],
  [
    'matching',
    'Put the items to match in the "items" column, one per line as "1. text"; the options in A..H. Answer: item=option pairs separated by ;',
    '1=C; 2=A; 3=B',
  ],
  [
    'ordering',
    'Put the parts in A..H; answer: their keys in the correct order, separated by commas',
    'C,A,D,B',
  ],
  ['essay', 'Optional guidance for the marker (free text), or leave empty', 'Mention both views.'],
];

export const TABLE_NOTES = [
  'One question per row. The first row holds the column names; column order does not matter.',
  'group: rows with the same group name next to each other form one group (a passage with its questions); leave empty for single questions.',
  'passage: the passage (or text) of a group, on its first row.',
  'stem, options, explanations and passage accept plain text or simple HTML.',
  'level: a level code such as B1 (optional; the level chosen on import applies when empty).',
  'tags: comma separated.',
];

const KIND_ALIASES: Record<string, AnswerKind> = {
  mcq: 'single_choice',
  single: 'single_choice',
  multiple: 'multiple_choice',
  tfng: 'true_false_not_given',
  truefalse: 'true_false_not_given',
  gap: 'gap_fill',
  short: 'short_answer',
  match: 'matching',
  order: 'ordering',
};

const problem = (field: string, key: string, message: string): ItemProblem => ({ field, key, message });

export function parseKind(value: string): AnswerKind | null {
  const normalized = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((ANSWER_KINDS as readonly string[]).includes(normalized)) return normalized as AnswerKind;
  return KIND_ALIASES[normalized.replace(/_/g, '')] ?? null;
}

const list = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

export function parseTfng(value: string): 'true' | 'false' | 'not_given' | null {
  const normalized = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (['true', 't', 'yes', 'y'].includes(normalized)) return 'true';
  if (['false', 'f', 'no', 'n'].includes(normalized)) return 'false';
  if (['notgiven', 'ng'].includes(normalized)) return 'not_given';
  return null;
}

/** Reads the answer column for a kind; answers `null` when it cannot be read. */
export function parseAnswerCell(kind: AnswerKind, raw: string): unknown {
  const value = raw.trim();
  switch (kind) {
    case 'single_choice':
      return value ? { key: value.toUpperCase() } : null;
    case 'multiple_choice': {
      const keys = list(value.toUpperCase(), /[\s,;]+/);
      return keys.length ? { keys } : null;
    }
    case 'true_false_not_given': {
      const parsed = parseTfng(value);
      return parsed ? { value: parsed } : null;
    }
    case 'gap_fill':
    case 'short_answer': {
      const accepted = list(value, /\|/);
      return accepted.length ? { accepted } : null;
    }
    case 'matching': {
      const pairs: Record<string, string> = {};
      for (const part of list(value, /[;\n,]+/)) {
        const match = /^(.+?)\s*(?:->|=|:)\s*(.+)$/.exec(part);
        if (!match) return null;
        pairs[match[1]!.trim()] = match[2]!.trim().toUpperCase();
      }
      return Object.keys(pairs).length ? { pairs } : null;
    }
    case 'ordering': {
      const order = list(value.toUpperCase(), /[\s,;]+/);
      return order.length ? { order } : null;
    }
    case 'essay':
      return value ? { guidance: value } : null;
    case 'speaking':
      return speakingCell(value);
  }
}

/** A speaking question's settings in one cell, as `answerCell` writes them: JSON. */
function speakingCell(value: string): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** The answer column for an answer (keys already as in the row). */
export function answerCell(kind: AnswerKind, answer: unknown): string {
  const a = (answer ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'single_choice':
      return String(a.key ?? '');
    case 'multiple_choice':
      return ((a.keys as string[]) ?? []).join(',');
    case 'true_false_not_given':
      return String(a.value ?? '');
    case 'gap_fill':
    case 'short_answer':
      return ((a.accepted as string[]) ?? []).join(' | ');
    case 'matching':
      return Object.entries((a.pairs as Record<string, string>) ?? {})
        .map(([item, option]) => `${item}=${option}`)
        .join('; ');
    case 'ordering':
      return ((a.order as string[]) ?? []).join(',');
    case 'essay':
      return typeof a.guidance === 'string' ? a.guidance : '';
    case 'speaking':
      return JSON.stringify(a);
  }
}

const ITEM_LINE = /^([A-Za-z0-9]{1,8})[.)]\s+([\s\S]*)$/;

function parseItems(value: string): Keyed[] {
  return list(value, /\r?\n/).map((line, index) => {
    const match = ITEM_LINE.exec(line);
    return match ? { key: match[1]!, content: match[2]!.trim() } : { key: String(index + 1), content: line };
  });
}

type Cells = Partial<Record<Column, string>>;

function questionOfRow(cells: Cells, location: string, problems: ItemProblem[], prefix: string) {
  const rawType = cells.type ?? '';
  const kind = parseKind(rawType);
  if (!kind) {
    problems.push(
      problem(
        `${prefix}type`,
        IMPORT_KEYS.unknownType,
        `${location}: type "${rawType}" is not one of ${ANSWER_KINDS.join(', ')}`,
      ),
    );
    return null;
  }
  const options = OPTION_COLUMNS.flatMap((key) => {
    const content = (cells[key] ?? '').trim();
    return content ? [{ key, content }] : [];
  });
  const answerRaw = cells.answer ?? '';
  const answer = parseAnswerCell(kind, answerRaw);
  if (answer === null && kind !== 'essay') {
    problems.push(
      problem(
        `${prefix}answer`,
        answerRaw.trim() ? IMPORT_KEYS.invalidAnswer : IMPORT_KEYS.missingAnswer,
        answerRaw.trim()
          ? `${location}: answer "${answerRaw}" cannot be read for ${kind}`
          : `${location}: answer is empty`,
      ),
    );
  }
  const question: ParsedQuestion = {
    kind,
    stem: (cells.stem ?? '').trim(),
    options,
    items: parseItems(cells.items ?? ''),
    answer,
    explanation_vi: (cells.explanation_vi ?? '').trim() || null,
    explanation_en: (cells.explanation_en ?? '').trim() || null,
    tags: list(cells.tags ?? '', /,/),
    level: (cells.level ?? '').trim() || null,
    location,
  };
  return question;
}

/** Turns rows (first = header) into entries: single questions, or groups of consecutive rows. */
export function parseRows(rows: SourceRow[], unit: 'line' | 'row'): ParseResult {
  const warnings: string[] = [];
  const header = rows.find((row) => row.cells.some((cell) => cell.trim()));
  if (!header) return { entries: [], warnings };
  const index = new Map<Column, number>();
  header.cells.forEach((cell, position) => {
    const name = cell.trim();
    const column = COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    if (column) index.set(column, position);
    else if (name) warnings.push(`${unit} ${header.number}: column "${name}" is not used`);
  });
  const entries: ParsedEntry[] = [];
  if (!index.has('type') || !index.has('stem')) {
    entries.push({
      location: `${unit} ${header.number}`,
      problems: [
        problem(
          'header',
          IMPORT_KEYS.malformedFile,
          `${unit} ${header.number}: the header must name the columns "type" and "stem" (see the template)`,
        ),
      ],
    });
    return { entries, warnings };
  }
  type OpenGroup = { name: string; entry: ParsedEntry };
  let openGroup = null as OpenGroup | null;
  for (const row of rows) {
    if (row.number <= header.number || row.cells.every((cell) => !cell.trim())) continue;
    const cells: Cells = {};
    for (const [column, position] of index) cells[column] = row.cells[position] ?? '';
    const location = `${unit} ${row.number}`;
    const groupName = (cells.group ?? '').trim();
    if (groupName && openGroup?.name === groupName && openGroup.entry.group) {
      const group = openGroup.entry.group;
      const prefix = `questions.${group.questions.length}.`;
      const question = questionOfRow(cells, location, openGroup.entry.problems, prefix);
      if (!group.passage && cells.passage?.trim()) group.passage = cells.passage.trim();
      if (question) group.questions.push(question);
      else group.questions.push({ ...emptyOf(location) });
      openGroup.entry.location = `${openGroup.entry.location.split('–')[0]}–${row.number}`;
      continue;
    }
    const problems: ItemProblem[] = [];
    if (groupName) {
      const question = questionOfRow(cells, location, problems, 'questions.0.');
      const entry: ParsedEntry = {
        location,
        problems,
        group: {
          title: groupName,
          passage: (cells.passage ?? '').trim() || null,
          tags: question?.tags ?? [],
          level: question?.level ?? null,
          questions: [question ?? emptyOf(location)],
        },
      };
      entries.push(entry);
      openGroup = { name: groupName, entry };
    } else {
      const question = questionOfRow(cells, location, problems, '');
      entries.push(question ? { location, problems, question } : { location, problems });
      openGroup = null;
    }
  }
  return { entries, warnings };
}

const emptyOf = (location: string): ParsedQuestion => ({
  kind: 'essay',
  stem: '',
  options: [],
  items: [],
  answer: null,
  explanation_vi: null,
  explanation_en: null,
  tags: [],
  level: null,
  location,
});

/** The cells of one question in template order; options are re-keyed A..H and the answer follows. */
export function rowOf(question: ParsedQuestion, group?: { title: string; passage: string | null }) {
  const rekey = new Map(question.options.map((option, position) => [option.key, OPTION_COLUMNS[position]!]));
  const mapKey = (key: string) => rekey.get(key) ?? key;
  const a = (question.answer ?? {}) as Record<string, unknown>;
  let answer: unknown = question.answer;
  if (question.kind === 'single_choice') answer = { key: mapKey(String(a.key)) };
  if (question.kind === 'multiple_choice') answer = { keys: (a.keys as string[]).map(mapKey) };
  if (question.kind === 'ordering') answer = { order: (a.order as string[]).map(mapKey) };
  if (question.kind === 'matching')
    answer = {
      pairs: Object.fromEntries(
        Object.entries(a.pairs as Record<string, string>).map(([item, option]) => [item, mapKey(option)]),
      ),
    };
  const cells: Record<Column, string> = {
    group: group?.title ?? '',
    passage: group?.passage ?? '',
    type: question.kind,
    stem: question.stem,
    A: '',
    B: '',
    C: '',
    D: '',
    E: '',
    F: '',
    G: '',
    H: '',
    items: question.items.map((item) => `${item.key}. ${item.content}`).join('\n'),
    answer: answerCell(question.kind, answer),
    explanation_vi: question.explanation_vi ?? '',
    explanation_en: question.explanation_en ?? '',
    level: question.level ?? '',
    tags: question.tags.join(', '),
  };
  question.options.slice(0, OPTION_COLUMNS.length).forEach((option, position) => {
    cells[OPTION_COLUMNS[position]!] = option.content;
  });
  return COLUMNS.map((column) => cells[column]);
}

export const TEMPLATE_EXAMPLES: string[][] = [
  [
    '',
    '',
    'single_choice',
    'The new branch will open ______ the renovation is finished.',
    'once',
    'during',
    'despite',
    'between',
    '',
    '',
    '',
    '',
    '',
    'A',
    '"once" (một khi) nối hai mệnh đề.',
    '"once" joins two clauses.',
    'B1',
    'grammar, conjunctions',
  ],
  [
    'Library notice',
    'The city library will close at 6 p.m. on Fridays from next month.',
    'true_false_not_given',
    'The library will close earlier on Fridays.',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'not_given',
    'Bài không nói giờ đóng cửa hiện tại.',
    'The notice does not say when it closes now.',
    'B1',
    'reading',
  ],
  [
    'Library notice',
    '',
    'short_answer',
    'At what time will the library close on Fridays?',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '6 p.m. | 6 pm | six',
    '',
    '',
    'B1',
    'reading',
  ],
];
