/**
 * Per-attempt shuffling (issue 29): an assignment may give every attempt its own order of the questions of
 * each part (groups move as blocks; a group's own questions move too unless its passage or recording fixes
 * their order) and of a choice question's options. The order is seeded by the attempt's id, so the paper, a
 * reload, the review and the teacher's view all show the same one. Answers still name options by `key`;
 * shuffled options carry the `label` shown in their new place. Grading never depends on the order: only
 * the items handed to the paper and the review are rearranged, `sections[].questions` keep the test's.
 */
import type { PaperQuestion } from '@prepwise/contract';
import {
  type ModelGroup,
  type ModelItem,
  type ModelQuestion,
  seededRandom,
  type TestModel,
} from './test-model';

export interface Shuffle {
  questions: boolean;
  options: boolean;
}

/** Options that refer to the others stay where the author put them ("All of the above", "Cả A và B"). */
const REFERS_TO_OTHERS = [
  /\b(all|none|both|neither) of (the )?(above|these|them|those)\b/i,
  /^\s*(both|neither)\s+[a-h]\s+(and|nor)\s+[a-h]\b/i,
  // JavaScript's \b knows ASCII letters only: Vietnamese words are bounded by spaces here.
  /(^|\s)(tất cả|cả hai|không có)\s.*(trên|đều)(\s|[.!]|$)/iu,
  /^\s*cả\s+[a-h]\s+(và|lẫn)\s+[a-h](\s|[.!]|$)/iu,
];

const plain = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ');

export function refersToOthers(content: string): boolean {
  const text = plain(content);
  return REFERS_TO_OTHERS.some((pattern) => pattern.test(text));
}

/** A Fisher–Yates shuffle of the positions not pinned; pinned entries keep their index. */
function shuffleAround<T>(list: readonly T[], random: () => number, pinned: (entry: T) => boolean): T[] {
  const free = list.map((_, index) => index).filter((index) => !pinned(list[index]!));
  const moved = free.map((index) => list[index]!);
  for (let index = moved.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [moved[index], moved[other]] = [moved[other]!, moved[index]!];
  }
  const result = [...list];
  free.forEach((position, index) => {
    result[position] = moved[index]!;
  });
  return result;
}

const CHOICE_KINDS = new Set(['single_choice', 'multiple_choice']);

/** The question with its options in the attempt's order, each labelled with the key of the place it is shown in. */
function withShuffledOptions(attemptId: string, question: ModelQuestion): ModelQuestion {
  const options = question.paper.options;
  const keep = (question.answer as { keep_order?: boolean } | null)?.keep_order === true;
  if (!CHOICE_KINDS.has(question.kind) || keep || options.length < 2) return question;
  const random = seededRandom(`${attemptId}:options:${question.id}`);
  const order = shuffleAround(options, random, (option) => refersToOthers(option.content));
  const shown: PaperQuestion['options'] = order.map((option, index) => ({
    ...option,
    label: options[index]!.key,
  }));
  return { ...question, paper: { ...question.paper, options: shown } };
}

/** A group's questions keep their order when it is heard (the recording asks them in turn) or numbered in its passage. */
function groupOrderIsFixed(group: ModelGroup): boolean {
  if (group.audio || group.questions.some((question) => question.paper.audio)) return true;
  const passage = plain(group.passage);
  return group.questions.some((question) =>
    new RegExp(`(^|[^\\d])${question.number}([^\\d]|$)`).test(passage),
  );
}

/** The model as this attempt shows it: the same object when it shuffles nothing. */
export function arrangeForAttempt(model: TestModel, attemptId: string, shuffle: Shuffle): TestModel {
  if (!shuffle.questions && !shuffle.options) return model;
  const sections = model.sections.map((section) => {
    // Heard-only parts: the recording reads the options by letter, so they never move.
    const options = shuffle.options && !section.heardOnly;
    const question = (entry: ModelQuestion) => (options ? withShuffledOptions(attemptId, entry) : entry);
    let items = section.items.map((item): ModelItem => {
      if (item.kind === 'question') return { kind: 'question', question: question(item.question) };
      let questions = item.group.questions.map(question);
      if (shuffle.questions && !groupOrderIsFixed(item.group)) {
        questions = shuffleAround(
          questions,
          seededRandom(`${attemptId}:group:${item.group.id}`),
          () => false,
        );
      }
      return { kind: 'group', group: { ...item.group, questions } };
    });
    if (shuffle.questions)
      items = shuffleAround(items, seededRandom(`${attemptId}:part:${section.id}`), () => false);
    return { ...section, items };
  });
  return { ...model, sections, sectionById: new Map(sections.map((section) => [section.id, section])) };
}
