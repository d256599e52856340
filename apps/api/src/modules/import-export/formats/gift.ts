import { IMPORT_KEYS } from '@prepwise/contract';
import {
  htmlOfText,
  type ItemProblem,
  lettered,
  type ParsedEntry,
  type ParsedQuestion,
  type ParseResult,
  trueFalseChoice,
} from '../model';

/** Splits at unescaped occurrences of the given single characters, keeping the separator with each part. */
function tokens(text: string, starts: string): { mark: string; body: string }[] {
  const parts: { mark: string; body: string }[] = [];
  let current: { mark: string; body: string } | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      if (current) current.body += ch + text[i + 1];
      i++;
      continue;
    }
    if (starts.includes(ch)) {
      current = { mark: ch, body: '' };
      parts.push(current);
    } else if (current) current.body += ch;
    else if (ch.trim()) return [];
  }
  return parts;
}

/** The index of the first unescaped occurrence of `needle`, or -1. */
function indexOfUnescaped(text: string, needle: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(needle, i)) return i;
  }
  return -1;
}

const unescapeGift = (text: string) => text.replace(/\\n/g, '\n').replace(/\\([~=#{}:\\])/g, '$1');

type Markup = 'html' | 'text';

function contentOf(raw: string, markup: Markup): string {
  const text = unescapeGift(raw.trim());
  return markup === 'html' ? text : htmlOfText(text);
}

/** Text and feedback of one answer: "text#feedback". */
function withoutFeedback(body: string) {
  const at = indexOfUnescaped(body, '#');
  return at >= 0 ? body.slice(0, at) : body;
}

interface Block {
  line: number;
  text: string;
}

function blocksOf(source: string): { blocks: Block[]; categories: Map<number, string[]> } {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const blocks: Block[] = [];
  const categories = new Map<number, string[]>();
  let current: Block | null = null;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\s+$/, '');
    const category = /^\s*\$CATEGORY:\s*(.*)$/i.exec(line);
    if (category) {
      categories.set(
        index + 1,
        category[1]!
          .split('/')
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('$') && part.toLowerCase() !== 'top'),
      );
      current = null;
      return;
    }
    if (/^\s*\/\//.test(line)) return;
    if (!line.trim()) {
      current = null;
      return;
    }
    if (!current) {
      current = { line: index + 1, text: line };
      blocks.push(current);
    } else current.text += `\n${line}`;
  });
  return { blocks, categories };
}

function parseBlock(
  block: Block,
  tags: string[],
): { question?: ParsedQuestion; problems: ItemProblem[]; skip?: string } {
  const location = `line ${block.line}`;
  const problems: ItemProblem[] = [];
  const fail = (field: string, key: string, message: string) => {
    problems.push({ field, key, message: `${location}: ${message}` });
    return { problems };
  };
  let text = block.text;
  const title = /^\s*::([\s\S]*?)::/.exec(text);
  if (title) text = text.slice(title[0].length);
  let markup: Markup = 'text';
  const format = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(text);
  if (format) {
    if (format[1]!.toLowerCase() === 'html') markup = 'html';
    text = text.slice(format[0].length);
  }
  const open = indexOfUnescaped(text, '{');
  if (open < 0) return { problems, skip: `${location}: a description without an answer block was skipped` };
  const close = indexOfUnescaped(text, '}', open + 1);
  if (close < 0)
    return fail('answer', IMPORT_KEYS.malformedFile, 'the answer block "{" is never closed by "}"');
  const before = text.slice(0, open).trim();
  const after = text.slice(close + 1).trim();
  const missingWord = after.length > 0;
  const stemText = missingWord ? `${before} ______ ${after}` : before;
  if (!stemText.trim()) return fail('stem', 'common.required_field', 'the question text is empty');
  const stem = contentOf(stemText, markup);
  let inside = text.slice(open + 1, close);
  let explanation: string | null = null;
  const general = indexOfUnescaped(inside, '####');
  if (general >= 0) {
    explanation = contentOf(inside.slice(general + 4), markup) || null;
    inside = inside.slice(0, general);
  }
  const base = {
    stem,
    items: [],
    explanation_vi: null,
    explanation_en: explanation,
    tags,
    level: null,
    location,
  };
  const body = inside.trim();
  if (!body) return { problems, question: { ...base, kind: 'essay', options: [], answer: null } };
  const truth = /^(T|TRUE|F|FALSE)(?:\s*#[\s\S]*)?$/i.exec(body);
  if (truth)
    return {
      problems,
      question: { ...base, ...trueFalseChoice(truth[1]!.toUpperCase().startsWith('T') ? 'true' : 'false') },
    };
  if (body.startsWith('#')) {
    const values = tokens(body.slice(1).trim().startsWith('=') ? body.slice(1) : `=${body.slice(1)}`, '=')
      .map((part) =>
        withoutFeedback(part.body)
          .replace(/^%-?\d+(\.\d+)?%/, '')
          .trim(),
      )
      .map((value) => value.split(':')[0]!.trim())
      .filter(Boolean);
    if (values.length === 0 || values.some((value) => !/^-?\d+(\.\d+)?$/.test(value)))
      return fail('answer', IMPORT_KEYS.invalidAnswer, `numerical answer "${body}" cannot be read`);
    return {
      problems,
      question: { ...base, kind: 'short_answer', options: [], answer: { accepted: values } },
    };
  }
  const parts = tokens(body, '=~');
  if (parts.length === 0)
    return fail(
      'answer',
      IMPORT_KEYS.malformedFile,
      `answers must start with "=" or "~": "${body.slice(0, 60)}"`,
    );
  if (parts.some((part) => indexOfUnescaped(part.body, '->') >= 0)) {
    if (parts.some((part) => part.mark !== '=' || indexOfUnescaped(part.body, '->') < 0))
      return fail(
        'answer',
        IMPORT_KEYS.invalidAnswer,
        'every matching pair must be written "=item -> option"',
      );
    const pairs = parts.map((part) => {
      const arrow = indexOfUnescaped(part.body, '->');
      return {
        item: part.body.slice(0, arrow).trim(),
        option: withoutFeedback(part.body.slice(arrow + 2)).trim(),
      };
    });
    const optionTexts = [...new Set(pairs.map((pair) => pair.option))];
    const options = lettered(optionTexts.map((option) => contentOf(option, markup)));
    const real = pairs.filter((pair) => pair.item);
    const items = real.map((pair, index) => ({
      key: String(index + 1),
      content: contentOf(pair.item, markup),
    }));
    const answer = {
      pairs: Object.fromEntries(
        real.map((pair, index) => [String(index + 1), options[optionTexts.indexOf(pair.option)]!.key]),
      ),
    };
    return { problems, question: { ...base, kind: 'matching', options, items, answer } };
  }
  const answers = parts.map((part) => {
    const weight = /^%(-?\d+(?:\.\d+)?)%/.exec(part.body);
    const textPart = withoutFeedback(weight ? part.body.slice(weight[0].length) : part.body);
    const correct = part.mark === '=' || (weight ? Number(weight[1]) > 0 : false);
    return { text: textPart.trim(), correct, mark: part.mark };
  });
  if (answers.every((answer) => answer.mark === '=')) {
    return {
      problems,
      question: {
        ...base,
        kind: missingWord ? 'gap_fill' : 'short_answer',
        options: [],
        answer: { accepted: answers.map((answer) => unescapeGift(answer.text)) },
      },
    };
  }
  const options = lettered(answers.map((answer) => contentOf(answer.text, markup)));
  const keys = options.filter((_, index) => answers[index]!.correct).map((option) => option.key);
  if (keys.length === 0)
    return fail(
      'answer',
      IMPORT_KEYS.missingAnswer,
      'no answer is marked correct ("=" or a positive %weight%)',
    );
  const multiple = keys.length > 1 || answers.some((answer) => answer.mark === '~' && answer.correct);
  return {
    problems,
    question: {
      ...base,
      kind: multiple ? 'multiple_choice' : 'single_choice',
      options,
      answer: multiple ? { keys } : { key: keys[0] },
    },
  };
}

/** GIFT (Moodle's text format): multiple choice, true/false, short answer, numerical, matching, essay. */
export function parseGift(bytes: Uint8Array): ParseResult {
  const { blocks, categories } = blocksOf(new TextDecoder('utf-8').decode(bytes));
  const entries: ParsedEntry[] = [];
  const warnings: string[] = [];
  const categoryLines = [...categories.keys()].sort((a, b) => a - b);
  for (const block of blocks) {
    const categoryLine = categoryLines.filter((line) => line < block.line).pop();
    const tags = categoryLine ? categories.get(categoryLine)! : [];
    const parsed = parseBlock(block, tags);
    if (parsed.skip) {
      warnings.push(parsed.skip);
      continue;
    }
    entries.push({ location: `line ${block.line}`, problems: parsed.problems, question: parsed.question });
  }
  return { entries, warnings };
}
