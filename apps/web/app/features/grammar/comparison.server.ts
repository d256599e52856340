import type { Locale } from '@prepwise/contract';
import { localizeExample, localizeMistake, pick } from './lesson.server';
import type { ComparisonLesson, ComparisonSection, Mistake, Question } from './types';

/** Comparatives and superlatives, original Prepwise content. */
export const COMPARISON_SECTIONS: ComparisonSection[] = [
  {
    id: 'short-adjectives',
    title: { vi: 'Tính từ ngắn: thêm -er / -est', en: 'Short adjectives: add -er / -est' },
    intro: {
      vi: 'Tính từ một âm tiết (và tính từ hai âm tiết tận cùng bằng -y) thêm -er để so sánh hơn, the … -est để so sánh nhất.',
      en: 'One-syllable adjectives (and two-syllable adjectives ending in -y) add -er for the comparative and the … -est for the superlative.',
    },
    formulas: ['S + V + adj-er + than + N', 'S + V + the + adj-est + (N)'],
    rules: [
      {
        rule: { vi: 'Thông thường: thêm -er / -est', en: 'Most: add -er / -est' },
        comparative: 'cheap → cheaper',
        superlative: 'the cheapest',
      },
      {
        rule: { vi: 'Tận cùng bằng -e: thêm -r / -st', en: 'Ending in -e: add -r / -st' },
        comparative: 'large → larger',
        superlative: 'the largest',
      },
      {
        rule: {
          vi: 'Một nguyên âm + một phụ âm cuối: gấp đôi phụ âm',
          en: 'One vowel + one consonant: double the consonant',
        },
        comparative: 'big → bigger',
        superlative: 'the biggest',
      },
      {
        rule: { vi: 'Tận cùng bằng phụ âm + -y: đổi y thành i', en: 'Consonant + -y: change y to i' },
        comparative: 'busy → busier',
        superlative: 'the busiest',
      },
    ],
    examples: [
      { en: 'This laptop is lighter than my old one.', vi: 'Chiếc laptop này nhẹ hơn chiếc cũ của tôi.' },
      {
        en: 'August is the busiest month for our hotel.',
        vi: 'Tháng Tám là tháng đông khách nhất của khách sạn chúng tôi.',
      },
    ],
  },
  {
    id: 'long-adjectives',
    title: { vi: 'Tính từ dài: more / the most', en: 'Long adjectives: more / the most' },
    intro: {
      vi: 'Tính từ từ hai âm tiết trở lên (trừ loại tận cùng -y) và hầu hết trạng từ đuôi -ly dùng more / the most.',
      en: 'Adjectives of two or more syllables (except those ending in -y) and most -ly adverbs use more / the most.',
    },
    formulas: ['S + V + more + adj + than + N', 'S + V + the most + adj + (N)'],
    rules: [
      {
        rule: { vi: 'Tính từ dài', en: 'Long adjectives' },
        comparative: 'more expensive',
        superlative: 'the most expensive',
      },
      {
        rule: { vi: 'Trạng từ đuôi -ly', en: '-ly adverbs' },
        comparative: 'more carefully',
        superlative: 'the most carefully',
      },
      {
        rule: {
          vi: 'Một số tính từ hai âm tiết dùng được cả hai cách',
          en: 'Some two-syllable adjectives take both',
        },
        comparative: 'quieter / more quiet',
        superlative: 'the quietest / the most quiet',
      },
    ],
    examples: [
      {
        en: 'The new software is more reliable than the old system.',
        vi: 'Phần mềm mới ổn định hơn hệ thống cũ.',
      },
      {
        en: 'She answered the most carefully of all the candidates.',
        vi: 'Cô ấy trả lời cẩn thận nhất trong số các ứng viên.',
      },
    ],
  },
  {
    id: 'irregular',
    title: { vi: 'Dạng bất quy tắc', en: 'Irregular forms' },
    intro: {
      vi: 'Một số tính từ và trạng từ thông dụng có dạng so sánh riêng, cần học thuộc.',
      en: 'A few common adjectives and adverbs have their own forms, which you need to learn by heart.',
    },
    rules: [
      { rule: { vi: 'good / well', en: 'good / well' }, comparative: 'better', superlative: 'the best' },
      { rule: { vi: 'bad / badly', en: 'bad / badly' }, comparative: 'worse', superlative: 'the worst' },
      {
        rule: { vi: 'far (khoảng cách)', en: 'far (distance)' },
        comparative: 'farther / further',
        superlative: 'the farthest / the furthest',
      },
      {
        rule: { vi: 'far (mức độ, “thêm”)', en: 'far (extra, more)' },
        comparative: 'further',
        superlative: 'the furthest',
      },
      { rule: { vi: 'little', en: 'little' }, comparative: 'less', superlative: 'the least' },
      { rule: { vi: 'much / many', en: 'much / many' }, comparative: 'more', superlative: 'the most' },
      {
        rule: { vi: 'old (anh chị em trong nhà)', en: 'old (family members)' },
        comparative: 'elder',
        superlative: 'the eldest',
      },
    ],
    examples: [
      { en: 'Her score was better than she expected.', vi: 'Điểm của cô ấy cao hơn cô ấy mong đợi.' },
      {
        en: 'For further information, please contact us.',
        vi: 'Để biết thêm thông tin, vui lòng liên hệ chúng tôi.',
      },
    ],
  },
  {
    id: 'as-as',
    title: { vi: 'So sánh bằng: as … as', en: 'Equal comparison: as … as' },
    intro: {
      vi: 'Dùng as + tính từ/trạng từ nguyên dạng + as để nói hai đối tượng ngang nhau; phủ định dùng not as/so … as. Với danh từ: as much/many + N + as. Để nói gấp bao nhiêu lần: twice/three times as … as.',
      en: 'Use as + base adjective/adverb + as to say two things are equal; the negative is not as/so … as. With nouns: as much/many + noun + as. For multiples: twice/three times as … as.',
    },
    formulas: [
      'S + V + as + adj/adv + as + N',
      'S + V + not as/so + adj/adv + as + N',
      'S + V + as many/much + N + as + N',
    ],
    examples: [
      {
        en: 'The Listening part is as important as the Reading part.',
        vi: 'Phần Nghe quan trọng ngang phần Đọc.',
      },
      {
        en: 'This flat is not as spacious as the one we saw yesterday.',
        vi: 'Căn hộ này không rộng bằng căn hôm qua chúng ta xem.',
      },
      { en: 'A taxi costs twice as much as the bus.', vi: 'Đi taxi tốn gấp đôi đi xe buýt.' },
    ],
  },
  {
    id: 'double',
    title: { vi: 'So sánh kép', en: 'Double comparatives' },
    intro: {
      vi: '“Càng … càng …”: The + so sánh hơn + S + V, the + so sánh hơn + S + V. “Ngày càng …”: lặp lại so sánh hơn với and.',
      en: '“The more…, the more…”: The + comparative + S + V, the + comparative + S + V. For a continuing change, repeat the comparative with and.',
    },
    formulas: [
      'The + comparative + S + V, the + comparative + S + V',
      'adj-er and adj-er / more and more + adj',
    ],
    examples: [
      {
        en: 'The more you practise, the more confident you become.',
        vi: 'Bạn càng luyện nhiều thì càng tự tin.',
      },
      { en: 'The earlier we start, the sooner we finish.', vi: 'Bắt đầu càng sớm thì xong càng sớm.' },
      {
        en: 'English is becoming more and more important in Vietnam.',
        vi: 'Tiếng Anh ngày càng quan trọng ở Việt Nam.',
      },
    ],
  },
];

export const COMPARISON_MISTAKES: Mistake[] = [
  {
    wrong: 'This phone is more cheaper than that one.',
    right: 'This phone is cheaper than that one.',
    note: {
      vi: 'Không dùng more cùng với đuôi -er: chỉ chọn một trong hai.',
      en: 'Never use more together with -er: choose one or the other.',
    },
  },
  {
    wrong: 'She is taller than me is.',
    right: 'She is taller than me. / She is taller than I am.',
    note: {
      vi: 'Sau than dùng tân ngữ (me) hoặc mệnh đề đầy đủ (I am), không trộn hai cách.',
      en: 'After than use an object pronoun (me) or a full clause (I am), not a mix of both.',
    },
  },
  {
    wrong: 'He is the most tall student in the class.',
    right: 'He is the tallest student in the class.',
    note: {
      vi: 'Tính từ một âm tiết dùng -est, không dùng the most.',
      en: 'One-syllable adjectives take -est, not the most.',
    },
  },
  {
    wrong: 'My house is as big than yours.',
    right: 'My house is as big as yours.',
    note: {
      vi: 'So sánh bằng đi với as … as; than chỉ dùng với so sánh hơn.',
      en: 'Equal comparison uses as … as; than goes only with comparatives.',
    },
  },
  {
    wrong: 'The more you read, you learn more.',
    right: 'The more you read, the more you learn.',
    note: {
      vi: 'Cấu trúc “càng… càng…” cần the ở cả hai vế và đảo so sánh hơn lên đầu mỗi vế.',
      en: 'Double comparatives need the in both halves, with the comparative at the front of each.',
    },
  },
];

export const COMPARISON_PRACTICE: Question[] = [
  { sentence: 'Ho Chi Minh City is ___ than Hue.', options: ['more big', 'bigger', 'biggest'], answer: 1 },
  {
    sentence: 'This is ___ hotel in the area.',
    options: ['the most expensive', 'the expensivest', 'more expensive'],
    answer: 0,
  },
  {
    sentence: 'My results this year are ___ than last year.',
    options: ['gooder', 'more good', 'better'],
    answer: 2,
  },
  {
    sentence: 'The second test was not as ___ as the first one.',
    options: ['difficult', 'more difficult', 'difficulter'],
    answer: 0,
  },
  {
    sentence: 'The ___ you leave, the less traffic you will meet.',
    options: ['early', 'earlier', 'earliest'],
    answer: 1,
  },
  {
    sentence: 'Prices are getting ___.',
    options: ['high and high', 'more high', 'higher and higher'],
    answer: 2,
  },
  {
    sentence: 'She speaks English ___ than her brother.',
    options: ['more fluently', 'fluenter', 'most fluently'],
    answer: 0,
  },
  {
    sentence: 'A flight costs three times ___ the train ticket.',
    options: ['more than', 'as much as', 'as many as'],
    answer: 1,
  },
];

/** /grammar/comparison as it shows in `locale`. */
export function getComparisonLesson(locale: Locale): ComparisonLesson {
  return {
    sections: COMPARISON_SECTIONS.map((section) => ({
      id: section.id,
      title: pick(section.title, locale),
      intro: pick(section.intro, locale),
      ...(section.formulas ? { formulas: section.formulas } : {}),
      ...(section.rules
        ? {
            rules: section.rules.map((rule) => ({
              rule: pick(rule.rule, locale),
              comparative: rule.comparative,
              superlative: rule.superlative,
            })),
          }
        : {}),
      examples: section.examples.map((example) => localizeExample(example, locale)),
    })),
    mistakes: COMPARISON_MISTAKES.map((mistake) => localizeMistake(mistake, locale)),
    practice: COMPARISON_PRACTICE,
  };
}
