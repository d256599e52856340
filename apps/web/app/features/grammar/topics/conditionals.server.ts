import type { GrammarTopic } from '../types';

/** Conditional sentences, original Prepwise content. */
export const CONDITIONALS: GrammarTopic = {
  slug: 'conditionals',
  title: { vi: 'Câu điều kiện', en: 'Conditional sentences' },
  card: {
    vi: 'Điều kiện loại 0, 1, 2, 3, unless, provided that và đảo ngữ Should/Were/Had hay gặp trong TOEIC.',
    en: 'Zero, first, second and third conditionals, unless, provided that and the Should/Were/Had inversions TOEIC loves.',
  },
  lead: {
    vi: 'Chọn loại câu điều kiện bằng hai câu hỏi: điều kiện có thể xảy ra thật không, và nó nói về hiện tại, tương lai hay quá khứ?',
    en: 'Choose the conditional with two questions: can the condition really happen, and is it about the present, the future or the past?',
  },
  metaTitle: {
    vi: 'Câu điều kiện loại 0, 1, 2, 3 và đảo ngữ · Prepwise',
    en: 'Conditionals: zero, first, second, third and inversion · Prepwise',
  },
  metaDescription: {
    vi: 'Công thức và cách dùng câu điều kiện loại 0, 1, 2, 3, unless, provided that, đảo ngữ Should/Were/Had, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'Forms and uses of zero, first, second and third conditionals, unless, provided that, Should/Were/Had inversion, common mistakes and instant exercises.',
  },
  sections: [
    {
      id: 'types',
      title: { vi: 'Bốn loại câu điều kiện', en: 'The four conditionals' },
      intro: {
        vi: 'Mệnh đề if có thể đứng trước (có dấu phẩy) hoặc sau mệnh đề chính (không cần dấu phẩy). Loại 1 dùng thì hiện tại sau if, KHÔNG dùng will.',
        en: 'The if-clause can come first (with a comma) or after the main clause (no comma). The first conditional uses a present tense after if, NOT will.',
      },
      table: {
        head: [
          { vi: 'Loại', en: 'Type' },
          { vi: 'Mệnh đề if', en: 'If-clause' },
          { vi: 'Mệnh đề chính', en: 'Main clause' },
          { vi: 'Dùng khi', en: 'Used for' },
        ],
        rows: [
          [
            '0',
            'If + present simple',
            'present simple',
            { vi: 'Sự thật, quy luật luôn đúng', en: 'Facts and rules that are always true' },
          ],
          [
            '1',
            'If + present simple',
            'will / can / may + V',
            { vi: 'Điều có thể xảy ra ở hiện tại, tương lai', en: 'Real possibilities now or in the future' },
          ],
          [
            '2',
            'If + past simple (were)',
            'would / could + V',
            { vi: 'Điều không có thật ở hiện tại, giả định', en: 'Unreal or imagined situations now' },
          ],
          [
            '3',
            'If + past perfect',
            'would / could have + V3',
            { vi: 'Điều không có thật trong quá khứ, tiếc nuối', en: 'Unreal past situations, regrets' },
          ],
        ],
      },
      examples: [
        { en: 'If you heat water to 100°C, it boils.', vi: 'Nếu đun nước đến 100°C, nước sôi.' },
        {
          en: 'If the supplier delivers on time, we will open the store on Monday.',
          vi: 'Nếu nhà cung cấp giao hàng đúng hạn, chúng ta sẽ khai trương cửa hàng vào thứ Hai.',
        },
        {
          en: 'If I were the manager, I would hire more staff.',
          vi: 'Nếu tôi là quản lý, tôi sẽ tuyển thêm nhân viên.',
        },
        {
          en: 'If we had booked earlier, we would have got a cheaper ticket.',
          vi: 'Nếu chúng tôi đặt sớm hơn thì đã mua được vé rẻ hơn.',
        },
      ],
    },
    {
      id: 'unless',
      title: { vi: 'Unless, provided that, as long as', en: 'Unless, provided that, as long as' },
      intro: {
        vi: 'Unless = if … not (“trừ khi”), nên mệnh đề sau unless ở dạng khẳng định. Provided (that), providing, as long as, on condition that = “miễn là, với điều kiện là”.',
        en: 'Unless means if … not, so the clause after unless is affirmative. Provided (that), providing, as long as and on condition that mean “only if”.',
      },
      formulas: [
        'Unless + S + V (affirmative), S + will + V',
        'Provided that / As long as + S + V, S + will + V',
      ],
      examples: [
        {
          en: 'Unless you register by Friday, you cannot take the test this month.',
          vi: 'Trừ khi bạn đăng ký trước thứ Sáu, bạn không thể thi trong tháng này.',
        },
        {
          en: 'You can work from home as long as you attend the Monday meeting.',
          vi: 'Bạn có thể làm việc ở nhà miễn là bạn dự cuộc họp thứ Hai.',
        },
      ],
    },
    {
      id: 'inversion',
      title: { vi: 'Đảo ngữ câu điều kiện', en: 'Inverted conditionals' },
      intro: {
        vi: 'Văn phong trang trọng bỏ if và đảo trợ động từ lên đầu. Should you… rất hay gặp trong email và thông báo TOEIC.',
        en: 'Formal English drops if and puts the auxiliary first. Should you… is very common in TOEIC emails and notices.',
      },
      formulas: [
        'Should + S + V, … (= If + S + V)',
        'Were + S + to V / adj / N, … (= If + S + were)',
        'Had + S + V3, … (= If + S + had + V3)',
      ],
      examples: [
        {
          en: 'Should you have any questions, please contact our help desk.',
          vi: 'Nếu có bất kỳ câu hỏi nào, xin vui lòng liên hệ bộ phận hỗ trợ.',
        },
        {
          en: 'Had I known about the traffic, I would have left earlier.',
          vi: 'Nếu tôi biết trước chuyện kẹt xe thì tôi đã đi sớm hơn.',
        },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'If it will rain tomorrow, we will cancel the trip.',
      right: 'If it rains tomorrow, we will cancel the trip.',
      note: {
        vi: 'Mệnh đề if của loại 1 dùng hiện tại đơn dù nói về tương lai; will chỉ ở mệnh đề chính.',
        en: 'The if-clause of the first conditional uses the present simple even for the future; will goes only in the main clause.',
      },
    },
    {
      wrong: 'If I am you, I would accept the offer.',
      right: 'If I were you, I would accept the offer.',
      note: {
        vi: 'Loại 2 dùng quá khứ; với be, văn viết chuẩn dùng were cho mọi ngôi.',
        en: 'The second conditional uses the past; with be, formal English uses were for every person.',
      },
    },
    {
      wrong: 'If I would have known, I would have come.',
      right: 'If I had known, I would have come.',
      note: {
        vi: 'Mệnh đề if của loại 3 dùng quá khứ hoàn thành (had + V3), không dùng would have.',
        en: 'The if-clause of the third conditional uses the past perfect (had + past participle), not would have.',
      },
    },
    {
      wrong: "Unless you don't hurry, you will miss the bus.",
      right: 'Unless you hurry, you will miss the bus.',
      note: {
        vi: 'Unless đã mang nghĩa phủ định (= if not); thêm not là phủ định hai lần.',
        en: 'Unless already means if not; adding not makes a double negative.',
      },
    },
  ],
  practice: [
    {
      sentence: 'If the shipment ___ late again, we will change suppliers.',
      options: ['will arrive', 'arrives', 'arrived'],
      answer: 1,
      explanation: {
        vi: 'Mệnh đề chính có will → loại 1; sau if dùng hiện tại đơn: arrives.',
        en: 'The main clause has will, so this is the first conditional: present simple after if, arrives.',
      },
    },
    {
      sentence: 'If I ___ more free time, I would take an evening course.',
      options: ['had', 'have', 'will have'],
      answer: 0,
      explanation: {
        vi: 'Mệnh đề chính có would + V → loại 2; sau if dùng quá khứ đơn: had.',
        en: 'Would + verb in the main clause means the second conditional: past simple after if, had.',
      },
    },
    {
      sentence: 'If we had left earlier, we ___ the train.',
      options: ['would catch', 'will catch', 'would have caught'],
      answer: 2,
      explanation: {
        vi: 'Had left → loại 3, nói về quá khứ không có thật: would have caught.',
        en: 'Had left shows the third conditional, an unreal past: would have caught.',
      },
    },
    {
      sentence: '___ you have any questions, please contact our customer service team.',
      options: ['Would', 'Should', 'Unless'],
      answer: 1,
      explanation: {
        vi: 'Đảo ngữ loại 1: Should you have… = If you have…',
        en: 'First conditional inversion: Should you have… means If you have…',
      },
    },
    {
      sentence: 'Visitors will not be admitted ___ they show a valid ticket.',
      options: ['unless', 'if', 'provided'],
      answer: 0,
      explanation: {
        vi: 'Nghĩa: không được vào TRỪ KHI xuất trình vé → unless.',
        en: 'The meaning is “not admitted except when they show a ticket”: unless.',
      },
    },
    {
      sentence: 'If you mix blue and yellow, you ___ green.',
      options: ['would get', 'get', 'had got'],
      answer: 1,
      explanation: {
        vi: 'Quy luật luôn đúng → loại 0: hiện tại đơn ở cả hai mệnh đề.',
        en: 'A fact that is always true: the zero conditional, present simple in both clauses.',
      },
    },
  ],
};
