import type { GrammarTopic } from '../types';

/** Relative clauses, original Prepwise content. */
export const RELATIVE_CLAUSES: GrammarTopic = {
  slug: 'relative-clauses',
  title: { vi: 'Mệnh đề quan hệ', en: 'Relative clauses' },
  card: {
    vi: 'Who, which, that, whose, whom, where, when; mệnh đề có và không có dấu phẩy; rút gọn bằng V-ing và V3.',
    en: 'Who, which, that, whose, whom, where, when; clauses with and without commas; reducing them to -ing and past participles.',
  },
  lead: {
    vi: 'Mệnh đề quan hệ giúp nối hai câu ngắn thành một câu dài hơn và tự nhiên hơn — điều giám khảo IELTS tìm ở tiêu chí ngữ pháp, và là dạng câu quen thuộc ở TOEIC Part 5.',
    en: 'Relative clauses join two short sentences into one longer, more natural sentence — what IELTS examiners look for under grammatical range, and a familiar TOEIC Part 5 question.',
  },
  metaTitle: {
    vi: 'Mệnh đề quan hệ who, which, that, whose: cách dùng, rút gọn · Prepwise',
    en: 'Relative clauses with who, which, that and whose: uses and reduction · Prepwise',
  },
  metaDescription: {
    vi: 'Đại từ và trạng từ quan hệ, mệnh đề xác định và không xác định, giới từ + which/whom, rút gọn mệnh đề quan hệ, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'Relative pronouns and adverbs, defining and non-defining clauses, preposition + which/whom, reduced relative clauses, common mistakes and instant exercises.',
  },
  sections: [
    {
      id: 'pronouns',
      title: { vi: 'Đại từ và trạng từ quan hệ', en: 'Relative pronouns and adverbs' },
      intro: {
        vi: 'Từ quan hệ đứng ngay sau danh từ nó bổ nghĩa và thay thế cho danh từ đó trong mệnh đề — vì vậy không lặp lại he, she, it sau nó.',
        en: 'The relative word comes right after the noun it describes and replaces that noun in the clause — so do not repeat he, she or it after it.',
      },
      table: {
        head: [
          { vi: 'Từ', en: 'Word' },
          { vi: 'Thay cho', en: 'Refers to' },
          { vi: 'Ví dụ', en: 'Example' },
        ],
        rows: [
          [
            'who',
            { vi: 'Người (chủ ngữ hoặc tân ngữ)', en: 'People (subject or object)' },
            'the engineer who designed it',
          ],
          [
            'whom',
            { vi: 'Người (tân ngữ, trang trọng)', en: 'People (object, formal)' },
            'the client whom we met',
          ],
          ['which', { vi: 'Vật, sự việc', en: 'Things and ideas' }, 'the printer which broke down'],
          [
            'that',
            {
              vi: 'Người hoặc vật, chỉ trong mệnh đề xác định',
              en: 'People or things, defining clauses only',
            },
            'the report that you need',
          ],
          [
            'whose',
            { vi: 'Sở hữu (của ai/của cái gì) + danh từ', en: 'Possession + noun' },
            'the man whose car was towed',
          ],
          [
            'where',
            { vi: 'Nơi chốn (= in/at which)', en: 'Places (= in/at which)' },
            'the hotel where we stayed',
          ],
          [
            'when',
            { vi: 'Thời gian (= on/in which)', en: 'Times (= on/in which)' },
            'the day when the store opened',
          ],
        ],
      },
      examples: [
        {
          en: 'The candidate who impressed us most has accepted the offer.',
          vi: 'Ứng viên gây ấn tượng nhất với chúng tôi đã nhận lời mời làm việc.',
        },
        {
          en: 'We need a supplier whose prices are lower.',
          vi: 'Chúng tôi cần một nhà cung cấp có giá thấp hơn.',
        },
      ],
    },
    {
      id: 'commas',
      title: { vi: 'Mệnh đề xác định và không xác định', en: 'Defining and non-defining clauses' },
      intro: {
        vi: 'Mệnh đề xác định cho biết “người/vật NÀO” và không có dấu phẩy. Mệnh đề không xác định chỉ thêm thông tin về một đối tượng đã rõ (tên riêng, người duy nhất), đặt giữa hai dấu phẩy và không dùng that.',
        en: 'A defining clause says WHICH person or thing and has no commas. A non-defining clause adds information about something already clear (a name, the only one); it sits between commas and never uses that.',
      },
      points: [
        {
          vi: 'Xác định: The staff who work at night get extra pay. (chỉ nhân viên làm ca đêm)',
          en: 'Defining: The staff who work at night get extra pay. (only the night staff)',
        },
        {
          vi: 'Không xác định: My manager, who works at night, rarely sees the sun. (chỉ có một quản lý)',
          en: 'Non-defining: My manager, who works at night, rarely sees the sun. (there is only one manager)',
        },
        {
          vi: 'Trong mệnh đề xác định, có thể bỏ đại từ khi nó là tân ngữ: the book (that) I bought.',
          en: 'In a defining clause, you can leave out the pronoun when it is the object: the book (that) I bought.',
        },
      ],
      examples: [
        {
          en: 'Hoi An, which is a UNESCO World Heritage Site, attracts many visitors.',
          vi: 'Hội An, một Di sản Thế giới được UNESCO công nhận, thu hút rất nhiều du khách.',
        },
        {
          en: 'The laptop I bought last week is already slow.',
          vi: 'Chiếc laptop tôi mua tuần trước đã chạy chậm.',
        },
      ],
    },
    {
      id: 'reduced',
      title: { vi: 'Rút gọn mệnh đề quan hệ', en: 'Reduced relative clauses' },
      intro: {
        vi: 'Khi đại từ quan hệ là chủ ngữ, có thể bỏ đại từ và be: dùng V-ing nếu mang nghĩa chủ động, V3 nếu mang nghĩa bị động. Dạng này rất hay gặp ở Part 5.',
        en: 'When the relative pronoun is the subject, you can drop it (and be): use -ing for an active meaning and the past participle for a passive one. Part 5 tests this often.',
      },
      formulas: [
        'N + who/which + V (active) → N + V-ing',
        'N + who/which + be + V3 (passive) → N + V3',
        'N + preposition + which / whom + S + V',
      ],
      examples: [
        {
          en: 'Employees wishing to attend the workshop should register online.',
          vi: 'Nhân viên muốn tham dự buổi hội thảo nên đăng ký trực tuyến.',
        },
        {
          en: 'The documents attached to this email must be signed.',
          vi: 'Các tài liệu đính kèm email này cần được ký.',
        },
        {
          en: 'This is the company for which she worked for ten years.',
          vi: 'Đây là công ty mà cô ấy đã làm việc suốt mười năm.',
        },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'The man who he called you is my boss.',
      right: 'The man who called you is my boss.',
      note: {
        vi: 'Who đã làm chủ ngữ của mệnh đề; thêm he là lặp chủ ngữ (lỗi do dịch từng chữ “người mà anh ấy…”).',
        en: 'Who is already the subject of the clause; adding he repeats it.',
      },
    },
    {
      wrong: 'My father, that is a doctor, lives in Hanoi.',
      right: 'My father, who is a doctor, lives in Hanoi.',
      note: {
        vi: 'Mệnh đề có dấu phẩy (không xác định) không dùng that.',
        en: 'A clause between commas (non-defining) never uses that.',
      },
    },
    {
      wrong: 'This is the city which I was born.',
      right: 'This is the city where I was born. / … in which I was born.',
      note: {
        vi: 'Be born in a place: cần where hoặc in which; which một mình không thay cho trạng ngữ nơi chốn.',
        en: 'You are born in a place: use where or in which; which alone cannot replace an adverbial of place.',
      },
    },
    {
      wrong: 'The customer who his order was lost called again.',
      right: 'The customer whose order was lost called again.',
      note: {
        vi: 'Sở hữu trong mệnh đề quan hệ dùng whose + danh từ, không dùng who + his.',
        en: 'Possession in a relative clause is whose + noun, not who + his.',
      },
    },
  ],
  practice: [
    {
      sentence: 'The architect ___ designed this library has won several awards.',
      options: ['which', 'who', 'whose'],
      answer: 1,
      explanation: {
        vi: 'Thay cho người (the architect) và làm chủ ngữ của designed → who.',
        en: 'It refers to a person (the architect) and is the subject of designed: who.',
      },
    },
    {
      sentence: 'We visited the factory ___ the new cars are assembled.',
      options: ['where', 'which', 'when'],
      answer: 0,
      explanation: {
        vi: 'Mệnh đề sau đã đủ chủ ngữ và động từ, thiếu trạng ngữ nơi chốn → where (= in which).',
        en: 'The clause already has a subject and a verb; it needs a place adverb: where (= in which).',
      },
    },
    {
      sentence: 'Applicants ___ documents are incomplete will be contacted by phone.',
      options: ['who', 'whom', 'whose'],
      answer: 2,
      explanation: {
        vi: 'Hồ sơ CỦA ứng viên, theo sau là danh từ documents → whose.',
        en: 'The documents belong to the applicants, and a noun follows: whose.',
      },
    },
    {
      sentence: 'Hoi An, ___ is a UNESCO World Heritage Site, is famous for its lanterns.',
      options: ['that', 'where', 'which'],
      answer: 2,
      explanation: {
        vi: 'Mệnh đề có dấu phẩy không dùng that; chỗ trống là chủ ngữ của is → which.',
        en: 'A clause between commas cannot use that, and the gap is the subject of is: which.',
      },
    },
    {
      sentence: 'The forms ___ on the front desk need your signature.',
      options: ['leaving', 'left', 'are left'],
      answer: 1,
      explanation: {
        vi: 'Rút gọn bị động của “which are left”: giấy tờ được để trên bàn → left.',
        en: 'A reduced passive clause, from “which are left”: the forms were put there, so left.',
      },
    },
    {
      sentence: 'The person to ___ you should send the form is Mr. Nam.',
      options: ['whom', 'who', 'that'],
      answer: 0,
      explanation: {
        vi: 'Sau giới từ (to) chỉ dùng whom cho người, không dùng who hay that.',
        en: 'After a preposition (to), use whom for people, never who or that.',
      },
    },
  ],
};
