import type { GrammarTopic } from '../types';

/** The passive voice, original Prepwise content. */
export const PASSIVE_VOICE: GrammarTopic = {
  slug: 'passive-voice',
  title: { vi: 'Câu bị động', en: 'The passive voice' },
  card: {
    vi: 'be + V3 ở mọi thì, khi nào dùng bị động, bị động với động từ khuyết thiếu và cấu trúc have something done.',
    en: 'be + past participle in every tense, when to use the passive, passives with modals and have something done.',
  },
  lead: {
    vi: 'Câu bị động xuất hiện dày đặc trong thông báo, email công việc và bài viết học thuật. Ở Part 5, chỉ cần hỏi: chủ ngữ TỰ làm hành động hay BỊ/ĐƯỢC tác động?',
    en: 'The passive is everywhere in notices, work emails and academic writing. In Part 5, ask one question: does the subject DO the action, or is the action done TO it?',
  },
  metaTitle: {
    vi: 'Câu bị động: công thức theo thì, cách dùng, bài tập · Prepwise',
    en: 'The passive voice: forms in every tense, uses and exercises · Prepwise',
  },
  metaDescription: {
    vi: 'Công thức câu bị động ở các thì và với động từ khuyết thiếu, khi nào dùng bị động, have something done, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'Passive forms in each tense and with modals, when to use the passive, have something done, mistakes Vietnamese learners make and instant exercises.',
  },
  sections: [
    {
      id: 'form',
      title: { vi: 'Công thức: be + V3', en: 'Form: be + past participle' },
      intro: {
        vi: 'Động từ be chia theo thì của câu chủ động, động từ chính luôn ở dạng quá khứ phân từ (V3). Tân ngữ của câu chủ động trở thành chủ ngữ; người làm hành động (nếu cần) đi sau by.',
        en: 'Be takes the tense of the active sentence and the main verb is always the past participle. The object of the active sentence becomes the subject; the doer, if needed, follows by.',
      },
      formulas: ['S + be (any tense) + V3 + (by + agent)'],
      table: {
        head: [
          { vi: 'Thì', en: 'Tense' },
          { vi: 'Chủ động', en: 'Active' },
          { vi: 'Bị động', en: 'Passive' },
        ],
        rows: [
          [{ vi: 'Hiện tại đơn', en: 'Present simple' }, 'They clean the office.', 'The office is cleaned.'],
          [
            { vi: 'Hiện tại tiếp diễn', en: 'Present continuous' },
            'They are cleaning the office.',
            'The office is being cleaned.',
          ],
          [{ vi: 'Quá khứ đơn', en: 'Past simple' }, 'They cleaned the office.', 'The office was cleaned.'],
          [
            { vi: 'Hiện tại hoàn thành', en: 'Present perfect' },
            'They have cleaned the office.',
            'The office has been cleaned.',
          ],
          [
            { vi: 'Tương lai đơn', en: 'Future simple' },
            'They will clean the office.',
            'The office will be cleaned.',
          ],
          [
            { vi: 'Động từ khuyết thiếu', en: 'Modal verbs' },
            'They must clean the office.',
            'The office must be cleaned.',
          ],
        ],
      },
      examples: [
        {
          en: 'The results will be sent to you by email.',
          vi: 'Kết quả sẽ được gửi cho bạn qua email.',
        },
        {
          en: 'This bridge was designed by a Japanese company.',
          vi: 'Cây cầu này do một công ty Nhật Bản thiết kế.',
        },
      ],
    },
    {
      id: 'use',
      title: { vi: 'Khi nào dùng bị động', en: 'When to use the passive' },
      intro: {
        vi: 'Dùng bị động khi hành động hoặc đối tượng chịu tác động quan trọng hơn người làm.',
        en: 'Use the passive when the action, or what it happens to, matters more than who does it.',
      },
      points: [
        {
          vi: 'Không biết hoặc không cần nói ai làm: My bike was stolen.',
          en: 'The doer is unknown or unimportant: My bike was stolen.',
        },
        {
          vi: 'Văn phong trang trọng, thông báo, quy trình: Visitors are required to sign in.',
          en: 'Formal notices and processes: Visitors are required to sign in.',
        },
        {
          vi: 'Chỉ động từ có tân ngữ (ngoại động từ) mới có bị động: happen, arrive, occur, exist không có.',
          en: 'Only verbs with an object can be passive: happen, arrive, occur and exist cannot.',
        },
        {
          vi: 'Dấu hiệu ở Part 5: sau chỗ trống KHÔNG có tân ngữ mà có by, hoặc chủ ngữ là vật chịu tác động.',
          en: 'Part 5 clue: no object after the gap (often by … instead), or a subject that receives the action.',
        },
      ],
      examples: [
        {
          en: 'The meeting has been postponed until Friday.',
          vi: 'Cuộc họp đã được hoãn đến thứ Sáu.',
        },
        { en: 'Smoking is not permitted in the building.', vi: 'Không được hút thuốc trong tòa nhà.' },
      ],
    },
    {
      id: 'special',
      title: { vi: 'Cấu trúc bị động đặc biệt', en: 'Special passive patterns' },
      intro: {
        vi: 'Hai cấu trúc hay gặp trong TOEIC và IELTS: nhờ/thuê người khác làm (have/get something done) và tường thuật ý kiến chung (It is said that…).',
        en: 'Two patterns common in TOEIC and IELTS: having someone else do a job (have/get something done) and reporting what people say (It is said that…).',
      },
      formulas: [
        'have / get + object + V3',
        'It is said / believed / expected that + clause',
        'S + is said / believed / expected + to V',
      ],
      examples: [
        {
          en: 'I had my laptop repaired at a shop near the office.',
          vi: 'Tôi đã mang laptop đi sửa ở một cửa hàng gần công ty.',
        },
        {
          en: 'The new branch is expected to open next spring.',
          vi: 'Chi nhánh mới được dự kiến sẽ khai trương vào mùa xuân tới.',
        },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'The accident was happened at 7 a.m.',
      right: 'The accident happened at 7 a.m.',
      note: {
        vi: 'Happen không có tân ngữ nên không có dạng bị động. Tiếng Việt nói “bị/được” nhiều hơn tiếng Anh.',
        en: 'Happen takes no object, so it has no passive. Vietnamese passive words are used more widely than the English passive.',
      },
    },
    {
      wrong: 'I born in 2001.',
      right: 'I was born in 2001.',
      note: {
        vi: 'Born luôn dùng ở dạng bị động: be born.',
        en: 'Born is always passive: be born.',
      },
    },
    {
      wrong: 'The package will deliver tomorrow.',
      right: 'The package will be delivered tomorrow.',
      note: {
        vi: 'Gói hàng không tự giao; cần be sau will.',
        en: 'The package does not deliver anything itself; the passive needs be after will.',
      },
    },
    {
      wrong: 'The report was write by the sales team.',
      right: 'The report was written by the sales team.',
      note: {
        vi: 'Sau be dùng V3, không dùng động từ nguyên mẫu: write → written.',
        en: 'After be, use the past participle, not the base form: write → written.',
      },
    },
  ],
  practice: [
    {
      sentence: 'The test results ___ to all candidates by email last Friday.',
      options: ['sent', 'were sent', 'were sending'],
      answer: 1,
      explanation: {
        vi: 'Kết quả được gửi (bị động), hành động ở quá khứ (last Friday) → were sent.',
        en: 'The results receive the action (passive) and it happened last Friday: were sent.',
      },
    },
    {
      sentence: 'The conference room ___ at the moment, so please use Room B.',
      options: ['is cleaned', 'cleans', 'is being cleaned'],
      answer: 2,
      explanation: {
        vi: 'At the moment → tiếp diễn; phòng được dọn → bị động tiếp diễn is being cleaned.',
        en: 'At the moment calls for the continuous; the room is cleaned by someone: is being cleaned.',
      },
    },
    {
      sentence: 'All invoices must ___ before the end of the month.',
      options: ['be paid', 'pay', 'paid'],
      answer: 0,
      explanation: {
        vi: 'Sau động từ khuyết thiếu must, bị động là be + V3: be paid.',
        en: 'After the modal must, the passive is be + past participle: be paid.',
      },
    },
    {
      sentence: 'Since 2020, more than 500 trees ___ in the park.',
      options: ['have planted', 'have been planted', 'were planting'],
      answer: 1,
      explanation: {
        vi: 'Since 2020 → hiện tại hoàn thành; cây được trồng → have been planted.',
        en: 'Since 2020 calls for the present perfect; the trees are planted by people: have been planted.',
      },
    },
    {
      sentence: 'The power cut ___ shortly after midnight.',
      options: ['was occurred', 'occurred', 'is occurred'],
      answer: 1,
      explanation: {
        vi: 'Occur là nội động từ, không có bị động → occurred.',
        en: 'Occur takes no object and has no passive: occurred.',
      },
    },
    {
      sentence: 'We are going to have the air conditioner ___ next week.',
      options: ['service', 'servicing', 'serviced'],
      answer: 2,
      explanation: {
        vi: 'Have + vật + V3: thuê người khác bảo dưỡng máy lạnh → serviced.',
        en: 'Have + object + past participle: someone else will service it, so serviced.',
      },
    },
  ],
};
