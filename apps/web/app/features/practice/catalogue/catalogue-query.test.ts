import { describe, expect, it } from 'vitest';
import { attemptPercent, formatClock } from '../format';
import { catalogueApiQuery, readCatalogueQuery } from './catalogue-page';

const EXAM = '2f1c3c8e-5b7a-4c2e-9d1f-0a1b2c3d4e5f';

describe('catalogue URL', () => {
  it('maps the shareable URL to the API query', () => {
    const query = readCatalogueQuery(
      new URLSearchParams({
        category: 'ielts',
        exam: EXAM,
        access: 'free',
        sort: 'popular',
        search: ' reading ',
        page: '2',
      }),
    );
    expect(query).toEqual({
      category: 'ielts',
      exam: EXAM,
      level: undefined,
      access: 'free',
      search: 'reading',
      sort: 'popular',
      page: 2,
    });
    const api = new URLSearchParams(catalogueApiQuery(query, 12));
    expect(Object.fromEntries(api)).toEqual({
      page: '2',
      pageSize: '12',
      sort: 'popular',
      category: 'ielts',
      exam_id: EXAM,
      access: 'free',
      search: 'reading',
    });
  });

  it('drops values the API would refuse instead of failing the page', () => {
    const query = readCatalogueQuery(
      new URLSearchParams({
        exam: 'not-a-uuid',
        level: "1' or 1=1",
        access: 'gift',
        sort: 'random',
        page: '-4',
      }),
    );
    expect(query).toMatchObject({
      exam: undefined,
      level: undefined,
      access: undefined,
      sort: 'newest',
      page: 1,
    });
    expect(catalogueApiQuery(query)).toBe('page=1&pageSize=12&sort=newest');
  });
});

describe('attempt figures', () => {
  const base = {
    id: 'a',
    mode: 'full' as const,
    status: 'submitted' as const,
    started_at: '',
    submitted_at: '',
    deadline_at: null,
    time_spent_seconds: 0,
    grading: 'complete' as const,
    score_total: null,
    max_score: null,
    correct: 0,
    total: 0,
    parts: [],
    parts_en: [],
  };

  it('uses the scaled score when there is one, else the share of correct answers', () => {
    expect(attemptPercent({ ...base, score_total: 495, max_score: 990, correct: 1, total: 200 })).toBe(50);
    expect(attemptPercent({ ...base, mode: 'practice', correct: 3, total: 12 })).toBe(25);
    expect(attemptPercent({ ...base, status: 'in_progress', correct: 3, total: 12 })).toBeNull();
  });

  it('formats time spent as a clock', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(null)).toBe('—');
  });
});
