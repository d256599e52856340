import { type AnswerKind, IMPORT_KEYS } from '@prepwise/contract';
import { plainText } from '../../../lib/html';
import {
  escapeXml,
  htmlOfText,
  type ItemNotice,
  lettered,
  MalformedFileError,
  type ParsedEntry,
  type ParsedGroup,
  type ParsedQuestion,
  type ParseResult,
  trueFalseChoice,
} from '../model';
import { child, children, findAll, parseXml, textContent, type XmlElement } from '../xml';
import { parseTfng } from './table';

/** Tags that carry Prepwise structure through Moodle, which has no groups nor gap-fill kind. */
const GROUP_TAG = 'prepwise:group';
const MEMBER_TAG = 'prepwise:in-group';
const GAP_TAG = 'prepwise:gap_fill';
/** A short answer whose text has a blank ("___") stays a short answer through a round trip. */
const SHORT_TAG = 'prepwise:short_answer';
const MARKER_TAGS = new Set([GROUP_TAG, MEMBER_TAG, GAP_TAG, SHORT_TAG]);
const VI_MARK = '<div class="prepwise-explanation" lang="vi">';
const EN_MARK = '<div class="prepwise-explanation" lang="en">';

const text = (element: XmlElement | undefined) => {
  const t = element ? child(element, 'text') : undefined;
  return t ? textContent(t).trim() : '';
};

/** A rich-text field: HTML kept, other formats escaped. */
function richText(element: XmlElement | undefined) {
  const value = text(element);
  const format = element?.attrs.format ?? 'html';
  return format === 'html' || format === 'moodle_auto_format' ? value : htmlOfText(value);
}

function explanations(feedback: string): { vi: string | null; en: string | null } {
  if (!feedback.startsWith(VI_MARK) && !feedback.startsWith(EN_MARK))
    return { vi: null, en: feedback || null };
  const en = feedback.indexOf(EN_MARK);
  const vi = feedback.startsWith(VI_MARK)
    ? feedback.slice(VI_MARK.length, en >= 0 ? en : undefined).replace(/<\/div>$/, '')
    : null;
  const english = en >= 0 ? feedback.slice(en + EN_MARK.length).replace(/<\/div>$/, '') : null;
  return { vi: vi || null, en: english || null };
}

const fraction = (answer: XmlElement) => Number(answer.attrs.fraction ?? 0);
const percent = (value: number) => `${Number(value.toFixed(4))}%`;

interface Read {
  question?: ParsedQuestion;
  error?: string;
  /** The message key of the error (a reason more precise than "invalid answer"), and its field. */
  key?: string;
  field?: string;
}

function readQuestion(element: XmlElement, type: string, location: string, tags: string[]): Read {
  const stem = richText(child(element, 'questiontext'));
  const feedback = explanations(richText(child(element, 'generalfeedback')));
  const warnings: ItemNotice[] = [];
  const hints = children(element, 'hint').filter((hint) => plainText(text(hint)));
  if (hints.length)
    warnings.push({
      key: IMPORT_KEYS.hintsNotKept,
      message: `${location}: ${hints.length} hint(s) are not kept (Prepwise has no hints between tries)`,
    });
  // Moodle's older picture of a question, next to its text: not imported, so said.
  if (child(element, 'image_base64') || textContent(child(element, 'image') ?? '').trim())
    warnings.push({
      key: IMPORT_KEYS.imagesNotKept,
      message: `${location}: the question's picture (<image>, <image_base64>) is not imported`,
    });
  const answers = children(element, 'answer');
  /** Feedback of single answers, kept in the explanation after the general feedback, named by answer. */
  const answerFeedback: string[] = [];
  const keepFeedback = (label: string, answer: XmlElement) => {
    const content = richText(child(answer, 'feedback'));
    if (plainText(content)) answerFeedback.push(`<p><strong>${escapeXml(label)}</strong>: ${content}</p>`);
  };
  const name = text(child(element, 'name'));
  const base = () => ({
    stem,
    items: [] as { key: string; content: string }[],
    explanation_vi: feedback.vi,
    explanation_en: [feedback.en ?? '', ...answerFeedback].join('') || null,
    tags: tags.filter((tag) => !MARKER_TAGS.has(tag)),
    level: null,
    location,
    // Our own export names a question by the start of its text: that is no title worth keeping.
    title: name && !plainText(stem).startsWith(plainText(name)) ? plainText(name).slice(0, 500) : null,
    warnings,
  });
  const make = (kind: AnswerKind, rest: Partial<ParsedQuestion>): { question: ParsedQuestion } => ({
    question: { ...base(), kind, options: [], answer: null, ...rest },
  });
  const partial = (label: string, value: number): Read => ({
    error: `the answer "${label.slice(0, 60)}" is worth ${percent(value)}: Prepwise has no partial credit, so the question is not imported`,
    key: IMPORT_KEYS.partialCredit,
  });
  switch (type) {
    case 'multichoice': {
      const single = !['false', '0'].includes(textContent(child(element, 'single') ?? '').trim());
      const contents = answers.map((answer) => richText(answer));
      const fractions = answers.map(fraction);
      const correct = fractions.map((value) => value > 0);
      const right = fractions.map((value, index) => ({ value, index })).filter((answer) => answer.value > 0);
      const label = (index: number) => plainText(contents[index] ?? '');
      if (single && right.length === 1 && right[0]!.value < 100)
        return partial(label(right[0]!.index), right[0]!.value);
      if (single && right.length > 1) {
        const full = right.filter((answer) => answer.value >= 100);
        const lesser = right.find((answer) => answer.value < 100);
        if (full.length > 0 && lesser) return partial(label(lesser.index), lesser.value);
        if (full.length > 0)
          return {
            error: `${full.length} answers are each fully correct: a Prepwise choice question has one right answer, so the question is not imported`,
            key: IMPORT_KEYS.alternativeCorrect,
          };
        return partial(label(right[0]!.index), right[0]!.value);
      }
      if (!single && right.length > 0) {
        // "Select all that apply" is kept when the right answers share 100% equally, as Prepwise grades them.
        const total = right.reduce((sum, answer) => sum + answer.value, 0);
        const unequal = right.find((answer) => Math.abs(answer.value - 100 / right.length) >= 0.01);
        if (Math.abs(total - 100) > 0.05 || unequal)
          return partial(label((unequal ?? right[0]!).index), (unequal ?? right[0]!).value);
      }
      const truth = contents.map((content) => parseTfng(plainText(content)));
      if (
        single &&
        // Only True / False / Not Given: a two-option true/false stays a single choice (no Not Given).
        contents.length === 3 &&
        truth.every(Boolean) &&
        new Set(truth).size === contents.length &&
        truth.includes('true') &&
        truth.includes('false')
      ) {
        const value = truth[correct.indexOf(true)];
        if (!value) return { error: 'no answer has a positive fraction' };
        return make('true_false_not_given', { answer: { value } });
      }
      const options = lettered(contents);
      answers.forEach((answer, index) => {
        keepFeedback(options[index]!.key, answer);
      });
      const keys = options.filter((_, index) => correct[index]).map((option) => option.key);
      if (keys.length === 0) return { error: 'no answer has a positive fraction' };
      return single
        ? make('single_choice', { options, answer: { key: keys[0] } })
        : make('multiple_choice', { options, answer: { keys } });
    }
    case 'truefalse': {
      const right = answers.find((answer) => fraction(answer) > 0);
      const value = right ? parseTfng(text(right)) : null;
      if (!value || value === 'not_given') return { error: 'the true/false question has no correct answer' };
      if (fraction(right!) < 100) return partial(text(right), fraction(right!));
      for (const answer of answers) {
        const said = parseTfng(text(answer));
        if (said === 'true' || said === 'false') keepFeedback(said === 'true' ? 'True' : 'False', answer);
      }
      const choice = trueFalseChoice(value);
      return make(choice.kind, choice);
    }
    case 'shortanswer':
    case 'numerical': {
      const accepted: string[] = [];
      for (const answer of answers) {
        const value = plainText(text(answer)).trim();
        if (fraction(answer) <= 0) continue;
        if (fraction(answer) < 100) return partial(value, fraction(answer));
        if (value === '*')
          return {
            error: 'the wildcard answer "*" would accept anything as correct',
            key: IMPORT_KEYS.invalidAnswer,
          };
        if (type === 'numerical') {
          const tolerance = Number(textContent(child(answer, 'tolerance') ?? '').trim() || 0);
          if (tolerance !== 0)
            return {
              error: `the numerical answer ${value} accepts ±${tolerance}: Prepwise has no numeric answer with a tolerance, so the question is not imported`,
              key: IMPORT_KEYS.numericTolerance,
            };
        }
        // A number is accepted as written and in its shortest form ("2.50" → "2.5").
        const forms =
          type === 'numerical' && Number.isFinite(Number(value)) ? [value, String(Number(value))] : [value];
        for (const form of forms) if (!accepted.includes(form)) accepted.push(form);
        keepFeedback(value, answer);
      }
      if (accepted.length === 0) return { error: 'no accepted answer has a positive fraction' };
      const gap =
        tags.includes(GAP_TAG) || (type === 'shortanswer' && !tags.includes(SHORT_TAG) && /_{3,}/.test(stem));
      if (type === 'shortanswer' && textContent(child(element, 'usecase') ?? '').trim() === '1')
        warnings.push({
          key: IMPORT_KEYS.caseNotKept,
          message: `${location}: the answers are case-sensitive in the file; Prepwise accepts them in any case`,
        });
      return make(gap ? 'gap_fill' : 'short_answer', { answer: { accepted } });
    }
    case 'matching': {
      const subs = children(element, 'subquestion').map((sub) => ({
        item: richText(sub),
        option: text(child(sub, 'answer')),
      }));
      const optionTexts = [...new Set(subs.map((sub) => sub.option).filter(Boolean))];
      const options = lettered(optionTexts);
      const real = subs.filter((sub) => plainText(sub.item));
      const items = real.map((sub, index) => ({ key: String(index + 1), content: sub.item }));
      const pairs = Object.fromEntries(
        real.map((sub, index) => [String(index + 1), options[optionTexts.indexOf(sub.option)]?.key ?? '']),
      );
      return make('matching', { options, items, answer: { pairs } });
    }
    case 'ordering': {
      const ordered = [...answers].sort((a, b) => fraction(a) - fraction(b));
      const options = lettered(ordered.map((answer) => richText(answer)));
      return make('ordering', { options, answer: { order: options.map((option) => option.key) } });
    }
    case 'essay': {
      const guidance = text(child(element, 'graderinfo'));
      return make('essay', { answer: guidance ? { guidance } : null });
    }
    case 'multianswer':
      return {
        error:
          'an embedded-answers (cloze) question is not supported: its gaps would need one answer kind each, so the question is not imported',
        key: IMPORT_KEYS.clozeUnsupported,
        field: 'type',
      };
    default:
      return { error: `the Moodle question type "${type}" is not supported` };
  }
}

const questionTags = (element: XmlElement) =>
  findAll(child(element, 'tags') ?? { name: 'tags', attrs: {}, children: [] }, 'tag')
    .map((tag) => text(tag))
    .filter(Boolean);

/** Moodle XML: multichoice, truefalse, shortanswer, numerical, matching, ordering, essay; categories → tags. */
export function parseMoodle(bytes: Uint8Array): ParseResult {
  const document = parseXml(new TextDecoder('utf-8').decode(bytes), 'the Moodle XML file');
  const quiz = child(document, 'quiz');
  if (!quiz) throw new MalformedFileError('the file is not Moodle XML (no <quiz> element)');
  const entries: ParsedEntry[] = [];
  const warnings: string[] = [];
  let categoryTags: string[] = [];
  let group: { entry: ParsedEntry; group: ParsedGroup } | null = null;
  children(quiz, 'question').forEach((element, index) => {
    const type = element.attrs.type ?? '';
    const name = text(child(element, 'name'));
    const location = `question ${index + 1}${name ? ` "${name.slice(0, 60)}"` : ''}`;
    const tags = questionTags(element);
    if (type === 'category') {
      categoryTags = text(child(element, 'category'))
        .split('/')
        .map((part) => part.trim())
        .filter((part) => part && !part.startsWith('$') && !['top', 'default'].includes(part.toLowerCase()));
      group = null;
      return;
    }
    if (type === 'description') {
      if (tags.includes(GROUP_TAG)) {
        const parsed: ParsedGroup = {
          title: name || `Group ${index + 1}`,
          passage: richText(child(element, 'questiontext')) || null,
          tags: [...categoryTags, ...tags.filter((tag) => !MARKER_TAGS.has(tag))],
          level: null,
          questions: [],
        };
        const entry: ParsedEntry = { location, problems: [], group: parsed };
        entries.push(entry);
        group = { entry, group: parsed };
      } else {
        warnings.push(`${location}: a description (no answer) was skipped`);
        group = null;
      }
      return;
    }
    const read = readQuestion(element, type, location, [...categoryTags, ...tags]);
    const current = group as { entry: ParsedEntry; group: ParsedGroup } | null;
    if (current && tags.includes(MEMBER_TAG)) {
      if (read.question) current.group.questions.push(read.question);
      else
        current.entry.problems.push({
          field: `questions.${current.group.questions.length}.${read.field ?? 'answer'}`,
          key: read.key ?? (type ? IMPORT_KEYS.invalidAnswer : IMPORT_KEYS.unsupportedQuestion),
          message: `${location}: ${read.error}`,
        });
      return;
    }
    group = null;
    entries.push(
      read.question
        ? { location, problems: [], question: read.question }
        : {
            location,
            problems: [
              {
                field: read.field ?? (read.error?.includes('not supported') ? 'type' : 'answer'),
                key:
                  read.key ??
                  (read.error?.includes('not supported')
                    ? IMPORT_KEYS.unsupportedQuestion
                    : IMPORT_KEYS.invalidAnswer),
                message: `${location}: ${read.error}`,
              },
            ],
          },
    );
  });
  return { entries, warnings };
}

// ---------------------------------------------------------------- writing

const cdata = (value: string) => `<![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const htmlText = (value: string) => `<text>${cdata(value)}</text>`;
const field = (tag: string, value: string, attrs = ' format="html"') =>
  `<${tag}${attrs}>${htmlText(value)}</${tag}>`;
const tagList = (tags: string[]) =>
  tags.length ? `<tags>${tags.map((tag) => `<tag>${htmlText(tag)}</tag>`).join('')}</tags>` : '';

function feedbackOf(question: ParsedQuestion) {
  if (!question.explanation_vi && !question.explanation_en) return '';
  return `${question.explanation_vi ? `${VI_MARK}${question.explanation_vi}</div>` : ''}${
    question.explanation_en ? `${EN_MARK}${question.explanation_en}</div>` : ''
  }`;
}

const answerXml = (fractionValue: string, content: string, format = 'html') =>
  `<answer fraction="${fractionValue}" format="${format}">${htmlText(content)}<feedback format="html"><text></text></feedback></answer>`;

function questionXml(question: ParsedQuestion, extraTags: string[]): string {
  const a = (question.answer ?? {}) as Record<string, unknown>;
  const common = (type: string) =>
    `<question type="${type}"><name>${htmlText(plainText(question.stem).slice(0, 80) || 'Question')}</name>${field('questiontext', question.stem)}${field('generalfeedback', feedbackOf(question))}<defaultgrade>1</defaultgrade><penalty>0</penalty><hidden>0</hidden>`;
  const close = (tags: string[]) => `${tagList([...question.tags, ...extraTags, ...tags])}</question>`;
  switch (question.kind) {
    case 'single_choice':
    case 'multiple_choice': {
      const correct =
        question.kind === 'single_choice' ? [String(a.key)] : ((a.keys as string[]) ?? []).map(String);
      const share = (100 / Math.max(1, correct.length)).toFixed(5).replace(/\.?0+$/, '');
      return `${common('multichoice')}<single>${question.kind === 'single_choice'}</single><shuffleanswers>false</shuffleanswers><answernumbering>ABCD</answernumbering>${question.options
        .map((option) => answerXml(correct.includes(option.key) ? share : '0', option.content))
        .join('')}${close([])}`;
    }
    case 'true_false_not_given': {
      const labels = [
        ['true', 'True'],
        ['false', 'False'],
        ['not_given', 'Not Given'],
      ];
      return `${common('multichoice')}<single>true</single><shuffleanswers>false</shuffleanswers><answernumbering>none</answernumbering>${labels
        .map(([value, label]) => answerXml(a.value === value ? '100' : '0', label!))
        .join('')}${close([])}`;
    }
    case 'gap_fill':
    case 'short_answer':
      return `${common('shortanswer')}<usecase>0</usecase>${((a.accepted as string[]) ?? [])
        .map((value) => answerXml('100', value, 'moodle_auto_format'))
        .join('')}${close(question.kind === 'gap_fill' ? [GAP_TAG] : [SHORT_TAG])}`;
    case 'matching': {
      const pairs = (a.pairs as Record<string, string>) ?? {};
      const optionContent = new Map(question.options.map((option) => [option.key, option.content]));
      const used = new Set(Object.values(pairs));
      const subs = [
        ...question.items.map((item) => ({
          item: item.content,
          option: optionContent.get(pairs[item.key] ?? '') ?? '',
        })),
        ...question.options
          .filter((option) => !used.has(option.key))
          .map((option) => ({ item: '', option: option.content })),
      ];
      return `${common('matching')}<shuffleanswers>true</shuffleanswers>${subs
        .map(
          (sub) =>
            `<subquestion format="html">${htmlText(sub.item)}<answer>${htmlText(sub.option)}</answer></subquestion>`,
        )
        .join('')}${close([])}`;
    }
    case 'ordering': {
      const content = new Map(question.options.map((option) => [option.key, option.content]));
      return `${common('ordering')}<layouttype>VERTICAL</layouttype><selecttype>ALL</selecttype><selectcount>0</selectcount><gradingtype>ABSOLUTE_POSITION</gradingtype>${(
        (a.order as string[]) ?? []
      )
        .map((key, index) => answerXml(String(index + 1), content.get(key) ?? ''))
        .join('')}${close([])}`;
    }
    case 'essay':
    case 'speaking': {
      // Moodle has no spoken answer: a speaking question leaves as an essay whose grader information is
      // its cue card (it comes back as an essay).
      const guidance =
        typeof a.guidance === 'string' ? a.guidance : typeof a.cue_card === 'string' ? a.cue_card : '';
      return `${common('essay')}<responseformat>editor</responseformat><responserequired>1</responserequired><responsefieldlines>15</responsefieldlines><attachments>0</attachments>${field('graderinfo', guidance)}${field('responsetemplate', '')}${close([])}`;
    }
  }
}

export type ExportEntry =
  | { type: 'question'; question: ParsedQuestion }
  | { type: 'group'; group: ParsedGroup };

/** One Moodle XML quiz file; a group becomes a tagged description followed by its tagged questions. */
export function writeMoodle(entries: ExportEntry[]): Uint8Array {
  const body = entries
    .map((entry) => {
      if (entry.type === 'question') return questionXml(entry.question, []);
      const g = entry.group;
      const description = `<question type="description"><name>${htmlText(g.title)}</name>${field('questiontext', g.passage ?? '')}${field('generalfeedback', '')}<defaultgrade>0</defaultgrade><penalty>0</penalty><hidden>0</hidden>${tagList([...g.tags, GROUP_TAG])}</question>`;
      return [description, ...g.questions.map((question) => questionXml(question, [MEMBER_TAG]))].join('\n');
    })
    .join('\n');
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body}\n</quiz>\n`);
}
