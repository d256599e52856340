import type { AttemptResult, ReviewQuestion } from '@prepwise/contract';
import type { ShouldRevalidateFunctionArgs } from 'react-router';

/*
 * Where the result review stands: one part at a time (`?part=N`, 1-based in paper order), each
 * question reachable at `#question-<number>`.
 */

type ReviewSection = AttemptResult['review'][number];

/** The query parameter holding the part the review shows. */
export const PART_PARAM = 'part';

/** The questions of a part in paper order (group questions in place). */
export function sectionQuestions(section: ReviewSection): ReviewQuestion[] {
  return section.items.flatMap((item) => (item.kind === 'question' ? [item.question] : item.group.questions));
}

/** The 0-based index of the part `?part=` names; the first part when it is missing or out of range. */
export function selectedPartIndex(value: string | null, partCount: number): number {
  const index = Number(value) - 1;
  return Number.isInteger(index) && index >= 0 && index < partCount ? index : 0;
}

/** The search string that shows part `index` (0-based), other parameters kept. */
export function partSearch(search: URLSearchParams | string, index: number): string {
  const params = new URLSearchParams(search);
  params.set(PART_PARAM, String(index + 1));
  return `?${params.toString()}`;
}

/** The element id of a reviewed question (the palette's jump target). */
export const questionAnchor = (number: number) => `question-${number}`;

/** The part's short label: "Part 5" of "Part 5 – Hoàn thành câu". */
export function shortPartName(name: string): string {
  const short = name.split(/\s[–—:-]\s/)[0]?.trim();
  return short || name;
}

const NUMBER_ONLY = /^\s*(?:<p>\s*)?(?:<strong>\s*)?\(?(\d+)\)?\.?\s*(?:<\/strong>\s*)?(?:<\/p>\s*)?$/i;

/**
 * The stem without a repeat of the question's number: a Part 6 blank's stem is just "131." under the
 * review's own "Question 131" heading. A stem that is only its number becomes empty; other stems are
 * left alone.
 */
export function stemWithoutNumber(stem: string, number: number): string {
  const match = NUMBER_ONLY.exec(stem);
  return match && Number(match[1]) === number ? '' : stem;
}

export type PaletteState = 'correct' | 'wrong' | 'skipped' | 'pending';

/** How the palette colours a question: partly correct counts as wrong (there is something to learn). */
export function paletteState(question: Pick<ReviewQuestion, 'outcome'>): PaletteState {
  if (question.outcome === 'partial') return 'wrong';
  return question.outcome;
}

/**
 * The result routes' `shouldRevalidate`: switching parts or jumping to a question changes only the query
 * and hash, so the loaded result stays (a form's action, e.g. the language switch, still reloads).
 */
export function keepLoadedResult({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
