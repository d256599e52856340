import { describe, expect, it } from 'vitest';
import { READING_EASE_BANDS, readabilityOf, suitsLevel } from './readability';

// Two original passages on one subject: one in short everyday words, one in long academic ones.
const EASY = `Lan works in a small shop in Hue. She opens the shop at seven every day. First she cleans the floor.
Then she puts the fruit on the table. Many people come to buy bread and milk in the morning. Lan likes
her job because she talks to people all day. At noon she eats lunch with her sister. In the evening she
counts the money and goes home by bike. She is tired but happy.`;

const HARD = `Contemporary retail organizations increasingly rely on sophisticated predictive analytics to anticipate
consumer behaviour, optimize inventory allocation and personalize promotional communication. Consequently,
independent shopkeepers, who traditionally depended upon interpersonal familiarity with neighbourhood
customers, encounter considerable difficulty sustaining competitiveness, particularly where municipal
regulations simultaneously restrict operating hours and commercial signage.`;

describe('readability of a passage', () => {
  it('reads short everyday sentences as easy and long academic ones as hard', () => {
    const easy = readabilityOf(EASY);
    const hard = readabilityOf(HARD);
    expect(easy).not.toBeNull();
    expect(hard).not.toBeNull();
    expect(easy!.ease).toBeGreaterThan(80);
    expect(hard!.ease).toBeLessThan(20);
    expect(easy!.sentences).toBe(9);
    expect(hard!.sentences).toBe(2);
  });

  it('places the easy text at A2 and not C1, the hard one beyond B2', () => {
    const easy = readabilityOf(EASY)!.ease;
    const hard = readabilityOf(HARD)!.ease;
    expect(suitsLevel(easy, 'A2')).toBe(true);
    expect(suitsLevel(easy, 'C1')).toBe(false);
    expect(suitsLevel(hard, 'B1')).toBe(false);
    expect(suitsLevel(hard, 'B2')).toBe(false);
    // A level without a band has nothing to compare.
    expect(suitsLevel(hard, 'IELTS 6.5')).toBe(true);
    for (const [min, max] of Object.values(READING_EASE_BANDS)) expect(min).toBeLessThan(max);
  });

  it('says nothing about a text too short to judge', () => {
    expect(readabilityOf('She opens the shop at seven.')).toBeNull();
    expect(readabilityOf('')).toBeNull();
  });
});
