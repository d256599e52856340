import type { AnswerKind, PaperQuestion } from '@prepwise/contract';
import type { AnswerPayload } from './journal-logic';

/** Whether an answer counts as given (the palette and the submit confirmation use it). */
export function isAnswered(answer: AnswerPayload): boolean {
  if (!answer) return false;
  if (typeof answer.key === 'string') return answer.key !== '';
  if (Array.isArray(answer.keys)) return answer.keys.length > 0;
  if (typeof answer.value === 'string') return answer.value !== '';
  if (typeof answer.text === 'string') return answer.text.trim() !== '';
  if (answer.pairs && typeof answer.pairs === 'object') {
    return Object.values(answer.pairs as Record<string, unknown>).some((value) => value);
  }
  if (Array.isArray(answer.order)) return answer.order.length > 0;
  return false;
}

export function countWords(text: string): number {
  const words = text.trim().match(/\S+/g);
  return words ? words.length : 0;
}

export const TFNG_VALUES = ['true', 'false', 'not_given'] as const;

/** The answer keys a question offers to the keyboard, in order (A–D / 1–4 pick one of them). */
export function choiceKeys(question: Pick<PaperQuestion, 'answer_kind' | 'options'>): string[] {
  if (question.answer_kind === 'true_false_not_given') return [...TFNG_VALUES];
  if (question.answer_kind === 'single_choice' || question.answer_kind === 'multiple_choice') {
    return question.options.map((option) => option.key);
  }
  return [];
}

/** The position a key press picks: a–h or 1–8; `null` for any other key. */
export function choiceIndex(key: string): number | null {
  const lower = key.toLowerCase();
  if (lower.length !== 1) return null;
  if (lower >= 'a' && lower <= 'h') return lower.charCodeAt(0) - 97;
  if (lower >= '1' && lower <= '8') return Number(lower) - 1;
  return null;
}

/** The answer after choosing option `key` (multiple choice toggles it). */
export function chooseOption(kind: AnswerKind, current: AnswerPayload, key: string): AnswerPayload {
  if (kind === 'true_false_not_given') return { value: key };
  if (kind === 'multiple_choice') {
    const keys = Array.isArray(current?.keys) ? (current.keys as string[]) : [];
    const next = keys.includes(key) ? keys.filter((value) => value !== key) : [...keys, key];
    return next.length > 0 ? { keys: next.sort() } : null;
  }
  return { key };
}

/** Text answers: an emptied field clears the answer. */
export function textAnswer(text: string): AnswerPayload {
  return text === '' ? null : { text };
}

/** Moves the piece at `index` one place up (-1) or down (+1). */
export function moveItem(order: string[], index: number, direction: -1 | 1): string[] {
  const target = index + direction;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return order;
  const next = [...order];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
