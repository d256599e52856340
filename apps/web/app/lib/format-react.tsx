import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_TIME_ZONE,
  dayIn,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPercent,
  formatScore,
  formatShortDay,
  formatTime,
} from './format';
import { useTranslation } from './i18n-react';
import { browserTimeZone, serializeTimeZoneCookie } from './time-zone';

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/**
 * Holds the viewer's time zone. The first render — on the server and during hydration — uses the zone
 * the server read from the `tz` cookie, so both write the same text. Once hydrated, a browser in
 * another zone stores its own in the cookie (the next server render uses it) and the page switches to it.
 */
export function TimeZoneProvider({
  serverTimeZone,
  children,
}: {
  serverTimeZone: string;
  children: ReactNode;
}) {
  const [timeZone, setTimeZone] = useState(serverTimeZone);
  useEffect(() => {
    const own = browserTimeZone();
    if (!own || own === serverTimeZone) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
    document.cookie = serializeTimeZoneCookie(own);
    setTimeZone(own);
  }, [serverTimeZone]);
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/** The viewer's time zone (Vietnam's until the browser has told its own). */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

export type Formatter = ReturnType<typeof bindFormatter>;

/** lib/format.ts's formatters with the language and the time zone filled in. */
export function bindFormatter(locale: string, timeZone: string) {
  type Instant = string | number | Date | null | undefined;
  return {
    locale,
    timeZone,
    date: (value: Instant) => formatDate(value, locale, timeZone),
    time: (value: Instant) => formatTime(value, locale, timeZone),
    dateTime: (value: Instant) => formatDateTime(value, locale, timeZone),
    /** A calendar day ("2026-11-28") with no zone. */
    day: (day: string | null | undefined) => formatDay(day, locale),
    shortDay: (day: string) => formatShortDay(day, locale),
    /** The instant's calendar day in the viewer's zone, "2026-11-28". */
    dayOf: (value: string | number | Date) => dayIn(value, timeZone),
    number: (value: number | null | undefined, options?: Intl.NumberFormatOptions) =>
      formatNumber(value, locale, options),
    percent: (share: number | null | undefined, options?: { fractionDigits?: number }) =>
      formatPercent(share, locale, options),
    score: (value: number | null | undefined) => formatScore(value, locale),
    money: (value: number | null | undefined, options?: { signed?: boolean }) =>
      formatMoney(value, locale, options),
    duration: formatDuration,
  };
}

/** The formatters bound to the reader's language and time zone. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const locale = i18n.language;
  return useMemo(() => bindFormatter(locale, timeZone), [locale, timeZone]);
}
