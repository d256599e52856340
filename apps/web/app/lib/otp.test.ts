import { describe, expect, it } from 'vitest';
import {
  acceptsCharacter,
  correctedFocusIndex,
  firstEmptyIndex,
  isComplete,
  pastedCharacters,
  toBoxes,
} from './otp';

describe('one-time-code rules', () => {
  it('takes digits only in digits mode, letters and digits in letter-numeric mode', () => {
    expect(acceptsCharacter('digits', '7')).toBe(true);
    expect(acceptsCharacter('digits', 'a')).toBe(false);
    expect(acceptsCharacter('digits', '77')).toBe(false);
    expect(acceptsCharacter('alphanumeric', 'a')).toBe(true);
    expect(acceptsCharacter('alphanumeric', 'Z')).toBe(true);
    expect(acceptsCharacter('alphanumeric', '-')).toBe(false);
    expect(acceptsCharacter('alphanumeric', 'ư')).toBe(false);
  });

  it('rejects a pasted value that does not match the mode', () => {
    expect(pastedCharacters('digits', '12a4', 4)).toBeNull();
    expect(pastedCharacters('digits', '', 4)).toBeNull();
    expect(pastedCharacters('alphanumeric', 'ab-1', 4)).toBeNull();
  });

  it('spreads an accepted paste over the boxes, ignoring spaces and extra characters', () => {
    expect(pastedCharacters('digits', ' 123 456\n', 6)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(pastedCharacters('digits', '1234567', 4)).toEqual(['1', '2', '3', '4']);
    expect(pastedCharacters('alphanumeric', 'aB3', 4)).toEqual(['a', 'B', '3']);
  });

  it('is complete only when every box holds a character', () => {
    expect(isComplete(toBoxes('123', 4))).toBe(false);
    expect(isComplete(toBoxes('1234', 4))).toBe(true);
    expect(toBoxes('12', 4)).toEqual(['1', '2', '', '']);
  });

  it('moves focus back to the first empty box', () => {
    const boxes = toBoxes('12', 4);
    expect(firstEmptyIndex(boxes)).toBe(2);
    expect(correctedFocusIndex(boxes, 3)).toBe(2);
    expect(correctedFocusIndex(boxes, 1)).toBe(1);
    expect(correctedFocusIndex(toBoxes('1234', 4), 3)).toBe(3);
  });
});
