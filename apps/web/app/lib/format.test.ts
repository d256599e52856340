import { describe, expect, it } from 'vitest';
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
import { isTimeZone, TIME_ZONE_COOKIE, timeZoneFromCookies } from './time-zone';

// 14:05 on 28 November 2026 in Vietnam (UTC+7).
const INSTANT = '2026-11-28T07:05:00.000Z';
const VN = DEFAULT_TIME_ZONE;

describe('dates and times', () => {
  it('writes the day as 28/11/2026 (vi) and 28 Nov 2026 (en)', () => {
    expect(formatDate(INSTANT, 'vi', VN)).toBe('28/11/2026');
    expect(formatDate(INSTANT, 'en', VN)).toBe('28 Nov 2026');
    expect(formatDate('2026-09-03T02:00:00Z', 'en', VN)).toBe('3 Sep 2026');
    expect(formatDate('2026-09-03T02:00:00Z', 'vi', VN)).toBe('03/09/2026');
  });

  it('writes the time as 14:05 (vi) and 2:05 PM (en)', () => {
    expect(formatTime(INSTANT, 'vi', VN)).toBe('14:05');
    expect(formatTime(INSTANT, 'en', VN)).toBe('2:05 PM');
    // Midnight and noon on a 12-hour clock.
    expect(formatTime('2026-11-27T17:00:00Z', 'en', VN)).toBe('12:00 AM');
    expect(formatTime('2026-11-27T17:00:00Z', 'vi', VN)).toBe('00:00');
    expect(formatTime('2026-11-28T05:30:00Z', 'en', VN)).toBe('12:30 PM');
  });

  it('writes both as 28/11/2026 14:05 (vi) and 28 Nov 2026, 2:05 PM (en)', () => {
    expect(formatDateTime(INSTANT, 'vi', VN)).toBe('28/11/2026 14:05');
    expect(formatDateTime(INSTANT, 'en', VN)).toBe('28 Nov 2026, 2:05 PM');
  });

  it('reads the instant in the given zone, the day included', () => {
    expect(formatDateTime(INSTANT, 'vi', 'UTC')).toBe('28/11/2026 07:05');
    expect(formatDateTime(INSTANT, 'en', 'America/New_York')).toBe('28 Nov 2026, 2:05 AM');
    // 23:30 in Vietnam is still the previous afternoon in New York and the same evening in London.
    const late = '2026-11-28T16:30:00Z';
    expect(formatDate(late, 'vi', VN)).toBe('28/11/2026');
    expect(formatDate('2026-11-28T17:30:00Z', 'vi', VN)).toBe('29/11/2026');
    expect(formatDate('2026-11-28T17:30:00Z', 'vi', 'Europe/London')).toBe('28/11/2026');
    expect(dayIn('2026-11-28T17:30:00Z', VN)).toBe('2026-11-29');
    expect(dayIn('2026-11-28T17:30:00Z', 'America/New_York')).toBe('2026-11-28');
  });

  it('shows a dash for a missing or broken value', () => {
    expect(formatDateTime(null, 'vi', VN)).toBe('—');
    expect(formatDate(undefined, 'en', VN)).toBe('—');
    expect(formatTime('not a date', 'en', VN)).toBe('—');
  });

  it('writes a calendar day with no zone the same way as an instant day', () => {
    expect(formatDay('2026-04-09', 'vi')).toBe('09/04/2026');
    expect(formatDay('2026-04-09', 'en')).toBe('9 Apr 2026');
    expect(formatShortDay('2026-04-09', 'vi')).toBe('09/04');
    expect(formatShortDay('2026-04-09', 'en')).toBe('9 Apr');
  });
});

describe('numbers', () => {
  it('writes decimals and thousands in the reader’s language', () => {
    expect(formatNumber(6.5, 'vi')).toBe('6,5');
    expect(formatNumber(6.5, 'en')).toBe('6.5');
    expect(formatNumber(1_250_000, 'vi')).toBe('1.250.000');
    expect(formatNumber(1_250_000, 'en')).toBe('1,250,000');
    expect(formatNumber(1, 'vi', { minimumFractionDigits: 2 })).toBe('1,00');
    expect(formatNumber(Number.NaN, 'vi')).toBe('—');
  });

  it('writes a share as a percentage', () => {
    expect(formatPercent(0.65, 'vi')).toBe('65%');
    expect(formatPercent(0.65, 'en')).toBe('65%');
    expect(formatPercent(0.625, 'vi', { fractionDigits: 1 })).toBe('62,5%');
    expect(formatPercent(0.625, 'en', { fractionDigits: 1 })).toBe('62.5%');
    expect(formatPercent(null, 'en')).toBe('—');
  });

  it('keeps a score to one decimal with one rounding rule in both languages', () => {
    expect(formatScore(6.5, 'vi')).toBe('6,5');
    expect(formatScore(6.5, 'en')).toBe('6.5');
    expect(formatScore(7, 'vi')).toBe('7');
    expect(formatScore(7.0, 'en')).toBe('7');
    // Points kept to three decimals by the API round half away from zero.
    expect(formatScore(2.345, 'en')).toBe('2.3');
    expect(formatScore(2.25, 'vi')).toBe('2,3');
    expect(formatScore(6.96, 'en')).toBe('7');
    expect(formatScore(2.333333, 'en')).toBe('2.3');
    expect(formatScore(785, 'en')).toBe('785');
    expect(formatScore(0, 'vi')).toBe('0');
    expect(formatScore(null, 'vi')).toBe('—');
  });

  it('writes Vietnamese dong by language, with a sign on gains when asked', () => {
    expect(formatMoney(199_000, 'vi')).toBe('199.000\u00a0₫');
    expect(formatMoney(199_000, 'en')).toBe('₫199,000');
    expect(formatMoney(200_000, 'vi', { signed: true })).toBe('+200.000\u00a0₫');
    expect(formatMoney(-199_000, 'vi', { signed: true })).toBe('-199.000\u00a0₫');
    expect(formatMoney(0, 'vi', { signed: true })).toBe('0\u00a0₫');
  });

  it('writes a duration as a clock', () => {
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('—');
  });
});

describe('the viewer’s time zone', () => {
  it('comes from the tz cookie when it names a real zone, else Vietnam’s', () => {
    expect(timeZoneFromCookies(`locale=en; ${TIME_ZONE_COOKIE}=Europe%2FLondon`)).toBe('Europe/London');
    expect(timeZoneFromCookies(`${TIME_ZONE_COOKIE}=Mars%2FOlympus`)).toBe('Asia/Ho_Chi_Minh');
    expect(timeZoneFromCookies(undefined)).toBe('Asia/Ho_Chi_Minh');
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('')).toBe(false);
  });
});
