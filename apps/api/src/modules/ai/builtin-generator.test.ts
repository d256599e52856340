import { AI_TASK_KINDS, AI_TASKS } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { checkQuestionShape } from '../questions/question-rules';
import { generateBuiltin, matchTopic } from './builtin-generator';
import { LEXICON } from './lexicon';
import type { GenerationRequest } from './provider';

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

const byWord = (word: string) => LEXICON.filter((entry) => entry.word === word);
const keyOf = (question: NonNullable<ReturnType<typeof generateBuiltin>>) =>
  question.options.find((option) => option.key === (question.answer as { key: string }).key)!.content;
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the built-in generator', () => {
  it('writes the same questions for the same seed and others for another seed', () => {
    for (const task of AI_TASKS) {
      const first = Array.from({ length: 10 }, (_, index) => generateBuiltin(request({ task, index })));
      const again = Array.from({ length: 10 }, (_, index) => generateBuiltin(request({ task, index })));
      const other = Array.from({ length: 10 }, (_, index) =>
        generateBuiltin(request({ task, index, seed: 7 })),
      );
      expect(again).toEqual(first);
      expect(other).not.toEqual(first);
    }
  });

  it('gives valid questions of the bank for every task, ten distinct stems per job', () => {
    for (const task of AI_TASKS) {
      for (const seed of [1, 2, 3]) {
        const questions = Array.from(
          { length: 10 },
          (_, index) => generateBuiltin(request({ task, seed, index }))!,
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
