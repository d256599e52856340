import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/*
 * Names in Vietnamese order (issue 30: "Đặng" sorted after "Võ"). PostgreSQL's ICU collations differ
 * between servers and PGlite has no Vietnamese rules (its `und-x-icu` puts "Ăn" before "Anh"), so the
 * order is computed from the text: `translate()` turns a name into two keys compared byte by byte
 * (`collate "C"`), which sort as `Intl.Collator('vi')` does for Vietnamese names:
 *   1. the letters of the Vietnamese alphabet, each a code point in alphabet order
 *      (a ă â b c d đ e ê … o ô ơ … u ư v w x y z), upper and lower case alike;
 *   2. the tones of its vowels (none, huyền, hỏi, ngã, sắc, nặng), for names whose letters are equal.
 * Spaces, digits and punctuation keep their code points, below every letter, as in the collator.
 */

const ALPHABET = ['a', 'ă', 'â', 'b', 'c', 'd', 'đ', 'e', 'ê', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'];
ALPHABET.push('o', 'ô', 'ơ', 'p', 'q', 'r', 's', 't', 'u', 'ư', 'v', 'w', 'x', 'y', 'z');
const VOWELS = new Set(['a', 'ă', 'â', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y']);
/** Combining marks of the tones, in the collator's order after "no tone". */
const TONES = ['\u0300', '\u0309', '\u0303', '\u0301', '\u0323'];
/** Letter keys: private-use code points, so no character of a real name can fall between them. */
const letterKey = (index: number) => String.fromCodePoint(0xe000 + index);

function buildMaps() {
  let from = '';
  let letters = '';
  let tones = '';
  ALPHABET.forEach((letter, index) => {
    const forms = VOWELS.has(letter)
      ? ['', ...TONES].map((tone) => (letter + tone).normalize('NFC'))
      : [letter];
    forms.forEach((form, tone) => {
      for (const cased of new Set([form, form.toUpperCase()])) {
        from += cased;
        letters += letterKey(index);
        // A consonant keeps itself in the tone key: equal letter keys mean equal consonants.
        tones += VOWELS.has(letter) ? String(tone) : cased.toLowerCase();
      }
    });
  });
  return { from, letters, tones };
}

const MAPS = buildMaps();

/**
 * `ORDER BY` terms that put `text` in Vietnamese alphabetical order; add a unique column after them
 * for a stable order (`…vietnameseOrder(users.fullName), asc(users.email)`).
 */
export function vietnameseOrder(text: SQLWrapper, direction: 'asc' | 'desc' = 'asc'): SQL {
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  return sql`translate(${text}, ${MAPS.from}::text, ${MAPS.letters}::text) collate "C" ${dir}, translate(${text}, ${MAPS.from}::text, ${MAPS.tones}::text) collate "C" ${dir}`;
}
