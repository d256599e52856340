import { describe, expect, it } from 'vitest';
import { getComparisonLesson } from './comparison.server';
import { getTenseLessons } from './tenses.server';

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
