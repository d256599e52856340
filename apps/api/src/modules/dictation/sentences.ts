import type { DictationSentence } from '@prepwise/contract';
import { plainText } from '../../lib/html';

/*
 * A transcript (rich text, one paragraph per turn, "<strong>Man:</strong> …" when several people speak)
 * cut into the sentences a learner writes down one at a time.
 */

const TURNS = /<\/p>|<br\s*\/?>/i;
/** "Man: …", "Woman 2: …", "Narrator: …": a short capitalised label before a colon opens a turn. */
const SPEAKER = /^([A-Z][A-Za-z]{1,15}(?: [0-9A-Z][A-Za-z0-9]{0,10})?):\s+(.+)$/;
/** Words ending in a full stop that do not end a sentence ("Mr. Tanaka"). */
const ABBREVIATIONS = /(?:^|\s)(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|Inc|Ltd|Co|vs|etc|e\.g|i\.e|No)\.\s*$/;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const piece = segment.trim();
    if (!piece) continue;
    const last = sentences.length - 1;
    if (last >= 0 && ABBREVIATIONS.test(sentences[last]!)) sentences[last] = `${sentences[last]} ${piece}`;
    else sentences.push(piece);
  }
  return sentences.filter((sentence) => /[A-Za-z0-9]/.test(sentence));
}

/** The sentences of a transcript in order, each with its speaker's label when the transcript names one. */
export function transcriptSentences(html: string): DictationSentence[] {
  const sentences: DictationSentence[] = [];
  for (const turn of html.split(TURNS)) {
    const text = plainText(turn);
    if (!text) continue;
    const labelled = SPEAKER.exec(text);
    const speaker = labelled ? labelled[1]! : null;
    for (const sentence of splitSentences(labelled ? labelled[2]! : text)) {
      sentences.push({ index: sentences.length, speaker, text: sentence });
    }
  }
  return sentences;
}

/** Words as a learner types them: runs of letters, digits and apostrophes. */
export const countWords = (text: string) => text.match(/[\p{L}\p{N}'’]+/gu)?.length ?? 0;
