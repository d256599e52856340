import type { AnswerKind } from '@prepwise/contract';

/** One option, item or choice: a key and its (rich-text) content. */
export interface Keyed {
  key: string;
  content: string;
}

/** A question as a file describes it, before it is tied to the tenant's question types and levels. */
export interface ParsedQuestion {
  kind: AnswerKind;
  stem: string;
  options: Keyed[];
  items: Keyed[];
  answer: unknown;
  explanation_vi: string | null;
  explanation_en: string | null;
  tags: string[];
  /** A CEFR (or other level) code such as "B1"; resolved against the tenant's levels. */
  level: string | null;
  /** Where this question is in the file, e.g. "line 12" or "item q-004". */
  location: string;
  /** The question's name in the source tool (GIFT ::title::, Moodle <name>): kept as its source note. */
  title?: string | null;
  /** What the file says about this question that Prepwise does not keep. */
  warnings?: ItemNotice[];
}

/** Something of an item that is not kept: a message key and a readable message naming the item. */
export interface ItemNotice {
  key: string;
  message: string;
}

export interface ParsedGroup {
  title: string;
  passage: string | null;
  tags: string[];
  level: string | null;
  questions: ParsedQuestion[];
  warnings?: ItemNotice[];
}

/** What a problem in one item says: the field it is about, a message key and a readable message. */
export interface ItemProblem {
  field: string;
  key: string;
  message: string;
}

/** One entry of a file: a single question or a group, or only the problems that kept it from being read. */
export interface ParsedEntry {
  location: string;
  question?: ParsedQuestion;
  group?: ParsedGroup;
  problems: ItemProblem[];
  /** What names an item that could not be read (its title or the start of its text), for the preview. */
  label?: string | null;
}

export interface ParseResult {
  entries: ParsedEntry[];
  warnings: string[];
}

/** The file itself cannot be read (broken XML, not a zip, unbalanced quotes …): nothing in it is usable. */
export class MalformedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedFileError';
  }
}

export const emptyQuestion = (kind: AnswerKind, location: string): ParsedQuestion => ({
  kind,
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

export const LETTERS = 'ABCDEFGHIJKL'.split('');

/** Option keys A, B, C … for a list of contents. */
export const lettered = (contents: string[]): Keyed[] =>
  contents.map((content, index) => ({ key: LETTERS[index] ?? String(index + 1), content }));

/**
 * A true/false question of another tool (GIFT `{T}`, Moodle `truefalse`) as a single choice between
 * "True" and "False": it has no "Not Given", so it must not become a True / False / Not Given question.
 */
export const trueFalseChoice = (value: 'true' | 'false') => ({
  kind: 'single_choice' as const,
  options: lettered(['True', 'False']),
  answer: { key: value === 'true' ? 'A' : 'B' },
});

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as the HTML a rich-text field stores: escaped, line breaks kept. */
export const htmlOfText = (text: string) => escapeXml(text).replace(/\r?\n/g, '<br />');

const IMAGE_TAG = /<img\b[^>]*>/gi;

/** An image the page can show: https, or our own media. Embedded (data:), relative and Moodle files cannot. */
function usableImage(tag: string): boolean {
  const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
  const url = (src?.[1] ?? src?.[2] ?? src?.[3] ?? '').trim();
  return /^https:\/\//i.test(url) || url.startsWith('/api/media/');
}

function dropImages(html: string, count: { n: number }): string {
  return html.replace(IMAGE_TAG, (tag) => {
    if (usableImage(tag)) return tag;
    count.n++;
    return '';
  });
}

/**
 * Images of a file that the importer cannot bring into media (`data:` images, Moodle's @@PLUGINFILE@@ and
 * <image_base64>, relative links of a single QTI item) are taken out rather than stored broken, and each
 * item says how many it lost.
 */
export function withoutForeignImages(result: ParseResult, key: string): ParseResult {
  const inQuestion = (question: ParsedQuestion) => {
    const count = { n: 0 };
    question.stem = dropImages(question.stem, count);
    question.options = question.options.map((option) => ({
      ...option,
      content: dropImages(option.content, count),
    }));
    question.items = question.items.map((item) => ({ ...item, content: dropImages(item.content, count) }));
    if (question.explanation_vi) question.explanation_vi = dropImages(question.explanation_vi, count);
    if (question.explanation_en) question.explanation_en = dropImages(question.explanation_en, count);
    return count.n;
  };
  const notice = (location: string, n: number): ItemNotice => ({
    key,
    message: `${location}: ${n} image(s) embedded in the file or linked relatively are not imported`,
  });
  for (const entry of result.entries) {
    if (entry.question) {
      const n = inQuestion(entry.question);
      if (n)
        entry.question.warnings = [...(entry.question.warnings ?? []), notice(entry.question.location, n)];
    }
    if (entry.group) {
      const count = { n: 0 };
      if (entry.group.passage) entry.group.passage = dropImages(entry.group.passage, count);
      const n = count.n + entry.group.questions.reduce((sum, question) => sum + inQuestion(question), 0);
      if (n) entry.group.warnings = [...(entry.group.warnings ?? []), notice(entry.location, n)];
    }
  }
  return result;
}
