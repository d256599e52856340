import { GRAMMAR_LESSON_SLUGS, type Locale } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { getComparisonLesson } from './comparison.server';
import { getTenseLessons } from './tenses.server';
import { GRAMMAR_TOPICS, getGrammarHub, getTopicLesson } from './topics.server';
import type { Question } from './types';

/** Letters only Vietnamese writes (English examples use plain ASCII letters, é at most). */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

describe('grammar lessons sent to the page', () => {
  it('carry only English in English: no Vietnamese names, notes or translations', () => {
    const tenses = getTenseLessons('en');
    const comparison = getComparisonLesson('en');
    expect(JSON.stringify(tenses)).not.toMatch(VIETNAMESE);
    expect(JSON.stringify(comparison)).not.toMatch(VIETNAMESE);
    expect(tenses[0]).toMatchObject({ id: 'present-simple', name: 'Present simple' });
    expect(tenses[0]).not.toHaveProperty('englishName');
    expect(tenses[0]?.examples[0]).toEqual({ en: 'She checks her email every morning.' });
    expect(comparison.sections[0]?.title).toBe('Short adjectives: add -er / -est');
  });

  it('carry Vietnamese explanations with the English names and sentences in Vietnamese', () => {
    const [presentSimple] = getTenseLessons('vi');
    expect(presentSimple).toMatchObject({
      name: 'Hiện tại đơn',
      englishName: 'Present simple',
      uses: expect.arrayContaining(['Sự thật hiển nhiên, chân lý.']),
    });
    expect(presentSimple?.examples[0]).toEqual({
      en: 'She checks her email every morning.',
      translation: 'Cô ấy kiểm tra email mỗi sáng.',
    });
    expect(presentSimple?.mistakes[1]?.note).toBe('Khi đã có does, động từ chính trở về nguyên mẫu.');
    expect(getComparisonLesson('vi').sections[0]?.title).toBe('Tính từ ngắn: thêm -er / -est');
  });

  it('give every section its own anchor and every exercise one gap and a valid answer', () => {
    const tenses = getTenseLessons('vi');
    const comparison = getComparisonLesson('vi');
    expect(tenses).toHaveLength(12);
    const anchors = [...tenses.map((tense) => tense.id), ...comparison.sections.map((section) => section.id)];
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const question of [...tenses.flatMap((tense) => tense.practice), ...comparison.practice]) {
      expect(question.sentence.split('___'), question.sentence).toHaveLength(2);
      expect(question.options[question.answer], question.sentence).toBeDefined();
    }
  });
});

/** The practice questions of the lesson a hub card opens, as that page shows them in `locale`. */
function practiceBehind(to: string, locale: Locale): Question[] {
  if (to === '/grammar/tense') return getTenseLessons(locale).flatMap((tense) => tense.practice);
  if (to === '/grammar/comparison') return getComparisonLesson(locale).practice;
  const lesson = getTopicLesson(to.replace('/grammar/', ''), locale);
  if (!lesson) throw new Error(`The hub links to ${to}, which has no lesson`);
  return lesson.practice;
}

describe('the grammar hub', () => {
  it('lists at least ten lessons, each with exercises in both languages and a right answer among the choices', () => {
    const vi = getGrammarHub('vi');
    const en = getGrammarHub('en');
    expect(vi.length).toBeGreaterThanOrEqual(10);
    expect(en.map((entry) => entry.to)).toEqual(vi.map((entry) => entry.to));
    expect(new Set(vi.map((entry) => entry.to)).size).toBe(vi.length);
    expect(JSON.stringify(en)).not.toMatch(VIETNAMESE);
    expect(vi.find((entry) => entry.to === '/grammar/articles')?.title).toBe('Mạo từ a, an, the');
    expect(en.find((entry) => entry.to === '/grammar/articles')?.title).toBe('Articles: a, an and the');
    for (const entry of vi) {
      const practiceVi = practiceBehind(entry.to, 'vi');
      const practiceEn = practiceBehind(entry.to, 'en');
      expect(practiceVi.length, entry.to).toBeGreaterThanOrEqual(3);
      expect(practiceEn.map(({ sentence, options, answer }) => ({ sentence, options, answer }))).toEqual(
        practiceVi.map(({ sentence, options, answer }) => ({ sentence, options, answer })),
      );
      for (const question of practiceVi) {
        expect(question.sentence.split('___'), question.sentence).toHaveLength(2);
        expect(Number.isInteger(question.answer), question.sentence).toBe(true);
        expect(question.options[question.answer], question.sentence).toBeDefined();
        expect(new Set(question.options).size, question.sentence).toBe(question.options.length);
      }
    }
  });

  it('explains every topic exercise in Vietnamese and in English, and keeps Vietnamese out of the English page', () => {
    for (const topic of GRAMMAR_TOPICS) {
      const vi = getTopicLesson(topic.slug, 'vi');
      const en = getTopicLesson(topic.slug, 'en');
      expect(JSON.stringify(en), topic.slug).not.toMatch(VIETNAMESE);
      expect(vi?.title, topic.slug).toMatch(VIETNAMESE);
      for (const [index, question] of (vi?.practice ?? []).entries()) {
        expect(question.explanation, question.sentence).toMatch(VIETNAMESE);
        expect(en?.practice[index]?.explanation, question.sentence).toMatch(/\w/);
      }
      expect(vi?.mistakes.length, topic.slug).toBeGreaterThanOrEqual(3);
      const anchors = vi?.sections.map((section) => section.id) ?? [];
      expect(new Set([...anchors, 'mistakes', 'practice']).size, topic.slug).toBe(anchors.length + 2);
      for (const section of en?.sections ?? []) {
        for (const row of section.table?.rows ?? [])
          expect(row).toHaveLength(section.table?.head.length ?? 0);
      }
    }
  });

  it('has a lesson for every slug the sitemap lists (the contract), and none for an unknown slug', () => {
    expect(GRAMMAR_TOPICS.map((topic) => topic.slug)).toEqual([...GRAMMAR_LESSON_SLUGS]);
    expect(getTopicLesson('tense-and-more', 'vi')).toBeUndefined();
  });

  it('does not follow an answer pattern a guess could exploit', () => {
    for (const topic of GRAMMAR_TOPICS) {
      const positions = topic.practice.map((question) => question.answer);
      expect(new Set(positions).size, topic.slug).toBeGreaterThanOrEqual(2);
    }
  });
});
