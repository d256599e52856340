import type { ReviewCard, ReviewQueue } from '@prepwise/contract';

/**
 * The queue fetched again after an undo, with the card taken back in front, to be rated again: also when
 * the fresh queue does not hold it (due cards fill its first page, so a new card taken back is not there).
 */
export function withCardFirst(queue: ReviewQueue, card: ReviewCard): ReviewQueue {
  return { ...queue, cards: [card, ...queue.cards.filter((entry) => entry.id !== card.id)] };
}

/**
 * Where the review goes back to when a rating still waiting on the device is taken back: the last place
 * before `position` that shows its card (one back, as each rating moves on by one), never past the start.
 */
export function positionOfUndone(cards: readonly ReviewCard[], position: number, cardId: string): number {
  for (let at = Math.min(position, cards.length) - 1; at >= 0; at--) if (cards[at]!.id === cardId) return at;
  return Math.max(0, position - 1);
}
