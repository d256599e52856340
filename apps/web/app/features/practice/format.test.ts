import { describe, expect, it } from 'vitest';
import { formatScore } from './format';

describe('formatScore: one rounding rule for every score on every screen', () => {
  it('keeps whole scores whole', () => {
    expect(formatScore(785)).toBe('785');
    expect(formatScore(0)).toBe('0');
  });

  it('keeps at most one decimal (IELTS halves, partial essay points)', () => {
    expect(formatScore(6.5)).toBe('6.5');
    expect(formatScore(2.25)).toBe('2.3');
    expect(formatScore(2.333333)).toBe('2.3');
    expect(formatScore(4.96)).toBe('5');
  });

  it('shows a dash for a missing score', () => {
    expect(formatScore(null)).toBe('—');
    expect(formatScore(undefined)).toBe('—');
  });
});
