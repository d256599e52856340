const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions, key: string) {
  const id = `${locale}:${key}`;
  let found = formatters.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', options);
    formatters.set(id, found);
  }
  return found;
}

/** A calendar day (YYYY-MM-DD, no time zone) as "09/04/2026" (vi) or "9 Apr 2026" (en). */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatter(
    locale,
    locale === 'vi'
      ? { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }
      : { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' },
    'day',
  ).format(date);
}

/** A short day for the streak strip and the chart: "09/04" (vi) or "9 Apr" (en). */
export function formatShortDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return formatter(
    locale,
    locale === 'vi'
      ? { timeZone: 'UTC', day: '2-digit', month: '2-digit' }
      : { timeZone: 'UTC', day: 'numeric', month: 'short' },
    'short',
  ).format(date);
}

/** An instant as its day in Vietnam (the learner's study day). */
export function vietnamDay(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Ho_Chi_Minh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** "14:05, 25/11/2026" (vi) or "14:05, 25 Nov 2026" (en) in Vietnam time, on the server and in the browser. */
export function formatVietnamTime(instant: string, locale: string): string {
  const time = formatter(
    locale,
    { timeZone: 'Asia/Ho_Chi_Minh', hour: '2-digit', minute: '2-digit', hour12: false },
    'time',
  ).format(new Date(instant));
  return `${time}, ${formatDay(vietnamDay(instant), locale)}`;
}

/** The share of questions right (0–100, whole). */
export const percentRight = (correct: number, total: number) =>
  total > 0 ? Math.round((correct / total) * 100) : 0;
