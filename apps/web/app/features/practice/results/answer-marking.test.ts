import { RUBRICS } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/practice.json';
import vi from '../../../locales/vi/practice.json';
import { descriptorLevel, selfBands } from './answer-marking';

describe('self-assessment bands and descriptor summaries', () => {
  it('offers the rubric scale in half bands, highest first', () => {
    const ielts = selfBands(RUBRICS.ielts_writing);
    expect(ielts).toHaveLength(19);
    expect(ielts.slice(0, 3)).toEqual([9, 8.5, 8]);
    expect(ielts.at(-1)).toBe(0);
    expect(selfBands(RUBRICS.generic)).toHaveLength(21);
  });

  it('reads a band as its summary level, and every IELTS criterion has each level in vi and en', () => {
    expect([9, 8, 7.5, 7, 6.5, 5, 4.5, 0].map(descriptorLevel)).toEqual([
      '8',
      '8',
      '7',
      '7',
      '6',
      '5',
      '4',
      '4',
    ]);
    for (const criterion of new Set([
      ...RUBRICS.ielts_writing.criteria,
      ...RUBRICS.ielts_speaking.criteria,
    ])) {
      for (const level of ['8', '7', '6', '5', '4']) {
        for (const locale of [en, vi]) {
          const summaries = locale.selfAssessment.descriptors as Record<string, Record<string, string>>;
          expect(summaries[criterion]?.[level], `${criterion} ${level}`).toMatch(/\S{3}/);
        }
      }
    }
  });
});
