import type { GrammarTopic } from '../types';

/** Articles a / an / the and no article, original Prepwise content. */
export const ARTICLES: GrammarTopic = {
  slug: 'articles',
  title: { vi: 'Mạo từ a, an, the', en: 'Articles: a, an and the' },
  card: {
    vi: 'Khi nào dùng a/an, khi nào the, khi nào không dùng mạo từ — điểm tiếng Việt không có nên rất dễ sai.',
    en: 'When to use a/an, when the, and when no article — hard for Vietnamese speakers because Vietnamese has none.',
  },
  lead: {
    vi: 'Tiếng Việt không có mạo từ nên người Việt hay bỏ quên hoặc dùng thừa. Ba câu hỏi giúp chọn đúng: danh từ đếm được hay không? Số ít hay số nhiều? Người nghe đã biết vật nào chưa?',
    en: 'Vietnamese has no articles, so Vietnamese learners often leave them out or add them where they do not belong. Three questions help: countable or not? Singular or plural? Does the listener know which one?',
  },
  metaTitle: {
    vi: 'Mạo từ a, an, the: cách dùng và bài tập · Prepwise',
    en: 'Articles a, an and the: rules and exercises · Prepwise',
  },
  metaDescription: {
    vi: 'Dùng a hay an theo âm, khi nào dùng the, khi nào không dùng mạo từ, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'A or an by sound, when to use the, when to use no article, mistakes Vietnamese learners make and exercises checked instantly.',
  },
  sections: [
    {
      id: 'a-an',
      title: { vi: 'A và an', en: 'A and an' },
      intro: {
        vi: 'A/an đi với danh từ đếm được số ít, khi nhắc đến lần đầu hoặc nói về một cái bất kỳ, và trước nghề nghiệp. Chọn a hay an theo ÂM đầu tiên, không theo chữ cái.',
        en: 'A/an goes with a singular countable noun that is new to the listener or means any one, and before jobs. Choose a or an by the first SOUND, not the first letter.',
      },
      table: {
        head: [
          { vi: 'Quy tắc', en: 'Rule' },
          { vi: 'Ví dụ', en: 'Examples' },
        ],
        rows: [
          [
            { vi: 'an + nguyên âm /æ, e, ɪ, ɒ, ʌ…/', en: 'an + a vowel sound' },
            'an apple, an engineer, an umbrella',
          ],
          [{ vi: 'an + h câm', en: 'an + a silent h' }, 'an hour, an honest answer'],
          [
            { vi: 'an + chữ cái đọc bắt đầu bằng nguyên âm', en: 'an + a letter read with a vowel sound' },
            'an MBA, an HR manager, an SMS',
          ],
          [
            { vi: 'a + âm /juː/ hoặc /w/', en: 'a + a /juː/ or /w/ sound' },
            'a university, a European company, a one-way ticket',
          ],
        ],
      },
      examples: [
        { en: 'My sister is an accountant.', vi: 'Chị tôi là kế toán.' },
        { en: 'She works for a university in Hue.', vi: 'Cô ấy làm việc cho một trường đại học ở Huế.' },
      ],
    },
    {
      id: 'the',
      title: { vi: 'The: vật đã xác định', en: 'The: a particular one' },
      intro: {
        vi: 'Dùng the khi người nghe biết bạn nói về vật nào: đã nhắc trước đó, chỉ có một, hoặc được xác định bởi cụm phía sau.',
        en: 'Use the when the listener knows which one you mean: it was mentioned before, there is only one, or the words after it say which.',
      },
      points: [
        {
          vi: 'Nhắc lại lần hai: I bought a laptop. The laptop is very light.',
          en: 'Second mention: I bought a laptop. The laptop is very light.',
        },
        {
          vi: 'Duy nhất: the sun, the internet, the CEO of our company.',
          en: 'Only one: the sun, the internet, the CEO of our company.',
        },
        {
          vi: 'So sánh nhất và số thứ tự: the best, the first, the last, the only.',
          en: 'Superlatives and order: the best, the first, the last, the only.',
        },
        {
          vi: 'Được xác định bởi cụm sau: the report on your desk, the information in this email.',
          en: 'Defined by the words after it: the report on your desk, the information in this email.',
        },
        {
          vi: 'Sông, biển, dãy núi, tên nước số nhiều hoặc có “Republic/Kingdom”: the Mekong, the Pacific, the Philippines, the United Kingdom.',
          en: 'Rivers, seas, mountain ranges, plural country names and names with Republic/Kingdom: the Mekong, the Pacific, the Philippines, the United Kingdom.',
        },
      ],
      examples: [
        {
          en: 'Could you send me the file we discussed yesterday?',
          vi: 'Bạn gửi giúp tôi tập tin chúng ta bàn hôm qua được không?',
        },
        { en: 'This is the first time I have taken the test.', vi: 'Đây là lần đầu tôi thi bài này.' },
      ],
    },
    {
      id: 'no-article',
      title: { vi: 'Không dùng mạo từ', en: 'No article' },
      intro: {
        vi: 'Không dùng mạo từ khi nói chung chung với danh từ số nhiều hoặc không đếm được, và trong nhiều cụm cố định.',
        en: 'Use no article for plural or uncountable nouns in a general sense, and in many fixed phrases.',
      },
      points: [
        {
          vi: 'Nói chung: Prices are rising. Information is power. (nhưng: the prices in this shop)',
          en: 'General meaning: Prices are rising. Information is power. (but: the prices in this shop)',
        },
        {
          vi: 'Bữa ăn, môn học, ngôn ngữ: have lunch, study economics, speak Japanese.',
          en: 'Meals, subjects and languages: have lunch, study economics, speak Japanese.',
        },
        {
          vi: 'Phương tiện với by: by bus, by train, by email.',
          en: 'Transport and means with by: by bus, by train, by email.',
        },
        {
          vi: 'Nơi chốn theo mục đích chính: go to work, at home, in hospital (Anh–Anh), go to school.',
          en: 'Places used for their main purpose: go to work, at home, in hospital (British English), go to school.',
        },
        {
          vi: 'Hầu hết tên nước, thành phố, công ty: Vietnam, Da Nang, Samsung.',
          en: 'Most names of countries, cities and companies: Vietnam, Da Nang, Samsung.',
        },
      ],
      examples: [
        { en: 'Most employees go to work by motorbike.', vi: 'Phần lớn nhân viên đi làm bằng xe máy.' },
        { en: 'Good customer service is important.', vi: 'Dịch vụ khách hàng tốt rất quan trọng.' },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'She is accountant.',
      right: 'She is an accountant.',
      note: {
        vi: 'Nghề nghiệp với danh từ số ít luôn cần a/an; tiếng Việt nói “cô ấy là kế toán” nên dễ quên.',
        en: 'A job with a singular noun always needs a/an; Vietnamese says it without one, so it is easy to forget.',
      },
    },
    {
      wrong: 'I need an information about the course.',
      right: 'I need some information about the course.',
      note: {
        vi: 'Information, advice, equipment, furniture là danh từ không đếm được: không dùng a/an, không thêm -s.',
        en: 'Information, advice, equipment and furniture are uncountable: no a/an and no -s.',
      },
    },
    {
      wrong: 'The life in Saigon is exciting.',
      right: 'Life in Saigon is exciting.',
      note: {
        vi: 'Danh từ trừu tượng nói chung không dùng the.',
        en: 'An abstract noun in a general sense takes no article.',
      },
    },
    {
      wrong: 'We waited for a hour.',
      right: 'We waited for an hour.',
      note: {
        vi: 'Chữ h trong hour là âm câm, từ bắt đầu bằng nguyên âm → an.',
        en: 'The h of hour is silent, so the word starts with a vowel sound: an.',
      },
    },
  ],
  practice: [
    {
      sentence: 'The flight was delayed, so we waited for ___ hour at the gate.',
      options: ['a', 'an', 'the'],
      answer: 1,
      explanation: {
        vi: 'Hour bắt đầu bằng âm nguyên âm (h câm) và được nhắc lần đầu → an.',
        en: 'Hour starts with a vowel sound (silent h) and is mentioned for the first time: an.',
      },
    },
    {
      sentence: 'The company hired ___ university graduate for the position.',
      options: ['a', 'an', 'the'],
      answer: 0,
      explanation: {
        vi: 'University đọc /juː/ — âm phụ âm → a, dù chữ đầu là u.',
        en: 'University starts with the sound /juː/, a consonant sound, so a — even though it begins with u.',
      },
    },
    {
      sentence: 'This is ___ best hotel we have stayed in.',
      options: ['a', 'an', 'the'],
      answer: 2,
      explanation: {
        vi: 'So sánh nhất luôn đi với the.',
        en: 'Superlatives always take the.',
      },
    },
    {
      sentence: '___ information in this brochure is out of date.',
      options: ['The', 'An', 'A'],
      answer: 0,
      explanation: {
        vi: 'Information không đếm được (không dùng a/an) và được xác định bởi “in this brochure” → The.',
        en: 'Information is uncountable (no a/an) and “in this brochure” says which information: The.',
      },
    },
    {
      sentence: 'Most of our staff come to work by ___ bus.',
      options: ['a', 'the', 'no article'],
      answer: 2,
      explanation: {
        vi: 'Cụm by + phương tiện không dùng mạo từ: by bus.',
        en: 'By + a means of transport takes no article: by bus.',
      },
    },
    {
      sentence: 'Ms. Hoa has ___ MBA from a business school in Singapore.',
      options: ['an', 'a', 'the'],
      answer: 0,
      explanation: {
        vi: 'MBA đọc là /em-biː-eɪ/, bắt đầu bằng âm nguyên âm → an.',
        en: 'MBA is read /em-biː-eɪ/, starting with a vowel sound: an.',
      },
    },
  ],
};
