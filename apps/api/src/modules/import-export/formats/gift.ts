import { IMPORT_KEYS } from '@prepwise/contract';
import { plainText } from '../../../lib/html';
import {
  escapeXml,
  htmlOfText,
  type ItemNotice,
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

/** The formats GIFT names in a `[format]` marker before a question text, an answer or a feedback. */
type Markup = 'html' | 'moodle' | 'plain' | 'markdown';
const FORMAT_MARKER = /^\s*\[(html|moodle|plain|markdown)\]/i;

/** A text without its format marker, and the format it is in (its own marker, or the question's). */
function formatted(raw: string, fallback: Markup): { text: string; markup: Markup } {
  const marker = FORMAT_MARKER.exec(raw);
  return marker
    ? { text: raw.slice(marker[0].length), markup: marker[1]!.toLowerCase() as Markup }
    : { text: raw, markup: fallback };
}

/**
 * Rich text as stored: HTML kept (the question service sanitizes it), Moodle's auto-format keeps HTML and
 * turns line breaks into <br />; plain text and Markdown are escaped, so their characters read as typed.
 */
function contentOf(raw: string, fallback: Markup): string {
  const { text, markup } = formatted(raw, fallback);
  const value = unescapeGift(text.trim());
  if (markup === 'html') return value;
  if (markup === 'moodle') return value.replace(/\r?\n/g, '<br />');
  return htmlOfText(value);
}

/** A typed answer (short answer, missing word): plain text whatever its format. */
function typedOf(raw: string, fallback: Markup): string {
  const { text, markup } = formatted(raw, fallback);
  const value = unescapeGift(text.trim());
  return markup === 'html' || markup === 'moodle' ? plainText(value) : value;
}

/** Text and feedback of one answer: "text#feedback". */
function splitFeedback(body: string): { text: string; feedback: string | null } {
  const at = indexOfUnescaped(body, '#');
  if (at < 0) return { text: body, feedback: null };
  const feedback = body.slice(at + 1).trim();
  return { text: body.slice(0, at), feedback: feedback || null };
}

const WEIGHT = /^\s*%(-?\d+(?:\.\d+)?)%/;

/** An answer's weight in percent: `=` is 100 and `~` is 0 unless a `%weight%` says otherwise. */
function weighted(mark: string, body: string): { weight: number; rest: string } {
  const weight = WEIGHT.exec(body);
  if (!weight) return { weight: mark === '=' ? 100 : 0, rest: body };
  return { weight: Number(weight[1]), rest: body.slice(weight[0].length) };
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

interface Block {
  line: number;
  text: string;
  /** From `// [tag:…]` and `// [id:…]` comments just before the question. */
  tags: string[];
  ids: string[];
}

function blocksOf(source: string): { blocks: Block[]; categories: Map<number, string[]> } {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const blocks: Block[] = [];
  const categories = new Map<number, string[]>();
  let current: Block | null = null;
  let pendingTags: string[] = [];
  let pendingIds: string[] = [];
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
    if (/^\s*\/\//.test(line)) {
      for (const match of line.matchAll(/\[tag:([^\]]+)\]/gi)) pendingTags.push(match[1]!.trim());
      for (const match of line.matchAll(/\[id:([^\]]+)\]/gi)) pendingIds.push(match[1]!.trim());
      return;
    }
    if (!line.trim()) {
      current = null;
      return;
    }
    if (!current) {
      current = { line: index + 1, text: line, tags: pendingTags, ids: pendingIds };
      pendingTags = [];
      pendingIds = [];
      blocks.push(current);
    } else current.text += `\n${line}`;
  });
  return { blocks, categories };
}

const percent = (weight: number) => `${Number(weight.toFixed(4))}%`;

function parseBlock(
  block: Block,
  tags: string[],
): { question?: ParsedQuestion; problems: ItemProblem[]; skip?: string } {
  const location = `line ${block.line}`;
  const problems: ItemProblem[] = [];
  const warnings: ItemNotice[] = [];
  const fail = (field: string, key: string, message: string) => {
    problems.push({ field, key, message: `${location}: ${message}` });
    return { problems };
  };
  const warn = (key: string, message: string) => warnings.push({ key, message: `${location}: ${message}` });
  let text = block.text;
  const title = /^\s*::([\s\S]*?)::/.exec(text);
  if (title) text = text.slice(title[0].length);
  const question = formatted(text, 'plain');
  const markup = question.markup;
  text = question.text;
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
  let general: string | null = null;
  const generalAt = indexOfUnescaped(inside, '####');
  if (generalAt >= 0) {
    general = contentOf(inside.slice(generalAt + 4), markup) || null;
    inside = inside.slice(0, generalAt);
  }
  /** Feedback of single answers, kept in the explanation after the general feedback, named by answer. */
  const answerFeedback: string[] = [];
  const keepFeedback = (label: string, feedback: string | null) => {
    if (feedback)
      answerFeedback.push(`<p><strong>${escapeXml(label)}</strong>: ${contentOf(feedback, markup)}</p>`);
  };
  if (block.ids.length)
    warn(
      IMPORT_KEYS.idNotKept,
      `the question id ${block.ids.join(', ')} is not kept (Prepwise gives its own)`,
    );
  const titleText = title ? unescapeGift(title[1]!).trim() : '';
  const base = () => ({
    stem,
    items: [],
    explanation_vi: null,
    explanation_en: [general ?? '', ...answerFeedback].join('') || null,
    tags: [...tags, ...block.tags],
    level: null,
    location,
    title: titleText ? titleText.slice(0, 500) : null,
    warnings,
  });
  const body = inside.trim();
  if (!body) return { problems, question: { ...base(), kind: 'essay', options: [], answer: null } };
  const truth = /^(T|TRUE|F|FALSE)((?:\s*#[\s\S]*)?)$/i.exec(body);
  if (truth) {
    const value = truth[1]!.toUpperCase().startsWith('T') ? 'true' : 'false';
    // {T#feedback when answered wrong#feedback when answered right}
    const [wrong, right] = tokens(truth[2]!.trim(), '#').map((part) => part.body.trim() || null);
    keepFeedback(value === 'true' ? 'False' : 'True', wrong ?? null);
    keepFeedback(value === 'true' ? 'True' : 'False', right ?? null);
    return { problems, question: { ...base(), ...trueFalseChoice(value) } };
  }
  if (body.startsWith('#')) {
    const rest = body.slice(1).trim();
    const parts = rest.startsWith('=') ? tokens(rest, '=~') : [{ mark: '=', body: rest }];
    const accepted: string[] = [];
    for (const part of parts) {
      const { weight, rest: spec } = weighted(part.mark, part.body);
      const answer = splitFeedback(spec);
      const value = answer.text.trim();
      if (weight <= 0) continue; // a wrong answer, there for its feedback
      const range = /^(\S+)\s*\.\.\s*(\S+)$/.exec(value);
      const tolerance = /^([^:]+):(.+)$/.exec(value);
      const numbers = range
        ? [range[1]!, range[2]!]
        : tolerance
          ? [tolerance[1]!.trim(), tolerance[2]!.trim()]
          : [value];
      if (numbers.some((number) => !NUMBER.test(number)))
        return fail('answer', IMPORT_KEYS.invalidAnswer, `numerical answer "${body}" cannot be read`);
      if (range && Number(range[1]) !== Number(range[2]))
        return fail(
          'answer',
          IMPORT_KEYS.numericRange,
          `the numerical answer is the range ${range[1]}..${range[2]}: Prepwise has no numeric answer with a range, so the question is not imported`,
        );
      if (tolerance && Number(tolerance[2]) !== 0)
        return fail(
          'answer',
          IMPORT_KEYS.numericTolerance,
          `the numerical answer ${tolerance[1]!.trim()} accepts ±${tolerance[2]!.trim()}: Prepwise has no numeric answer with a tolerance, so the question is not imported`,
        );
      if (weight !== 100)
        return fail(
          'answer',
          IMPORT_KEYS.partialCredit,
          `the numerical answer ${numbers[0]} is worth ${percent(weight)}: Prepwise has no partial credit, so the question is not imported`,
        );
      // The number as written and in its shortest form ("2.50" → "2.5"), both accepted as typed text.
      for (const form of [numbers[0]!, String(Number(numbers[0]))])
        if (!accepted.includes(form)) accepted.push(form);
      keepFeedback(numbers[0]!, answer.feedback);
    }
    if (accepted.length === 0)
      return fail('answer', IMPORT_KEYS.missingAnswer, 'no numerical answer is worth 100%');
    return { problems, question: { ...base(), kind: 'short_answer', options: [], answer: { accepted } } };
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
      const option = splitFeedback(part.body.slice(arrow + 2));
      if (option.feedback) warn(IMPORT_KEYS.feedbackNotKept, 'the feedback of a matching pair is not kept');
      return { item: part.body.slice(0, arrow).trim(), option: option.text.trim() };
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
    return { problems, question: { ...base(), kind: 'matching', options, items, answer } };
  }
  const answers = parts.map((part) => {
    const { weight, rest } = weighted(part.mark, part.body);
    const answer = splitFeedback(rest);
    return { text: answer.text.trim(), feedback: answer.feedback, weight, mark: part.mark };
  });
  const partial = (answer: (typeof answers)[number]) =>
    fail(
      'answer',
      IMPORT_KEYS.partialCredit,
      `the answer "${typedOf(answer.text, markup).slice(0, 60)}" is worth ${percent(answer.weight)}: Prepwise has no partial credit, so the question is not imported`,
    );
  if (answers.every((answer) => answer.mark === '=')) {
    // Short answer or missing word: the 100% answers are accepted; 0% ones (often "*" with feedback) are wrong anyway.
    const accepted: string[] = [];
    for (const answer of answers) {
      if (answer.weight <= 0) {
        if (answer.feedback)
          warn(
            IMPORT_KEYS.feedbackNotKept,
            `the feedback of the wrong answer "${typedOf(answer.text, markup).slice(0, 60)}" is not kept`,
          );
        continue;
      }
      if (answer.weight !== 100) return partial(answer);
      const value = typedOf(answer.text, markup);
      if (value === '*')
        return fail(
          'answer',
          IMPORT_KEYS.invalidAnswer,
          'the wildcard answer "*" would accept anything as correct',
        );
      if (!accepted.includes(value)) accepted.push(value);
      keepFeedback(value, answer.feedback);
    }
    if (accepted.length === 0) return fail('answer', IMPORT_KEYS.missingAnswer, 'no answer is worth 100%');
    return {
      problems,
      question: {
        ...base(),
        kind: missingWord ? 'gap_fill' : 'short_answer',
        options: [],
        answer: { accepted },
      },
    };
  }
  const options = lettered(answers.map((answer) => contentOf(answer.text, markup)));
  answers.forEach((answer, index) => {
    keepFeedback(options[index]!.key, answer.feedback);
  });
  const right = answers
    .map((answer, index) => ({ ...answer, key: options[index]!.key }))
    .filter((answer) => answer.weight > 0);
  if (right.length === 0)
    return fail(
      'answer',
      IMPORT_KEYS.missingAnswer,
      'no answer is marked correct ("=" or a positive %weight%)',
    );
  if (right.length === 1) {
    // One right answer (with "=" or "~%100%"): a single choice, whatever mark it has.
    if (right[0]!.weight !== 100) return partial(right[0]!);
    return {
      problems,
      question: { ...base(), kind: 'single_choice', options, answer: { key: right[0]!.key } },
    };
  }
  const full = right.filter((answer) => answer.weight >= 100);
  const lesser = right.find((answer) => answer.weight < 100);
  if (full.length > 0 && lesser) return partial(lesser);
  if (full.length > 0)
    return fail(
      'answer',
      IMPORT_KEYS.alternativeCorrect,
      `the answers ${full.map((answer) => answer.key).join(', ')} are each fully correct: a Prepwise choice question has one right answer or one right set, so the question is not imported`,
    );
  // Several right answers that together make 100% in equal shares: "select all that apply", graded as Moodle does.
  const total = right.reduce((sum, answer) => sum + answer.weight, 0);
  const equal = right.every((answer) => Math.abs(answer.weight - right[0]!.weight) < 0.01);
  if (Math.abs(total - 100) > 0.05 || !equal)
    return partial(right.find((answer) => Math.abs(answer.weight - 100 / right.length) >= 0.01) ?? right[0]!);
  return {
    problems,
    question: {
      ...base(),
      kind: 'multiple_choice',
      options,
      answer: { keys: right.map((answer) => answer.key) },
    },
  };
}

/** An item's title, or the start of its text: names an item that could not be read in the preview. */
function labelOf(block: Block): string | null {
  const title = /^\s*::([\s\S]*?)::/.exec(block.text);
  if (title && unescapeGift(title[1]!).trim()) return unescapeGift(title[1]!).trim().slice(0, 120);
  const rest = formatted(title ? block.text.slice(title[0].length) : block.text, 'plain').text;
  const open = indexOfUnescaped(rest, '{');
  return (
    plainText(unescapeGift(open >= 0 ? rest.slice(0, open) : rest))
      .trim()
      .slice(0, 120) || null
  );
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
    entries.push({
      location: `line ${block.line}`,
      problems: parsed.problems,
      question: parsed.question,
      label: parsed.question ? null : labelOf(block),
    });
  }
  return { entries, warnings };
}
