import type { BreakdownRow } from '@prepwise/contract';

/** Below this accuracy a row asks for practice. */
export const WEAK_ACCURACY = 0.6;
/** …and also this far below everyone's accuracy on the same questions. */
export const BEHIND_EVERYONE = 0.1;

/**
 * The rows the result shows, in the server's order (weakest first): question types only when the
 * attempt has more than one (a TOEIC test is single-choice throughout) or no skill is tagged.
 */
export function breakdownRows(rows: BreakdownRow[]): BreakdownRow[] {
  const types = rows.filter((row) => row.dimension === 'question_type');
  const skills = rows.filter((row) => row.dimension === 'skill');
  if (types.length > 1 || skills.length === 0) return rows;
  return skills;
}

/** Whether a row is one to practise: weak on its own, or clearly behind everyone. */
export function needsPractice(row: Pick<BreakdownRow, 'accuracy' | 'everyone_accuracy'>): boolean {
  if (row.accuracy === null) return false;
  if (row.accuracy < WEAK_ACCURACY) return true;
  return row.everyone_accuracy !== null && row.accuracy < row.everyone_accuracy - BEHIND_EVERYONE;
}

/** A share as a whole percentage (0 when unknown, for charts). */
export const percent = (share: number | null): number => (share === null ? 0 : Math.round(share * 100));
