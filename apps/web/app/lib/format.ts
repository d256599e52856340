/**
 * The one formatter for what the interface shows of dates, times, numbers, percentages, scores and
 * money (issue 30). Every function takes the reader's language and, for instants, the viewer's time
 * zone (lib/time-zone.ts), so the server render and the browser write the same text. Components use
 * the bound versions from `useFormat()` (lib/format-react.tsx).
 *
 * - vi: 28/11/2026 · 14:05 · 28/11/2026 14:05 · 6,5 · 1.250.000 · 199.000 ₫
 * - en: 28 Nov 2026 · 2:05 PM · 28 Nov 2026, 2:05 PM · 6.5 · 1,250,000 · ₫199,000
 *
 * Dates and times are put together from Intl's numeric parts rather than taken whole from Intl, so
 * two ICU versions (Node's, the browser's) cannot disagree on a month name ("Sep"/"Sept") or on the
 * space before "PM" (a narrow no-break space in newer ICU).
 */

/** Vietnam's time zone: the default until the browser tells its own. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const EMPTY = '—';
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const intlLocale = (locale: string) => (locale === 'vi' ? 'vi-VN' : 'en-GB');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** The instant's calendar day and clock in the time zone. */
function wallClock(date: Date, timeZone: string): WallClock {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

function dayText({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>, locale: string): string {
  return locale === 'vi' ? `${pad(day)}/${pad(month)}/${year}` : `${day} ${EN_MONTHS[month - 1]} ${year}`;
}

function timeText({ hour, minute }: Pick<WallClock, 'hour' | 'minute'>, locale: string): string {
  if (locale === 'vi') return `${pad(hour)}:${pad(minute)}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "28/11/2026" (vi) or "28 Nov 2026" (en): the instant's day in the time zone. */
export function formatDate(
  value: string | number | Date | null | undefined,
  locale: string,
  timeZone: string,
): string {
  const date = toDate(value);
  return date ? dayText(wallClock(date, timeZone), locale) : EMPTY;
}

/** "14:05" (vi) or "2:05 PM" (en) in the time zone. */
export function formatTime(
  value: string | number | Date | null | undefined,
  locale: string,
  timeZone: string,
): string {
  const date = toDate(value);
  return date ? timeText(wallClock(date, timeZone), locale) : EMPTY;
}

/** "28/11/2026 14:05" (vi) or "28 Nov 2026, 2:05 PM" (en) in the time zone. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  locale: string,
  timeZone: string,
): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const clock = wallClock(date, timeZone);
  return `${dayText(clock, locale)}${locale === 'vi' ? ' ' : ', '}${timeText(clock, locale)}`;
}

/** A calendar day with no time zone ("2026-11-28", an exam date, a day of a chart) written like `formatDate`. */
export function formatDay(day: string | null | undefined, locale: string): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!match) return day || EMPTY;
  return dayText({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }, locale);
}

/** A short day for narrow places (a streak strip, a chart's axis): "28/11" (vi) or "28 Nov" (en). */
export function formatShortDay(day: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const [month, date] = [Number(match[2]), Number(match[3])];
  return locale === 'vi' ? `${pad(date)}/${pad(month)}` : `${date} ${EN_MONTHS[month - 1]}`;
}

/** The instant's calendar day in the time zone, as "2026-11-28". */
export function dayIn(value: string | number | Date, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = wallClock(date, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

function numberFormatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormatters.set(key, formatter);
  }
  return formatter;
}

/** "1.250.000" and "6,5" (vi) or "1,250,000" and "6.5" (en): a number in the reader's language. */
export function formatNumber(
  value: number | null | undefined,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return numberFormatter(locale, options).format(value);
}

/**
 * A share (0–1) as a percentage, whole by default: "65%" in both languages, "62,5%" (vi) or "62.5%"
 * (en) with `fractionDigits: 1`.
 */
export function formatPercent(
  share: number | null | undefined,
  locale: string,
  { fractionDigits = 0 }: { fractionDigits?: number } = {},
): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return EMPTY;
  return numberFormatter(locale, { style: 'percent', maximumFractionDigits: fractionDigits }).format(share);
}

/**
 * A score, band or mark: at most one decimal, rounded half away from zero — the API keeps IELTS
 * bands in halves and points to three decimals (modules/attempts/grading.ts, ielts-bands.ts), so
 * 6.5 stays "6,5"/"6.5", 7 stays "7" and 2.345 points read "2,3"/"2.3" on every screen.
 */
export function formatScore(value: number | null | undefined, locale: string): string {
  return formatNumber(value, locale, { maximumFractionDigits: 1 });
}

/** An amount in Vietnamese dong: "199.000 ₫" (vi) or "₫199,000" (en). `signed` adds "+" to gains. */
export function formatMoney(
  value: number | null | undefined,
  locale: string,
  { signed = false }: { signed?: boolean } = {},
): string {
  return formatNumber(value, locale, {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  });
}

/** A length of time as a clock, "12:05" or "1:02:05", from seconds (the same in both languages). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return EMPTY;
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
