import type { AiTask } from '@prepwise/contract';
import { LEXICON, LEXICON_TOPICS, type LexiconEntry, type LexiconLevel, type PartOfSpeech } from './lexicon';
import type { GeneratedQuestion, GenerationOutcome, GenerationRequest, QuestionProvider } from './provider';

/** mulberry32: a small seeded generator, so a job's seed gives the same questions every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const LEVEL_ORDER: LexiconLevel[] = ['A2', 'B1', 'B2', 'C1'];
const levelRank = (level: string | null) => {
  if (!level) return 1.5;
  if (level === 'A1') return 0;
  if (level === 'C2') return 3;
  const rank = LEVEL_ORDER.indexOf(level as LexiconLevel);
  return rank < 0 ? 1.5 : rank;
};
const levelDistance = (entry: LexiconEntry, level: string | null) =>
  Math.abs(LEVEL_ORDER.indexOf(entry.level) - levelRank(level));

const KEYS = ['A', 'B', 'C', 'D'];

const POS_NAMES: Record<PartOfSpeech, { vi: string; en: string }> = {
  noun: { vi: 'danh từ', en: 'noun' },
  verb: { vi: 'động từ', en: 'verb' },
  adjective: { vi: 'tính từ', en: 'adjective' },
  adverb: { vi: 'trạng từ', en: 'adverb' },
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The entry's sentence with the headword replaced by a gap (or underlined). */
const gapped = (entry: LexiconEntry) => escapeHtml(entry.sentence.replace(/\[[^\]]+\]/, '_______'));
const underlined = (entry: LexiconEntry) => escapeHtml(entry.sentence).replace(/\[([^\]]+)\]/, '<u>$1</u>');
const plainSentence = (entry: LexiconEntry) => entry.sentence.replace(/\[([^\]]+)\]/, '$1');

/** Words the entry must never be confused with: itself, its synonyms and antonyms, and the reverse. */
function related(entry: LexiconEntry, other: LexiconEntry): boolean {
  const mine = new Set([entry.word, ...entry.synonyms, ...entry.antonyms, ...entry.forms]);
  const theirs = new Set([other.word, ...other.synonyms, ...other.antonyms, ...other.forms]);
  return mine.has(other.word) || theirs.has(entry.word);
}

/** Distractors: other headwords of the same part of speech, nearest in level, preferably another topic. */
function distractors(
  entry: LexiconEntry,
  level: string | null,
  random: () => number,
  exclude: string[],
): string[] {
  const candidates = shuffled(
    LEXICON.filter(
      (other) =>
        other.pos === entry.pos &&
        other.word !== entry.word &&
        !related(entry, other) &&
        !exclude.includes(other.word),
    ),
    random,
  ).sort(
    (a, b) =>
      levelDistance(a, level) - levelDistance(b, level) ||
      Number(a.topic === entry.topic) - Number(b.topic === entry.topic),
  );
  return candidates.slice(0, 3).map((other) => other.word);
}

function withOptions(
  key: string,
  wrong: string[],
  random: () => number,
): { options: { key: string; content: string }[]; answer: { key: string } } {
  const contents = shuffled([key, ...wrong], random);
  const options = contents.map((content, index) => ({ key: KEYS[index]!, content }));
  return { options, answer: { key: options.find((option) => option.content === key)!.key } };
}

type Explanation = { vi: string; en: string };

function single(
  stem: string,
  key: string,
  wrong: string[],
  random: () => number,
  explanation: Explanation,
  tags: string[],
): GeneratedQuestion {
  return {
    answer_kind: 'single_choice',
    stem,
    ...withOptions(key, wrong, random),
    items: [],
    explanation,
    tags,
  };
}

/** Candidates for a task, the requested topic and level first. */
function pool(request: GenerationRequest, usable: (entry: LexiconEntry) => boolean): LexiconEntry[] {
  const topic = matchTopic(request.topic);
  const random = seededRandom(request.seed);
  const candidates = shuffled(LEXICON.filter(usable), random);
  return candidates.sort(
    (a, b) =>
      Number(topic !== null && b.topic === topic) - Number(topic !== null && a.topic === topic) ||
      levelDistance(a, request.level) - levelDistance(b, request.level),
  );
}

const TOPIC_WORDS: Record<(typeof LEXICON_TOPICS)[number], string[]> = {
  business: ['business', 'kinh doanh', 'company', 'công ty', 'sales', 'bán hàng', 'office'],
  work: ['work', 'việc', 'job', 'công việc', 'office', 'văn phòng', 'staff'],
  travel: ['travel', 'du lịch', 'hotel', 'khách sạn', 'trip', 'tourism'],
  education: ['education', 'giáo dục', 'school', 'trường', 'study', 'học'],
  health: ['health', 'sức khỏe', 'sức khoẻ', 'hospital', 'bệnh viện', 'medicine'],
  environment: ['environment', 'môi trường', 'nature', 'thiên nhiên', 'climate', 'khí hậu'],
  technology: ['technology', 'công nghệ', 'computer', 'máy tính', 'internet', 'software'],
};

/** The lexicon topic a free-text topic names, if any. */
export function matchTopic(topic: string | null): (typeof LEXICON_TOPICS)[number] | null {
  if (!topic) return null;
  const lower = topic.toLowerCase();
  for (const name of LEXICON_TOPICS) if (TOPIC_WORDS[name].some((word) => lower.includes(word))) return name;
  return null;
}

/** Sentences of 6–14 words from a source text, for ordering questions. */
function sourceSentences(text: string): string[] {
  return text
    .replace(/<[^>]+>/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => {
      const count = sentence.split(' ').length;
      return count >= 6 && count <= 14 && /[.!?]$/.test(sentence);
    });
}

function orderingFrom(
  sentence: string,
  random: () => number,
  explanation: Explanation,
): GeneratedQuestion | null {
  const wordList = sentence.split(' ');
  const chunkCount = Math.min(5, Math.max(4, Math.round(wordList.length / 3)));
  const size = Math.ceil(wordList.length / chunkCount);
  const chunks: string[] = [];
  for (let i = 0; i < wordList.length; i += size) chunks.push(wordList.slice(i, i + size).join(' '));
  if (chunks.length < 3 || new Set(chunks).size !== chunks.length) return null;
  const keyed = chunks.map((content, index) => ({
    key: KEYS[index] ?? String.fromCharCode(65 + index),
    content,
  }));
  let presented = shuffled(keyed, random);
  // Never present the chunks already in order.
  if (presented.every((chunk, index) => chunk.key === keyed[index]!.key))
    presented = [...presented.slice(1), presented[0]!];
  const relabeled = presented.map((chunk, index) => ({
    key: String.fromCharCode(65 + index),
    content: chunk.content,
  }));
  const order = keyed.map((chunk) => relabeled.find((option) => option.content === chunk.content)!.key);
  return {
    answer_kind: 'ordering',
    stem: '<p>Put the parts in the right order to make a sentence.</p>',
    options: relabeled,
    items: [],
    answer: { order },
    explanation,
    tags: ['sentence-order'],
  };
}

/** Writes one question by rules. Answers null when the word list has nothing usable for the request. */
export function generateBuiltin(request: GenerationRequest): GeneratedQuestion | null {
  const random = seededRandom(request.seed * 1009 + request.index * 7919 + 1);
  const pick = (entries: LexiconEntry[]) => entries[request.index % entries.length];
  switch (request.task) {
    case 'word_form': {
      const entry = pick(pool(request, (e) => e.forms.length >= 3));
      if (!entry) return null;
      const wrong = shuffled(
        entry.forms.filter((form) => form !== entry.word),
        random,
      ).slice(0, 3);
      const pos = POS_NAMES[entry.pos];
      return single(
        `<p>${gapped(entry)}</p>`,
        entry.word,
        wrong,
        random,
        {
          vi: `<p>Chỗ trống cần một ${pos.vi}: “${entry.word}”. Các phương án khác là những từ cùng họ nhưng khác từ loại hoặc dạng.</p><p>${escapeHtml(plainSentence(entry))}</p>`,
          en: `<p>The gap needs a ${pos.en}: “${entry.word}”. The other options belong to the same word family but are other parts of speech or forms.</p><p>${escapeHtml(plainSentence(entry))}</p>`,
        },
        ['word-form', entry.topic],
      );
    }
    case 'vocabulary': {
      const fromSource = request.sourceText ? sourceMatches(request.sourceText) : [];
      const entries = fromSource.length > 0 ? fromSource : pool(request, () => true);
      const entry = pick(entries);
      if (!entry) return null;
      const pos = POS_NAMES[entry.pos];
      return single(
        `<p>${gapped(entry)}</p>`,
        entry.word,
        distractors(entry, request.level, random, []),
        random,
        {
          vi: `<p>Đáp án là “${entry.word}” (${pos.vi}), từ duy nhất hợp nghĩa với câu.</p><p>${escapeHtml(plainSentence(entry))}</p>`,
          en: `<p>The answer is “${entry.word}” (${pos.en}), the only word that fits the meaning of the sentence.</p><p>${escapeHtml(plainSentence(entry))}</p>`,
        },
        ['vocabulary', entry.topic],
      );
    }
    case 'synonym':
    case 'antonym': {
      const list = (entry: LexiconEntry) => (request.task === 'synonym' ? entry.synonyms : entry.antonyms);
      const entry = pick(pool(request, (e) => list(e).length > 0));
      if (!entry) return null;
      const key = list(entry)[request.index % list(entry).length]!;
      const wrong = distractors(entry, request.level, random, []).filter((word) => word !== key);
      const closest = request.task === 'synonym';
      return single(
        `<p>${underlined(entry)}</p><p>${closest ? 'The underlined word is closest in meaning to:' : 'The underlined word is most nearly opposite in meaning to:'}</p>`,
        key,
        wrong,
        random,
        {
          vi: `<p>“${entry.word}” ${closest ? 'gần nghĩa nhất với' : 'trái nghĩa với'} “${key}”. Các phương án khác cũng là ${POS_NAMES[entry.pos].vi} nhưng nghĩa khác hẳn.</p>`,
          en: `<p>“${entry.word}” ${closest ? 'is closest in meaning to' : 'is the opposite of'} “${key}”. The other options are ${POS_NAMES[entry.pos].en}s too, with unrelated meanings.</p>`,
        },
        [request.task, entry.topic],
      );
    }
    case 'sentence_order': {
      const fromSource = request.sourceText ? sourceSentences(request.sourceText) : [];
      const sentences =
        fromSource.length > 0 ? fromSource : pool(request, () => true).map((entry) => plainSentence(entry));
      const sentence = sentences[request.index % sentences.length];
      if (!sentence) return null;
      return orderingFrom(sentence, random, {
        vi: `<p>Câu đúng: ${escapeHtml(sentence)}</p>`,
        en: `<p>The sentence: ${escapeHtml(sentence)}</p>`,
      });
    }
  }
}

/** Headwords used in the source text (as written), each with a sentence of the source as its gap sentence. */
function sourceMatches(text: string): LexiconEntry[] {
  const found: LexiconEntry[] = [];
  const sentences = text
    .replace(/<[^>]+>/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim());
  for (const entry of LEXICON) {
    const pattern = new RegExp(`\\b${entry.word}\\b`, 'i');
    const sentence = sentences.find((candidate) => pattern.test(candidate));
    if (sentence) found.push({ ...entry, sentence: sentence.replace(pattern, (match) => `[${match}]`) });
  }
  return found;
}

export class BuiltinProvider implements QuestionProvider {
  readonly name = 'builtin' as const;
  readonly model = 'prepwise-rules-1';

  async generate(request: GenerationRequest): Promise<GenerationOutcome> {
    const prompt = `built-in rules · task ${request.task} · level ${request.level ?? '-'} · topic ${request.topic ?? '-'} · seed ${request.seed} · item ${request.index + 1}`;
    const question = generateBuiltin(request);
    if (!question) return { ok: false, error: 'ai.error_no_material', prompt, attempts: 1 };
    return { ok: true, question, prompt, attempts: 1 };
  }
}

export const BUILTIN_TASKS: readonly AiTask[] = [
  'word_form',
  'vocabulary',
  'synonym',
  'antonym',
  'sentence_order',
];
