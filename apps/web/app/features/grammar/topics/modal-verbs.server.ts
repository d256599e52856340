import type { GrammarTopic } from '../types';

/** Modal verbs, original Prepwise content. */
export const MODAL_VERBS: GrammarTopic = {
  slug: 'modal-verbs',
  title: { vi: 'Động từ khuyết thiếu', en: 'Modal verbs' },
  card: {
    vi: 'Can, could, may, might, must, have to, should: khả năng, xin phép, bắt buộc, lời khuyên, suy đoán và dạng “should have done”.',
    en: 'Can, could, may, might, must, have to, should: ability, permission, obligation, advice, deduction and “should have done”.',
  },
  lead: {
    vi: 'Động từ khuyết thiếu đứng trước động từ nguyên mẫu không to và không thêm -s. Điều khó là nghĩa: mustn’t và don’t have to khác nhau hoàn toàn.',
    en: 'Modal verbs come before a base verb without to and never take -s. The hard part is meaning: mustn’t and don’t have to are completely different.',
  },
  metaTitle: {
    vi: 'Động từ khuyết thiếu can, must, should, may: cách dùng · Prepwise',
    en: 'Modal verbs can, must, should and may: meanings and uses · Prepwise',
  },
  metaDescription: {
    vi: 'Nghĩa và cách dùng can, could, may, might, must, have to, should, phân biệt mustn’t và don’t have to, modal + have + V3, lỗi thường gặp và bài tập chấm ngay.',
    en: 'Meanings of can, could, may, might, must, have to and should, mustn’t versus don’t have to, modal + have + past participle, common mistakes and instant exercises.',
  },
  sections: [
    {
      id: 'form',
      title: { vi: 'Công thức chung', en: 'The form' },
      intro: {
        vi: 'Động từ khuyết thiếu giống nhau ở mọi ngôi và tự tạo phủ định, nghi vấn mà không cần do/does. Riêng have to là động từ thường: cần do/does/did.',
        en: 'Modals are the same for every person and make negatives and questions without do/does. Have to is an ordinary verb: it needs do/does/did.',
      },
      formulas: ['S + modal + V (base form)', 'S + modal + not + V', 'Modal + S + V …?'],
      examples: [
        { en: 'She can speak three languages.', vi: 'Cô ấy nói được ba thứ tiếng.' },
        { en: 'Do we have to wear a uniform?', vi: 'Chúng ta có phải mặc đồng phục không?' },
      ],
    },
    {
      id: 'meanings',
      title: { vi: 'Nghĩa của từng động từ', en: 'What each modal means' },
      intro: {
        vi: 'Một động từ có thể mang nhiều nghĩa; ngữ cảnh quyết định nghĩa nào.',
        en: 'One modal can have several meanings; the context decides which one.',
      },
      table: {
        head: [
          { vi: 'Động từ', en: 'Modal' },
          { vi: 'Nghĩa', en: 'Meaning' },
          { vi: 'Ví dụ', en: 'Example' },
        ],
        rows: [
          [
            'can / could',
            { vi: 'Khả năng; xin phép, đề nghị', en: 'Ability; permission and requests' },
            'Could you check this invoice?',
          ],
          [
            'may / might',
            {
              vi: 'Có thể (khả năng xảy ra); xin phép trang trọng (may)',
              en: 'Possibility; formal permission (may)',
            },
            'The train may be late.',
          ],
          [
            'must',
            {
              vi: 'Bắt buộc (người nói thấy cần); suy đoán chắc chắn',
              en: 'Obligation the speaker feels; a confident deduction',
            },
            'You must be tired after the flight.',
          ],
          [
            'have to',
            { vi: 'Bắt buộc do quy định, hoàn cảnh bên ngoài', en: 'Obligation from rules or circumstances' },
            'We have to clock in by 8:30.',
          ],
          ['mustn’t', { vi: 'Cấm, không được phép', en: 'It is not allowed' }, 'You mustn’t park here.'],
          [
            'don’t have to',
            { vi: 'Không cần, không bắt buộc', en: 'It is not necessary' },
            'You don’t have to print the ticket.',
          ],
          [
            'should / ought to',
            { vi: 'Lời khuyên, điều nên làm', en: 'Advice, the right thing to do' },
            'You should back up your files.',
          ],
          [
            'can’t',
            { vi: 'Suy đoán chắc chắn là không', en: 'A confident negative deduction' },
            'That can’t be the right address.',
          ],
        ],
      },
      examples: [
        {
          en: 'Passengers must not leave their bags unattended.',
          vi: 'Hành khách không được để hành lý không người trông coi.',
        },
        {
          en: 'You don’t have to bring lunch; it is provided.',
          vi: 'Bạn không cần mang bữa trưa; bữa trưa được chuẩn bị sẵn.',
        },
      ],
    },
    {
      id: 'perfect',
      title: { vi: 'Modal + have + V3: nói về quá khứ', en: 'Modal + have + past participle: the past' },
      intro: {
        vi: 'Để suy đoán hoặc tiếc nuối về quá khứ, dùng modal + have + V3.',
        en: 'To make deductions or express regret about the past, use modal + have + past participle.',
      },
      points: [
        {
          vi: 'should have done: lẽ ra nên làm (nhưng đã không làm).',
          en: 'should have done: it was the right thing, but it did not happen.',
        },
        {
          vi: 'must have done: chắc hẳn đã làm (suy đoán chắc chắn).',
          en: 'must have done: I am sure it happened.',
        },
        {
          vi: 'might / could have done: có lẽ đã làm; could have done còn có nghĩa “đã có thể làm nhưng không làm”.',
          en: 'might / could have done: perhaps it happened; could have done also means it was possible but did not happen.',
        },
        {
          vi: 'can’t have done: chắc chắn đã không làm.',
          en: 'can’t have done: I am sure it did not happen.',
        },
      ],
      examples: [
        {
          en: 'I should have checked the schedule before I left.',
          vi: 'Lẽ ra tôi nên xem lịch trước khi đi.',
        },
        {
          en: 'The office is dark; everyone must have gone home.',
          vi: 'Văn phòng tối om; chắc hẳn mọi người đã về nhà hết.',
        },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'She can speaks English very well.',
      right: 'She can speak English very well.',
      note: {
        vi: 'Sau động từ khuyết thiếu, động từ giữ nguyên mẫu, không thêm -s.',
        en: 'After a modal, the verb stays in its base form with no -s.',
      },
    },
    {
      wrong: 'You must to submit the form today.',
      right: 'You must submit the form today.',
      note: {
        vi: 'Must, can, should… không đi với to (chỉ have to, ought to, need to có to).',
        en: 'Must, can and should take no to (only have to, ought to and need to do).',
      },
    },
    {
      wrong: 'You mustn’t come early; the shop opens at nine. (meaning: there is no need)',
      right: 'You don’t have to come early; the shop opens at nine.',
      note: {
        vi: 'Mustn’t là cấm; muốn nói “không cần” dùng don’t have to hoặc needn’t.',
        en: 'Mustn’t forbids something; for “not necessary” use don’t have to or needn’t.',
      },
    },
    {
      wrong: 'I should went to bed earlier last night.',
      right: 'I should have gone to bed earlier last night.',
      note: {
        vi: 'Nói về quá khứ dùng should + have + V3, không đổi should sang quá khứ của động từ chính.',
        en: 'For the past, use should + have + past participle; the main verb does not become past simple.',
      },
    },
  ],
  practice: [
    {
      sentence: 'All workers ___ wear a helmet on the construction site; it is a safety rule.',
      options: ['might', 'must', 'needn’t'],
      answer: 1,
      explanation: {
        vi: 'Quy định an toàn là bắt buộc → must.',
        en: 'A safety rule is an obligation: must.',
      },
    },
    {
      sentence: 'You ___ bring a laptop; computers are provided in the training room.',
      options: ['don’t have to', 'mustn’t', 'can’t'],
      answer: 0,
      explanation: {
        vi: 'Máy tính đã có sẵn nên KHÔNG CẦN mang → don’t have to (mustn’t là cấm).',
        en: 'Computers are provided, so it is not necessary: don’t have to (mustn’t would forbid it).',
      },
    },
    {
      sentence: '___ I use your phone for a moment?',
      options: ['Must', 'Should', 'May'],
      answer: 2,
      explanation: {
        vi: 'Xin phép lịch sự → May I…?',
        en: 'A polite request for permission: May I…?',
      },
    },
    {
      sentence: 'She ___ be at home — the lights are off and her car is gone.',
      options: ['can’t', 'must', 'should'],
      answer: 0,
      explanation: {
        vi: 'Bằng chứng cho thấy chắc chắn cô ấy không ở nhà → can’t be.',
        en: 'The evidence makes you sure she is not at home: can’t be.',
      },
    },
    {
      sentence: 'You look exhausted. You ___ take a short break.',
      options: ['should', 'mustn’t', 'could have'],
      answer: 0,
      explanation: {
        vi: 'Lời khuyên → should + V.',
        en: 'Advice: should + base verb.',
      },
    },
    {
      sentence: 'We missed the bus. We ___ have left the house earlier.',
      options: ['must', 'should', 'can'],
      answer: 1,
      explanation: {
        vi: 'Tiếc nuối về quá khứ: lẽ ra nên làm → should have left.',
        en: 'A regret about the past, the right thing that did not happen: should have left.',
      },
    },
  ],
};
