const formatters = new Map<string, Intl.DateTimeFormat>();

/** "21/11/2026 14:05" (vi) or "11/21/2026, 2:05 PM" (en); the server renders in UTC, the browser locally. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const key = `${locale}:datetime`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** "1.250.000" and "6,5" (vi) or "1,250,000" and "6.5" (en): a number in the reader's language. */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  const key = `${locale}:${JSON.stringify(options)}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', options);
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value);
}
