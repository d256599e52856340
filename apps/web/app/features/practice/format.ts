import type { AttemptSummary } from '@prepwise/contract';

/** "12:05" or "1:02:05" from seconds (the same in both languages). */
export function formatClock(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return '—';
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });

/** "199.000 ₫" in both languages: prices are in Vietnamese dong. */
export function formatVnd(value: number): string {
  return vnd.format(value);
}

/** Scores keep at most one decimal (IELTS bands are halves). */
export function formatScore(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
}

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
