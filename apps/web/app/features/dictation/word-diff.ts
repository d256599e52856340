import { diffArrays } from 'diff';

/*
 * What a learner typed against the sentence heard, word by word. Words are compared without case or
 * punctuation; a contraction equals its long form ("I'm" = "I am", "don't" = "do not"), a number written
 * in figures equals the same number in words up to 99 ("20" = "twenty", "55" = "fifty-five"), and a
 * hyphenated word equals its parts. The alignment is the `diff` package's Myers diff (diffArrays) over
 * those comparable units, rather than a hand-written LCS.
 */

export type WordStatus = 'correct' | 'wrong' | 'missing' | 'extra';

export interface DiffWord {
  status: WordStatus;
  /** What to show: the sentence's word (correct, missing) or the learner's (wrong, extra). */
  text: string;
  /** For a wrong word: the sentence's word in its place. */
  expected?: string;
}

export interface WordDiff {
  words: DiffWord[];
  correct: number;
  /** Units of the sentence (a contraction counts as its long form's words). */
  total: number;
}

const CONTRACTIONS: [RegExp, string][] = [
  [/^won't$/, 'will not'],
  [/^can't$/, 'can not'],
  [/^cannot$/, 'can not'],
  [/^shan't$/, 'shall not'],
  [/^(\w+)n't$/, '$1 not'],
  [/^(\w+)'m$/, '$1 am'],
  [/^(\w+)'re$/, '$1 are'],
  [/^(\w+)'ve$/, '$1 have'],
  [/^(\w+)'ll$/, '$1 will'],
  [/^(\w+)'d$/, '$1 would'],
];

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "fifty-five" → "55", "twenty" → "20"; null when the word is no number up to 99. */
function numberOf(word: string): string | null {
  const one = ONES.indexOf(word);
  if (one >= 0) return String(one);
  const [tens, units] = word.split('-');
  const ten = TENS.indexOf(tens ?? '');
  if (ten < 2) return null;
  if (units === undefined) return String(ten * 10);
  const unit = ONES.indexOf(units);
  return unit > 0 && unit < 10 ? String(ten * 10 + unit) : null;
}

interface Unit {
  key: string;
  /** Index of the written word the unit comes from. */
  word: number;
}

/** Written words (as shown) and their comparable units. */
function unitsOf(text: string): { words: string[]; units: Unit[] } {
  const words = text
    .normalize('NFC')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const units: Unit[] = [];
  words.forEach((written, index) => {
    let word = written
      .toLowerCase()
      .replace(/[‘’`]/g, "'")
      .replace(/%$/, ' percent')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    word = numberOf(word) ?? word;
    for (const [pattern, long] of CONTRACTIONS) {
      if (pattern.test(word)) {
        word = word.replace(pattern, long);
        break;
      }
    }
    for (const part of word.split(/[\s/–—-]+|(?<=\d),(?=\d)/)) {
      const key = part.replace(/[^\p{L}\p{N}']/gu, '').replace(/^'+|'+$/g, '');
      if (key) units.push({ key: numberOf(key) ?? key, word: index });
    }
  });
  return { words, units };
}

/** Compares the typed text with the sentence. */
export function diffSentence(expectedText: string, typedText: string): WordDiff {
  const expected = unitsOf(expectedText);
  const typed = unitsOf(typedText);
  const changes = diffArrays(
    expected.units.map((unit) => unit.key),
    typed.units.map((unit) => unit.key),
  );
  const words: DiffWord[] = [];
  let e = 0;
  let t = 0;
  let correct = 0;
  // The units of one written word ("I'm" = i + am) with one status are shown as that word, once.
  let lastExpected: { word: number; status: WordStatus } | null = null;
  let lastTyped: { word: number; status: WordStatus } | null = null;
  const emitExpected = (status: 'correct' | 'missing') => {
    const unit = expected.units[e++]!;
    if (status === 'correct') correct++;
    if (lastExpected?.word !== unit.word || lastExpected.status !== status)
      words.push({ status, text: expected.words[unit.word]! });
    lastExpected = { word: unit.word, status };
  };
  const emitTyped = () => {
    const unit = typed.units[t++]!;
    if (lastTyped?.word !== unit.word || lastTyped.status !== 'extra')
      words.push({ status: 'extra', text: typed.words[unit.word]! });
    lastTyped = { word: unit.word, status: 'extra' };
  };
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index]!;
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      for (let n = 0; n < count; n++) {
        emitExpected('correct');
        lastTyped = { word: typed.units[t++]!.word, status: 'correct' };
      }
      continue;
    }
    // A run left out next to a run typed instead: paired one for one as wrong words.
    const next = changes[index + 1];
    const pairedWith = next && (change.removed ? next.added : next.removed) ? next : null;
    const removed = change.removed ? count : (pairedWith?.count ?? 0);
    const added = change.added ? count : (pairedWith?.count ?? 0);
    const pairs = pairedWith ? Math.min(removed, added) : 0;
    for (let n = 0; n < pairs; n++) {
      const want = expected.units[e++]!;
      const got = typed.units[t++]!;
      const text = typed.words[got.word]!;
      const previous = words[words.length - 1];
      const sameWords =
        previous?.status === 'wrong' && lastExpected?.word === want.word && lastTyped?.word === got.word;
      if (!sameWords) words.push({ status: 'wrong', text, expected: expected.words[want.word]! });
      lastExpected = { word: want.word, status: 'wrong' };
      lastTyped = { word: got.word, status: 'wrong' };
    }
    for (let n = pairs; n < removed; n++) emitExpected('missing');
    for (let n = pairs; n < added; n++) emitTyped();
    if (pairedWith) index++;
  }
  return { words, correct, total: expected.units.length };
}
