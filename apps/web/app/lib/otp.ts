/**
 * Rules of the one-time-code input (seed-spec §5): one character per box, digits only, or letters
 * and digits in letter-numeric mode; a pasted value that does not fit the mode is rejected.
 */
export type OtpMode = 'digits' | 'alphanumeric';

const PATTERNS: Record<OtpMode, RegExp> = {
  digits: /^[0-9]+$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
};

export function acceptsCharacter(mode: OtpMode, character: string): boolean {
  return character.length === 1 && PATTERNS[mode].test(character);
}

/** The boxes a pasted text fills, or null when the text does not fit the mode. */
export function pastedCharacters(mode: OtpMode, text: string, length: number): string[] | null {
  const compact = text.replace(/\s+/g, '');
  if (!compact || !PATTERNS[mode].test(compact)) return null;
  return [...compact].slice(0, length);
}

export function toBoxes(value: string, length: number): string[] {
  const characters = [...value].slice(0, length);
  return Array.from({ length }, (_, index) => characters[index] ?? '');
}

export function firstEmptyIndex(boxes: readonly string[]): number {
  const index = boxes.indexOf('');
  return index === -1 ? boxes.length - 1 : index;
}

export function isComplete(boxes: readonly string[]): boolean {
  return boxes.length > 0 && boxes.every((box) => box.length === 1);
}

/** Where focus belongs when box `index` receives it: never past the first empty box. */
export function correctedFocusIndex(boxes: readonly string[], index: number): number {
  const empty = boxes.indexOf('');
  return empty !== -1 && index > empty ? empty : index;
}
