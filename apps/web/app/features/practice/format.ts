import type { AttemptSummary } from '@prepwise/contract';

/** "12:05" or "1:02:05" from seconds (the same in both languages): lib/format.ts's duration. */
export { formatDuration as formatClock } from '../../lib/format';

/** An attempt as a share of its maximum (0–100): the scaled score when there is one, else correct answers. */
export function attemptPercent(attempt: AttemptSummary): number | null {
  if (attempt.status !== 'submitted') return null;
  if (attempt.score_total !== null && attempt.max_score)
    return (attempt.score_total / attempt.max_score) * 100;
  if (attempt.total > 0) return (attempt.correct / attempt.total) * 100;
  return null;
}

export function countWords(text: string): number {
  return text.trim().match(/\S+/g)?.length ?? 0;
}

/** Only same-site identifiers reach API paths. */
export const enc = (value: string) => encodeURIComponent(value);

export const testPath = (slug: string) => `/tests/${enc(slug)}`;
export const examPath = (slug: string, attemptId: string) => `/tests/${enc(slug)}/exam/${enc(attemptId)}`;
export const historyPath = (slug?: string) => (slug ? `/test-history/${enc(slug)}` : '/test-history');
export const historyResultPath = (slug: string, attemptId: string) =>
  `/test-history/${enc(slug)}/result/${enc(attemptId)}`;
export const adminResultPath = (userId: string, testId: string, attemptId: string) =>
  `/admin/students/${enc(userId)}/test/${enc(testId)}/result/${enc(attemptId)}`;
