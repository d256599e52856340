import type { ReviewCard, ReviewQueue } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { positionOfUndone, withCardFirst } from './review-queue';

const card = (id: string) => ({ id, intervals: [] }) as unknown as ReviewCard;
const queue = (...ids: string[]): ReviewQueue => ({
  due_count: ids.length,
  new_available: 0,
  new_studied_today: 0,
  new_cards_per_day: 10,
  cards: ids.map(card),
});
const ids = (value: ReviewQueue) => value.cards.map((entry) => entry.id);

describe('withCardFirst', () => {
  it('moves the card taken back to the front of the fresh queue', () => {
    expect(ids(withCardFirst(queue('a', 'b', 'c'), card('c')))).toEqual(['c', 'a', 'b']);
  });

  it('puts it in front also when the fresh queue does not hold it (its first page is full of due cards)', () => {
    const restored = card('new-word');
    const next = withCardFirst(queue('a', 'b'), restored);
    expect(ids(next)).toEqual(['new-word', 'a', 'b']);
    expect(next.cards[0]).toBe(restored);
  });

  it('keeps the counts of the fresh queue', () => {
    expect(withCardFirst(queue('a'), card('b')).due_count).toBe(1);
  });
});

describe('positionOfUndone', () => {
  it('goes back to the card rated last', () => {
    expect(positionOfUndone(queue('a', 'b', 'c').cards, 2, 'b')).toBe(1);
  });

  it('finds the card rated further back (the queue ended and the position is past it)', () => {
    expect(positionOfUndone(queue('a', 'b', 'c').cards, 3, 'c')).toBe(2);
    expect(positionOfUndone(queue('a', 'b', 'a').cards, 3, 'b')).toBe(1);
  });

  it('never goes before the start', () => {
    expect(positionOfUndone(queue('a').cards, 0, 'x')).toBe(0);
  });
});
