import type { AiTask } from '@prepwise/contract';
import { COLLOCATIONS, type Collocation } from './collocations';
import { LEXICON, LEXICON_TOPICS, type LexiconEntry, type LexiconLevel, type PartOfSpeech } from './lexicon';
import { SCRIPT_TEMPLATES } from './listening-scripts';
import type {
  ClozeGap,
  ClozeMaterial,
  GeneratedQuestion,
  GenerationOutcome,
  GenerationRequest,
  ListeningFact,
  ListeningMaterial,
  QuestionProvider,
  ScriptOutcome,
  WordListEntry,
} from './provider';

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
const levelDistance = (entry: { level: LexiconLevel }, level: string | null) =>
  Math.abs(LEVEL_ORDER.indexOf(entry.level) - levelRank(level));
/** A CEFR code within the word list's levels (A1 counts as A2, C2 as C1). */
const clampLevel = (level: string): LexiconLevel =>
  LEVEL_ORDER[Math.round(Math.min(3, Math.max(0, levelRank(level))))]!;
const PARTS_OF_SPEECH: readonly string[] = ['noun', 'verb', 'adjective', 'adverb'];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (word: string) =>
  new RegExp(`(?<![\\p{L}'’-])${escapeRegExp(word)}(?![\\p{L}'’-])`, 'iu');

/**
 * A vocabulary topic's words as word-list entries: a noun, verb, adjective or adverb with an example
 * sentence that uses the headword as written (bracketed, as the lexicon writes its sentences).
 */
function topicEntries(words: readonly WordListEntry[] | null | undefined): LexiconEntry[] {
  const entries: LexiconEntry[] = [];
  for (const word of words ?? []) {
    if (!PARTS_OF_SPEECH.includes(word.pos)) continue;
    const pattern = wordPattern(word.word);
    const example = word.examples.find((sentence) => pattern.test(sentence));
    entries.push({
      word: word.word,
      pos: word.pos as PartOfSpeech,
      level: clampLevel(word.level),
      topic: 'vocabulary-topic',
      forms: [],
      synonyms: [],
      antonyms: [],
      sentence: example ? example.replace(pattern, (match) => `[${match}]`) : '',
    });
  }
  return entries;
}

/** Every entry a job may draw from: its topic's words (when it has one) and the built-in list. */
function allEntries(request: GenerationRequest): LexiconEntry[] {
  const listed = topicEntries(request.words);
  const known = new Set(listed.map((entry) => `${entry.word.toLowerCase()}|${entry.pos}`));
  return [...listed, ...LEXICON.filter((entry) => !known.has(`${entry.word.toLowerCase()}|${entry.pos}`))];
}

/** Whether the entry's headword is one of the job's vocabulary topic's words. */
function inWordList(request: GenerationRequest): (entry: { word: string }) => boolean {
  const listed = new Set((request.words ?? []).map((word) => word.word.toLowerCase()));
  return (entry) => listed.has(entry.word.toLowerCase());
}

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
  from: readonly LexiconEntry[] = LEXICON,
): string[] {
  const candidates = shuffled(
    from.filter(
      (other) =>
        other.pos === entry.pos &&
        other.word.toLowerCase() !== entry.word.toLowerCase() &&
        !related(entry, other) &&
        !exclude.includes(other.word),
    ),
    random,
  ).sort(
    (a, b) =>
      levelDistance(a, level) - levelDistance(b, level) ||
      Number(a.topic === entry.topic) - Number(b.topic === entry.topic),
  );
  return [...new Set(candidates.map((other) => other.word))].slice(0, 3);
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
  const listed = inWordList(request);
  const candidates = shuffled(allEntries(request).filter(usable), random);
  return candidates.sort(
    (a, b) =>
      Number(listed(b)) - Number(listed(a)) ||
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
    case 'listening':
      return listeningQuestion(request, random);
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
          en: `<p>The gap needs ${/^[aeiou]/.test(pos.en) ? 'an' : 'a'} ${pos.en}: “${entry.word}”. The other options belong to the same word family but are other parts of speech or forms.</p><p>${escapeHtml(plainSentence(entry))}</p>`,
        },
        ['word-form', entry.topic],
      );
    }
    case 'vocabulary': {
      const fromSource = request.sourceText ? sourceMatches(request.sourceText) : [];
      const withSentence = pool(request, (e) => e.sentence !== '');
      // A vocabulary topic's words are the word list: only they are asked while they have examples.
      const listed = withSentence.filter(inWordList(request));
      const entries = fromSource.length > 0 ? fromSource : listed.length > 0 ? listed : withSentence;
      const entry = pick(entries);
      if (!entry) return null;
      const pos = POS_NAMES[entry.pos];
      return single(
        `<p>${gapped(entry)}</p>`,
        entry.word,
        distractors(entry, request.level, random, [], allEntries(request)),
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
    case 'reading':
      return readingQuestion(request, random);
    case 'collocation':
      return collocationQuestion(request, random);
    case 'cloze': {
      const gap = request.cloze?.gaps[request.index];
      return gap ? clozeQuestion(request, gap, random) : null;
    }
    case 'sentence_order': {
      const fromSource = request.sourceText ? sourceSentences(request.sourceText) : [];
      const sentences =
        fromSource.length > 0
          ? fromSource
          : pool(request, (entry) => entry.sentence !== '').map((entry) => plainSentence(entry));
      const sentence = sentences[request.index % sentences.length];
      if (!sentence) return null;
      return orderingFrom(sentence, random, {
        vi: `<p>Câu đúng: ${escapeHtml(sentence)}</p>`,
        en: `<p>The sentence: ${escapeHtml(sentence)}</p>`,
      });
    }
  }
}

/** Sentences of 6–30 words of a text, as written: the statements a reading question may quote. */
function statements(text: string): string[] {
  return text
    .replace(/<[^>]+>/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => {
      const count = sentence.split(' ').length;
      return count >= 6 && count <= 30 && /[.!?]$/.test(sentence);
    });
}

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * A reading question about the source text, by rules whose key is right by construction:
 * the meaning of a word in context (a word-list headword the text uses, its synonym the key) or a
 * stated detail (a sentence of the text the key; the distractors word-list sentences that are not in
 * it, on the text's topic first). Items alternate between the two kinds.
 */
function readingQuestion(request: GenerationRequest, random: () => number): GeneratedQuestion | null {
  const text = request.sourceText ?? '';
  const inText = sourceMatches(text).filter((entry) => entry.synonyms.length > 0);
  const stated = statements(text);
  // A passage of four statements or more has a main idea to ask about: the job's first question.
  const asksMainIdea = stated.length >= 4;
  if (asksMainIdea && request.index === 0) return mainIdeaQuestion(stated, random);
  const index = asksMainIdea ? request.index - 1 : request.index;
  const kinds: ('word' | 'detail')[] = [];
  if (inText.length > 0) kinds.push('word');
  if (stated.length > 0) kinds.push('detail');
  const kind = kinds[index % Math.max(kinds.length, 1)];
  if (!kind) return null;
  const round = Math.floor(index / kinds.length);
  if (kind === 'word') {
    const entry = inText[round % inText.length]!;
    const key = entry.synonyms[round % entry.synonyms.length]!;
    const used = entry.sentence.match(/\[([^\]]+)\]/)?.[1] ?? entry.word;
    return single(
      `<p>The word “${escapeHtml(used)}” in the passage is closest in meaning to:</p>`,
      key,
      distractors(entry, request.level, random, [key]).filter((word) => word !== key),
      random,
      {
        vi: `<p>Trong câu “${escapeHtml(entry.sentence.replace(/\[([^\]]+)\]/, '$1'))}”, “${escapeHtml(used)}” có nghĩa gần nhất với “${key}”.</p>`,
        en: `<p>In “${escapeHtml(entry.sentence.replace(/\[([^\]]+)\]/, '$1'))}”, “${escapeHtml(used)}” is closest in meaning to “${key}”.</p>`,
      },
      ['reading', 'vocabulary-in-context', entry.topic],
    );
  }
  const sentence = stated[round % stated.length]!;
  const passage = normalized(text);
  const topic = matchTopic(request.topic) ?? matchTopic(text);
  const others = shuffled(
    LEXICON.map(plainSentence).filter((candidate) => !passage.includes(normalized(candidate))),
    random,
  ).sort(
    (a, b) =>
      Number(LEXICON.find((entry) => plainSentence(entry) === b)?.topic === topic) -
      Number(LEXICON.find((entry) => plainSentence(entry) === a)?.topic === topic),
  );
  const wrong = [...new Set(others)].slice(0, 3);
  if (wrong.length < 3) return null;
  return single(
    '<p>Which of the following is stated in the passage?</p>',
    sentence,
    wrong,
    random,
    {
      vi: `<p>Bài đọc có câu: “${escapeHtml(sentence)}”. Các phương án còn lại không có trong bài.</p>`,
      en: `<p>The passage says: “${escapeHtml(sentence)}”. The other options are not in the text.</p>`,
    },
    ['reading', 'detail', ...(topic ? [topic] : [])],
  );
}

const STOP_WORDS = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those they them their there here we our you your he she his her i my me not no so than then also will would can could should may might must have has had do does did which who whom what when where while about into over after before more most very such each every all some any other only just'.split(
    ' ',
  ),
);

/** A sentence's content words, crudely stemmed, for comparing sentences by the words they share. */
function contentWords(sentence: string): Set<string> {
  return new Set(
    normalized(sentence)
      .split(' ')
      .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(ies|es|s|ing|ed|ly)$/, '').slice(0, 7)),
  );
}

/**
 * How central each sentence is: the sum of its (cosine) word overlap with every other sentence, the
 * first sentence — where a topic sentence usually stands — weighted up by a quarter.
 */
export function centrality(sentences: readonly string[]): number[] {
  const sets = sentences.map(contentWords);
  return sets.map((mine, i) => {
    let score = 0;
    sets.forEach((theirs, j) => {
      if (i === j || mine.size === 0 || theirs.size === 0) return;
      let shared = 0;
      for (const word of mine) if (theirs.has(word)) shared++;
      score += shared / Math.sqrt(mine.size * theirs.size);
    });
    return i === 0 ? score * 1.25 : score;
  });
}

/**
 * The main idea, by rule: the key is the passage's most central sentence (see `centrality`), the
 * distractors its three least central ones — details the passage states but does not build on.
 */
function mainIdeaQuestion(stated: readonly string[], random: () => number): GeneratedQuestion | null {
  const scores = centrality(stated);
  const ranked = stated
    .map((sentence, index) => ({ sentence, score: scores[index]! }))
    .sort((a, b) => b.score - a.score);
  const key = ranked[0]!.sentence;
  const wrong = [...new Set(ranked.slice(1).map((entry) => entry.sentence))]
    .filter((sentence) => sentence !== key)
    .slice(-3);
  if (wrong.length < 3) return null;
  return single(
    '<p>Which sentence best states the main idea of the passage?</p>',
    key,
    wrong,
    random,
    {
      vi: `<p>Ý chính của bài nằm ở câu “${escapeHtml(key)}”: các câu khác của bài đều nói thêm về nó. Các phương án còn lại chỉ là chi tiết.</p>`,
      en: `<p>The main idea is “${escapeHtml(key)}”: the rest of the passage builds on it. The other options are details.</p>`,
    },
    ['reading', 'main-idea'],
  );
}

/** Collocations for the request: its vocabulary topic's words and topic first, then the nearest level. */
function collocationQuestion(request: GenerationRequest, random: () => number): GeneratedQuestion | null {
  const topic = matchTopic(request.topic);
  const listed = inWordList(request);
  const ranked = shuffled(COLLOCATIONS, seededRandom(request.seed)).sort(
    (a, b) =>
      Number(listed({ word: b.partner }) || listed({ word: b.key })) -
        Number(listed({ word: a.partner }) || listed({ word: a.key })) ||
      Number(topic !== null && b.topic === topic) - Number(topic !== null && a.topic === topic) ||
      levelDistance(a, request.level) - levelDistance(b, request.level),
  );
  const item: Collocation | undefined = ranked[request.index % ranked.length];
  if (!item) return null;
  const sentence = item.sentence.replace(/\[([^\]]+)\]/, '$1');
  const pos = POS_NAMES[item.pos];
  return single(
    `<p>${escapeHtml(item.sentence.replace(/\[[^\]]+\]/, '_______'))}</p>`,
    item.key,
    shuffled(item.wrong, random).slice(0, 3),
    random,
    {
      vi: `<p>“${item.key}” đi với “${item.partner}” thành một cụm từ cố định (collocation). Các ${pos.vi} còn lại không kết hợp với “${item.partner}” theo cách này.</p><p>${escapeHtml(sentence)}</p>`,
      en: `<p>“${item.key}” goes with “${item.partner}” (a collocation). The other ${pos.en}s do not combine with “${item.partner}” this way.</p><p>${escapeHtml(sentence)}</p>`,
    },
    ['collocation', item.topic],
  );
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The question of one cloze gap: the word taken out is the key; distractors share its part of speech. */
function clozeQuestion(
  request: GenerationRequest,
  gap: ClozeGap,
  random: () => number,
): GeneratedQuestion | null {
  if (!PARTS_OF_SPEECH.includes(gap.pos)) return null;
  const entries = allEntries(request);
  const entry = entries.find(
    (candidate) => candidate.word.toLowerCase() === gap.word.toLowerCase() && candidate.pos === gap.pos,
  ) ?? {
    word: gap.word,
    pos: gap.pos as PartOfSpeech,
    level: clampLevel(gap.level),
    topic: 'vocabulary-topic' as const,
    forms: [],
    synonyms: [],
    antonyms: [],
    sentence: '',
  };
  const sentenceWords = new Set(normalized(gap.sentence).split(' '));
  let wrong = distractors(entry, gap.level, random, [], entries).filter(
    (word) => !sentenceWords.has(word.toLowerCase()),
  );
  if (wrong.length < 3) wrong = distractors(entry, gap.level, random, [], entries);
  if (wrong.length < 3) return null;
  // A gap at the start of a sentence: every option capitalized, so the capital gives nothing away.
  const startsSentence = gap.word.charAt(0) !== gap.word.charAt(0).toLowerCase();
  const shown = startsSentence ? wrong.map(capitalized) : wrong;
  const pos = POS_NAMES[gap.pos as PartOfSpeech];
  return single(
    `<p>(${gap.number}) ${escapeHtml(gap.sentence)}</p>`,
    gap.word,
    shown,
    random,
    {
      vi: `<p>Chỗ trống (${gap.number}) cần ${pos.vi} “${escapeHtml(gap.word)}”, từ duy nhất hợp nghĩa với câu và đoạn văn. Các phương án khác cũng là ${pos.vi} nhưng không hợp nghĩa.</p>`,
      en: `<p>Gap (${gap.number}) takes the ${pos.en} “${escapeHtml(gap.word)}”, the only option that fits the sentence and the passage. The other options are ${pos.en}s too but do not fit.</p>`,
    },
    ['cloze', ...(entry.topic === 'vocabulary-topic' ? [] : [entry.topic])],
  );
}

/** The source text's paragraphs (blank-line separated) as their sentences. */
function paragraphsOf(text: string): string[][] {
  return text
    .replace(/<\/(p|div|h\d|li)>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?])\s+/)
        .filter(Boolean),
    )
    .filter((block) => block.length > 0);
}

export interface ClozeSource {
  sourceText: string | null;
  words: WordListEntry[] | null;
  topic: string | null;
  level: string | null;
  seed: number;
  count: number;
}

/**
 * A cloze passage with up to `count` numbered gaps, fixed by the seed. From a source text: in as many
 * sentences as there are gaps, one word of the word list (the vocabulary topic's words first) is taken
 * out, numbered in reading order. Without a text: the example sentences of the word list (the topic's,
 * else the built-in list by topic and level), each with its headword taken out.
 */
export function buildCloze(source: ClozeSource): ClozeMaterial {
  const random = seededRandom(source.seed * 31 + 17);
  const request: GenerationRequest = {
    task: 'cloze',
    level: source.level,
    topic: source.topic,
    sourceText: source.sourceText,
    explanationLanguage: 'en',
    seed: source.seed,
    index: 0,
    words: source.words,
  };
  const entries = allEntries(request).filter((entry) => !entry.word.includes(' '));
  const listed = inWordList(request);
  type Spot = { paragraph: number; sentence: number; word: string; entry: LexiconEntry };
  let paragraphs: string[][];
  const chosen: Spot[] = [];
  if (source.sourceText) {
    paragraphs = paragraphsOf(source.sourceText);
    const places = paragraphs.flatMap((sentences, p) => sentences.map((_, i) => ({ p, i })));
    for (const { p, i } of shuffled(places, random)) {
      if (chosen.length >= source.count) break;
      const sentence = paragraphs[p]![i]!;
      const fits = entries
        .map((entry) => ({ entry, match: wordPattern(entry.word).exec(sentence) }))
        .filter((found) => found.match !== null)
        .sort((a, b) => Number(listed(b.entry)) - Number(listed(a.entry)));
      const best = fits.filter((found) => listed(found.entry) === listed(fits[0]!.entry));
      const found = best[Math.floor(random() * best.length)];
      if (found) chosen.push({ paragraph: p, sentence: i, word: found.match![0], entry: found.entry });
    }
  } else {
    const withSentence = pool(request, (entry) => entry.sentence !== '');
    const fromList = withSentence.filter(listed);
    const picked = (fromList.length > 0 ? fromList : withSentence).slice(0, source.count);
    paragraphs = [picked.map(plainSentence)];
    picked.forEach((entry, i) => {
      const word = /\[([^\]]+)\]/.exec(entry.sentence)?.[1] ?? entry.word;
      chosen.push({ paragraph: 0, sentence: i, word, entry });
    });
  }
  chosen.sort((a, b) => a.paragraph - b.paragraph || a.sentence - b.sentence);
  const gaps: ClozeGap[] = [];
  const gappedSentences = paragraphs.map((sentences) => sentences.map((sentence) => escapeHtml(sentence)));
  chosen.forEach((spot, index) => {
    const number = index + 1;
    const sentence = paragraphs[spot.paragraph]![spot.sentence]!;
    const pattern = wordPattern(spot.word);
    gaps.push({
      number,
      word: spot.word,
      pos: spot.entry.pos,
      level: spot.entry.level,
      sentence: sentence.replace(pattern, '_______'),
    });
    gappedSentences[spot.paragraph]![spot.sentence] = escapeHtml(sentence).replace(
      pattern,
      `<strong>(${number})</strong> _______`,
    );
  });
  return {
    passage: gappedSentences.map((sentences) => `<p>${sentences.join(' ')}</p>`).join(''),
    gaps,
  };
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

const SPEAKERS_VI: Record<string, string> = { Woman: 'người phụ nữ', Man: 'người đàn ông' };

/**
 * A listening script by rules, fixed by the seed: one of the templates of `listening-scripts.ts` (those
 * on the job's topic first, else any), each slot filled with one of its four choices. Each slot gives
 * one fact to ask about: the choice's wording as the key, the other three choices as the distractors.
 */
export function buildListening(source: { topic: string | null; seed: number }): ListeningMaterial {
  const random = seededRandom(source.seed * 53 + 29);
  const topic = matchTopic(source.topic);
  const onTopic = SCRIPT_TEMPLATES.filter((template) => topic !== null && template.topics.includes(topic));
  const templates = onTopic.length > 0 ? onTopic : SCRIPT_TEMPLATES;
  const template = templates[Math.floor(random() * templates.length)]!;
  const chosen = new Map<string, number>();
  for (const slot of Object.keys(template.slots)) chosen.set(slot, Math.floor(random() * 4));
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, slot: string) => template.slots[slot]![chosen.get(slot)!]!.say);
  const lines = template.lines.map((line) => ({ speaker: line.speaker, text: fill(line.text) }));
  const facts: ListeningFact[] = template.questions.map((question) => {
    const choices = template.slots[question.slot]!;
    const picked = choices[chosen.get(question.slot)!]!;
    const others = choices.filter((choice) => choice !== picked);
    return {
      question: question.text,
      answer: picked.ask,
      distractors: others.map((choice) => choice.ask),
      line: template.lines.findIndex((line) => line.text.includes(`{${question.slot}}`)),
      evidence: picked.say,
      distractorEvidence: others.map((choice) => choice.say),
    };
  });
  return { kind: template.kind, title: template.title, lines, facts };
}

/** The question of item N about a script written by rules: its fact N, the key the line's wording. */
function listeningQuestion(request: GenerationRequest, random: () => number): GeneratedQuestion | null {
  const material = request.listening;
  const fact = material?.facts?.[request.index];
  if (!material || !fact) return null;
  const line = material.lines[fact.line]!;
  const who = SPEAKERS_VI[line.speaker] ?? 'người nói';
  const said = escapeHtml(line.text);
  return single(
    `<p>${escapeHtml(fact.question)}</p>`,
    fact.answer,
    fact.distractors,
    random,
    {
      vi: `<p>Trong bài nghe có câu (${who}): “${said}” Vì vậy đáp án là “${escapeHtml(fact.answer)}”. Các phương án còn lại không được nhắc đến.</p>`,
      en: `<p>${line.speaker === 'Speaker' ? 'The speaker' : `The ${line.speaker.toLowerCase()}`} says: “${said}” So the answer is “${escapeHtml(fact.answer)}”. The other options are not mentioned.</p>`,
    },
    ['listening', material.kind === 'conversation' ? 'conversation' : 'talk'],
  );
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

  async writeScript(request: GenerationRequest): Promise<ScriptOutcome> {
    const prompt = `built-in rules · listening script · topic ${request.topic ?? '-'} · seed ${request.seed}`;
    return { ok: true, material: buildListening(request), prompt, attempts: 1 };
  }
}

export const BUILTIN_TASKS: readonly AiTask[] = [
  'word_form',
  'vocabulary',
  'synonym',
  'antonym',
  'sentence_order',
  'reading',
  'collocation',
  'cloze',
  'listening',
];
