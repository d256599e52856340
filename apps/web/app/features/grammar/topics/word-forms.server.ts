import type { GrammarTopic } from '../types';

/** Word forms (parts of speech) for TOEIC Part 5–6, original Prepwise content. */
export const WORD_FORMS: GrammarTopic = {
  slug: 'word-forms',
  title: { vi: 'Từ loại và vị trí trong câu', en: 'Word forms and where they go' },
  card: {
    vi: 'Danh từ, tính từ, trạng từ hay động từ? Nhận ra từ loại qua vị trí và hậu tố — dạng câu gặp nhiều nhất ở Part 5.',
    en: 'Noun, adjective, adverb or verb? Spot the word form from its position and suffix — the most common Part 5 question.',
  },
  lead: {
    vi: 'Khoảng một phần ba câu Part 5 TOEIC hỏi về từ loại. Chỉ cần nhìn chỗ trống đứng ở đâu và các đáp án có hậu tố gì là chọn được, thường không cần dịch cả câu.',
    en: 'About a third of TOEIC Part 5 questions test word forms. Look at where the gap is and at the suffixes of the options: you can usually choose without translating the whole sentence.',
  },
  metaTitle: {
    vi: 'Từ loại tiếng Anh: vị trí, hậu tố, bài tập TOEIC Part 5 · Prepwise',
    en: 'English word forms: positions, suffixes and TOEIC Part 5 practice · Prepwise',
  },
  metaDescription: {
    vi: 'Vị trí của danh từ, tính từ, trạng từ, động từ trong câu, hậu tố nhận biết từ loại, tính từ -ed/-ing, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'Where nouns, adjectives, adverbs and verbs go in a sentence, the suffixes that show the word form, -ed/-ing adjectives, common mistakes and instant exercises.',
  },
  sections: [
    {
      id: 'positions',
      title: { vi: 'Vị trí quyết định từ loại', en: 'The position decides the word form' },
      intro: {
        vi: 'Tiếng Việt dùng cùng một từ cho nhiều vai trò (“quyết định” vừa là động từ vừa là danh từ), còn tiếng Anh đổi hình thức từ. Hãy xem từ đứng ngay trước và ngay sau chỗ trống.',
        en: 'English changes the form of a word with its job in the sentence. Look at the words just before and just after the gap.',
      },
      table: {
        head: [
          { vi: 'Vị trí', en: 'Position' },
          { vi: 'Từ loại cần', en: 'Word form needed' },
          { vi: 'Ví dụ', en: 'Example' },
        ],
        rows: [
          [
            {
              vi: 'Sau a/an/the, sở hữu (my, the company’s), tính từ',
              en: 'After a/an/the, a possessive or an adjective',
            },
            { vi: 'Danh từ', en: 'Noun' },
            'the company’s rapid expansion',
          ],
          [
            {
              vi: 'Trước danh từ; sau be, become, seem, remain',
              en: 'Before a noun; after be, become, seem, remain',
            },
            { vi: 'Tính từ', en: 'Adjective' },
            'a reliable supplier · The test was difficult.',
          ],
          [
            {
              vi: 'Bổ nghĩa cho động từ, tính từ, cả câu',
              en: 'Describing a verb, an adjective or a whole clause',
            },
            { vi: 'Trạng từ', en: 'Adverb' },
            'She replied quickly. · extremely useful',
          ],
          [
            { vi: 'Sau chủ ngữ; sau to, can/will/must', en: 'After the subject; after to, can/will/must' },
            { vi: 'Động từ', en: 'Verb' },
            'We will expand the team.',
          ],
          [
            { vi: 'Giữa trợ động từ và động từ chính', en: 'Between an auxiliary and the main verb' },
            { vi: 'Trạng từ', en: 'Adverb' },
            'has recently opened · is carefully checked',
          ],
        ],
      },
      examples: [
        {
          en: 'The new manager made a quick decision.',
          vi: 'Người quản lý mới đưa ra một quyết định nhanh chóng.',
        },
        { en: 'The manager decided quickly.', vi: 'Người quản lý quyết định nhanh chóng.' },
      ],
    },
    {
      id: 'suffixes',
      title: { vi: 'Hậu tố nhận biết từ loại', en: 'Suffixes that show the word form' },
      intro: {
        vi: 'Đuôi của từ cho biết từ loại trong phần lớn trường hợp. Cẩn thận vài ngoại lệ: friendly, lovely, costly là tính từ dù tận cùng bằng -ly.',
        en: 'The ending of a word shows its form in most cases. Watch a few exceptions: friendly, lovely and costly are adjectives although they end in -ly.',
      },
      table: {
        head: [
          { vi: 'Từ loại', en: 'Word form' },
          { vi: 'Hậu tố thường gặp', en: 'Common suffixes' },
          { vi: 'Ví dụ', en: 'Examples' },
        ],
        rows: [
          [
            { vi: 'Danh từ (sự vật, khái niệm)', en: 'Noun (thing, idea)' },
            '-tion, -ment, -ness, -ity, -ance, -ence, -ship',
            'application, agreement, availability',
          ],
          [
            { vi: 'Danh từ (người)', en: 'Noun (person)' },
            '-er, -or, -ist, -ant, -ee',
            'applicant, supervisor, employee',
          ],
          [
            { vi: 'Tính từ', en: 'Adjective' },
            '-ful, -less, -ive, -able, -ible, -al, -ous, -ic',
            'successful, effective, available',
          ],
          [{ vi: 'Trạng từ', en: 'Adverb' }, '-ly', 'successfully, effectively'],
          [{ vi: 'Động từ', en: 'Verb' }, '-ize, -ify, -en, -ate', 'organize, simplify, widen'],
        ],
      },
      examples: [
        {
          en: 'Every applicant must complete an application form.',
          vi: 'Mỗi ứng viên phải điền một mẫu đơn ứng tuyển.',
        },
        {
          en: 'The campaign was successful, so it ended successfully.',
          vi: 'Chiến dịch thành công, nên nó kết thúc một cách thành công.',
        },
      ],
    },
    {
      id: 'ed-ing',
      title: { vi: 'Tính từ đuôi -ed và -ing', en: '-ed and -ing adjectives' },
      intro: {
        vi: 'Tính từ -ed nói về cảm xúc của người (cảm thấy thế nào), tính từ -ing nói về tính chất của sự việc gây ra cảm xúc đó.',
        en: 'An -ed adjective says how a person feels; an -ing adjective describes the thing that causes the feeling.',
      },
      points: [
        {
          vi: 'interested / interesting, bored / boring, satisfied / satisfying, confused / confusing',
          en: 'interested / interesting, bored / boring, satisfied / satisfying, confused / confusing',
        },
        {
          vi: 'Mẹo: chủ ngữ là người và câu nói về cảm xúc của họ → -ed.',
          en: 'Tip: when the subject is a person and the sentence is about their feeling, use -ed.',
        },
      ],
      examples: [
        {
          en: 'The staff were confused by the new schedule.',
          vi: 'Nhân viên thấy bối rối vì lịch làm việc mới.',
        },
        { en: 'The new schedule is confusing.', vi: 'Lịch làm việc mới gây khó hiểu.' },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'We need to finish the report quick.',
      right: 'We need to finish the report quickly.',
      note: {
        vi: 'Bổ nghĩa cho động từ finish cần trạng từ (quickly), không dùng tính từ.',
        en: 'The word describes the verb finish, so it must be the adverb quickly.',
      },
    },
    {
      wrong: 'Thank you for your participate.',
      right: 'Thank you for your participation.',
      note: {
        vi: 'Sau tính từ sở hữu your cần danh từ: participation.',
        en: 'After the possessive your, use the noun participation.',
      },
    },
    {
      wrong: 'I am very interesting in this position.',
      right: 'I am very interested in this position.',
      note: {
        vi: 'Nói về cảm xúc của người viết dùng -ed. “I am interesting” nghĩa là “tôi là người thú vị”.',
        en: 'Your own feeling takes -ed. “I am interesting” means other people find you interesting.',
      },
    },
    {
      wrong: 'The manager gave a clearly explanation.',
      right: 'The manager gave a clear explanation.',
      note: {
        vi: 'Trước danh từ explanation cần tính từ clear; trạng từ không đứng trước danh từ.',
        en: 'Before the noun explanation, use the adjective clear; adverbs do not describe nouns.',
      },
    },
  ],
  practice: [
    {
      sentence: 'The new policy will take effect ___ after the announcement.',
      options: ['immediate', 'immediately', 'immediacy'],
      answer: 1,
      explanation: {
        vi: 'Chỗ trống bổ nghĩa cho cụm động từ take effect → trạng từ immediately.',
        en: 'The gap describes the verb phrase take effect, so it needs the adverb immediately.',
      },
    },
    {
      sentence: 'Ms. Tran gave a very ___ presentation on the sales figures.',
      options: ['informative', 'inform', 'information'],
      answer: 0,
      explanation: {
        vi: 'Sau very và trước danh từ presentation cần tính từ: informative (-ive).',
        en: 'After very and before the noun presentation, use an adjective: informative (-ive).',
      },
    },
    {
      sentence: 'All ___ must wear their badges inside the factory.',
      options: ['visits', 'visiting', 'visitors'],
      answer: 2,
      explanation: {
        vi: 'Chủ ngữ là người đeo thẻ → danh từ chỉ người số nhiều visitors.',
        en: 'The subject is the people who wear badges: the plural person noun visitors.',
      },
    },
    {
      sentence: 'The committee was ___ with the results of the survey.',
      options: ['satisfying', 'satisfied', 'satisfaction'],
      answer: 1,
      explanation: {
        vi: 'Sau was cần tính từ; ủy ban cảm thấy hài lòng → satisfied (-ed).',
        en: 'After was, use an adjective; the committee feels pleased, so satisfied (-ed).',
      },
    },
    {
      sentence: 'Please read the safety instructions ___ before using the machine.',
      options: ['careful', 'carefully', 'care'],
      answer: 1,
      explanation: {
        vi: 'Bổ nghĩa cho động từ read → trạng từ carefully.',
        en: 'It describes how you read, so the adverb carefully.',
      },
    },
    {
      sentence: "The company's rapid ___ surprised many analysts.",
      options: ['expansion', 'expand', 'expansive'],
      answer: 0,
      explanation: {
        vi: 'Sau sở hữu cách và tính từ rapid cần danh từ làm chủ ngữ: expansion (-sion).',
        en: "After the possessive company's and the adjective rapid comes the noun expansion (-sion).",
      },
    },
  ],
};
