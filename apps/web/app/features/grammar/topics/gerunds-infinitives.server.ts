import type { GrammarTopic } from '../types';

/** Gerunds and infinitives, original Prepwise content. */
export const GERUNDS_INFINITIVES: GrammarTopic = {
  slug: 'gerunds-infinitives',
  title: { vi: 'V-ing và to V (danh động từ và động từ nguyên mẫu)', en: 'Gerunds and infinitives' },
  card: {
    vi: 'Động từ nào đi với V-ing, động từ nào đi với to V, look forward to + V-ing, make/let + V và stop/remember/try đổi nghĩa.',
    en: 'Which verbs take -ing and which take to, look forward to + -ing, make/let + base verb, and stop/remember/try changing meaning.',
  },
  lead: {
    vi: 'Sau một số động từ phải dùng V-ing, sau một số khác phải dùng to V — không có quy tắc tuyệt đối, nhưng học theo nhóm và nhớ vài “bẫy” sẽ giúp bạn làm đúng hầu hết câu Part 5.',
    en: 'Some verbs are followed by -ing, others by to + verb. There is no single rule, but learning them in groups and knowing a few traps gets most Part 5 questions right.',
  },
  metaTitle: {
    vi: 'V-ing hay to V: danh động từ và động từ nguyên mẫu · Prepwise',
    en: 'Gerund or infinitive: -ing or to + verb · Prepwise',
  },
  metaDescription: {
    vi: 'Danh sách động từ đi với V-ing, với to V, với tân ngữ + to V, sau giới từ dùng V-ing, stop/remember/try đổi nghĩa, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'Verbs followed by -ing, by to + verb and by an object + to + verb, -ing after prepositions, stop/remember/try, common mistakes and instant exercises.',
  },
  sections: [
    {
      id: 'gerund',
      title: { vi: 'Khi nào dùng V-ing', en: 'When to use -ing' },
      intro: {
        vi: 'V-ing (danh động từ) hoạt động như một danh từ: làm chủ ngữ, đứng sau giới từ và sau một nhóm động từ nhất định.',
        en: 'The gerund (-ing) works like a noun: it can be the subject, it follows prepositions and it follows a certain group of verbs.',
      },
      points: [
        {
          vi: 'Làm chủ ngữ: Learning vocabulary every day helps a lot.',
          en: 'As the subject: Learning vocabulary every day helps a lot.',
        },
        {
          vi: 'Sau giới từ: interested in, good at, before, after, without, instead of + V-ing.',
          en: 'After prepositions: interested in, good at, before, after, without, instead of + -ing.',
        },
        {
          vi: 'Sau các động từ: avoid, consider, delay, deny, enjoy, finish, keep, mind, postpone, recommend, suggest, practise.',
          en: 'After these verbs: avoid, consider, delay, deny, enjoy, finish, keep, mind, postpone, recommend, suggest, practise.',
        },
        {
          vi: 'To là GIỚI TỪ trong: look forward to, be used to, get used to, object to, be committed to, in addition to → + V-ing.',
          en: 'To is a PREPOSITION in look forward to, be used to, get used to, object to, be committed to and in addition to: + -ing.',
        },
      ],
      examples: [
        { en: 'We look forward to hearing from you.', vi: 'Chúng tôi mong sớm nhận được phản hồi của bạn.' },
        {
          en: 'The manager suggested moving the meeting to Thursday.',
          vi: 'Quản lý đề nghị dời cuộc họp sang thứ Năm.',
        },
      ],
    },
    {
      id: 'infinitive',
      title: { vi: 'Khi nào dùng to V và V nguyên mẫu', en: 'When to use to + verb and the base verb' },
      intro: {
        vi: 'To V thường chỉ mục đích hoặc việc sẽ làm. Một số động từ cần tân ngữ trước to V; make, let, help và động từ khuyết thiếu đi với V nguyên mẫu không to.',
        en: 'To + verb often shows a purpose or a future action. Some verbs need an object before to + verb; make, let, help and modals take the base verb without to.',
      },
      table: {
        head: [
          { vi: 'Mẫu', en: 'Pattern' },
          { vi: 'Động từ', en: 'Verbs' },
          { vi: 'Ví dụ', en: 'Example' },
        ],
        rows: [
          [
            'V + to V',
            'afford, agree, decide, expect, hope, manage, offer, plan, promise, refuse, want, would like',
            'They decided to hire two interns.',
          ],
          [
            'V + O + to V',
            'advise, allow, ask, encourage, expect, invite, remind, require, tell, want',
            'She reminded me to sign the contract.',
          ],
          ['V + O + V', 'make, let, have; help (+ to V or V)', 'The trainer made us repeat the exercise.'],
          [
            { vi: 'Chỉ mục đích', en: 'Purpose' },
            'to V / in order to V',
            'He called to confirm the booking.',
          ],
        ],
      },
      examples: [
        {
          en: 'The company cannot afford to lose this client.',
          vi: 'Công ty không thể để mất khách hàng này.',
        },
        {
          en: 'My manager let me leave early on Friday.',
          vi: 'Quản lý cho tôi về sớm vào thứ Sáu.',
        },
      ],
    },
    {
      id: 'meaning-change',
      title: { vi: 'Động từ đổi nghĩa theo V-ing / to V', en: 'Verbs whose meaning changes' },
      intro: {
        vi: 'Một số động từ đi được với cả hai nhưng nghĩa khác nhau.',
        en: 'A few verbs take both forms, with different meanings.',
      },
      table: {
        head: [
          { vi: 'Động từ', en: 'Verb' },
          { vi: '+ V-ing', en: '+ -ing' },
          { vi: '+ to V', en: '+ to + verb' },
        ],
        rows: [
          [
            'stop',
            { vi: 'ngừng hẳn việc đó: stop smoking', en: 'end the activity: stop smoking' },
            {
              vi: 'dừng lại để làm việc khác: stop to buy water',
              en: 'pause in order to do something: stop to buy water',
            },
          ],
          [
            'remember / forget',
            {
              vi: 'nhớ/quên việc ĐÃ làm: I remember locking the door.',
              en: 'a past action: I remember locking the door.',
            },
            {
              vi: 'nhớ/quên việc CẦN làm: Remember to lock the door.',
              en: 'a task to do: Remember to lock the door.',
            },
          ],
          [
            'try',
            {
              vi: 'thử làm xem sao: try restarting the computer',
              en: 'do it as an experiment: try restarting the computer',
            },
            { vi: 'cố gắng làm: try to finish on time', en: 'make an effort: try to finish on time' },
          ],
          [
            'regret',
            {
              vi: 'hối tiếc việc đã làm: I regret leaving early.',
              en: 'be sorry about the past: I regret leaving early.',
            },
            {
              vi: 'lấy làm tiếc phải báo: We regret to inform you…',
              en: 'be sorry to announce: We regret to inform you…',
            },
          ],
        ],
      },
      examples: [
        {
          en: 'Please remember to switch off the projector.',
          vi: 'Nhớ tắt máy chiếu nhé.',
        },
        {
          en: 'We regret to inform you that the flight has been cancelled.',
          vi: 'Chúng tôi rất tiếc phải thông báo rằng chuyến bay đã bị hủy.',
        },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'I look forward to hear from you.',
      right: 'I look forward to hearing from you.',
      note: {
        vi: 'To trong look forward to là giới từ nên sau nó là V-ing — câu kết thư rất hay gặp trong TOEIC.',
        en: 'The to of look forward to is a preposition, so -ing follows — a classic TOEIC email ending.',
      },
    },
    {
      wrong: 'She suggested to go by train.',
      right: 'She suggested going by train. / She suggested that we go by train.',
      note: {
        vi: 'Suggest đi với V-ing hoặc mệnh đề that, không đi với to V.',
        en: 'Suggest takes -ing or a that-clause, never to + verb.',
      },
    },
    {
      wrong: 'The teacher made us to rewrite the essay.',
      right: 'The teacher made us rewrite the essay.',
      note: {
        vi: 'Make/let + tân ngữ + V nguyên mẫu không to.',
        en: 'Make/let + object + base verb without to.',
      },
    },
    {
      wrong: 'I am used to get up at 6 a.m.',
      right: 'I am used to getting up at 6 a.m.',
      note: {
        vi: 'Be used to (quen với) + V-ing; used to + V nguyên mẫu nghĩa là “đã từng” (I used to get up at 6).',
        en: 'Be used to (be familiar with) + -ing; used to + base verb means a past habit (I used to get up at 6).',
      },
    },
  ],
  practice: [
    {
      sentence: 'We look forward to ___ you at the conference in May.',
      options: ['see', 'seeing', 'be seen'],
      answer: 1,
      explanation: {
        vi: 'Look forward to + V-ing vì to ở đây là giới từ.',
        en: 'Look forward to + -ing (to is a preposition).',
      },
    },
    {
      sentence: 'The board has decided ___ a new office in Da Nang.',
      options: ['to open', 'opening', 'open'],
      answer: 0,
      explanation: {
        vi: 'Sau decide (quyết định) dùng to V.',
        en: 'Decide is followed by to + verb.',
      },
    },
    {
      sentence: 'Would you mind ___ the door behind you?',
      options: ['to close', 'close', 'closing'],
      answer: 2,
      explanation: {
        vi: 'Sau mind (phiền) dùng V-ing: Would you mind closing…?',
        en: 'Mind is followed by -ing.',
      },
    },
    {
      sentence: 'The supervisor let us ___ home early on Friday.',
      options: ['go', 'to go', 'going'],
      answer: 0,
      explanation: {
        vi: 'Let + tân ngữ + V nguyên mẫu không to.',
        en: 'Let + object + base verb without to.',
      },
    },
    {
      sentence: 'Please remember ___ the lights before you leave the office.',
      options: ['turning off', 'to turn off', 'turn off'],
      answer: 1,
      explanation: {
        vi: 'Việc CẦN làm trong tương lai → remember + to V.',
        en: 'A task still to be done: remember + to + verb.',
      },
    },
    {
      sentence: 'Mr. Hung is considering ___ for the position in the Hanoi branch.',
      options: ['to apply', 'apply', 'applying'],
      answer: 2,
      explanation: {
        vi: 'Sau consider (cân nhắc) dùng V-ing.',
        en: 'Consider is followed by -ing.',
      },
    },
  ],
};
