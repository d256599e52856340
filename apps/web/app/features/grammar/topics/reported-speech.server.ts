import type { GrammarTopic } from '../types';

/** Reported speech, original Prepwise content. */
export const REPORTED_SPEECH: GrammarTopic = {
  slug: 'reported-speech',
  title: { vi: 'Câu tường thuật (câu gián tiếp)', en: 'Reported speech' },
  card: {
    vi: 'Lùi thì, đổi đại từ và trạng từ thời gian, tường thuật câu hỏi và mệnh lệnh, say hay tell.',
    en: 'Backshifting tenses, changing pronouns and time words, reporting questions and commands, say or tell.',
  },
  lead: {
    vi: 'Khi kể lại lời người khác sau thời điểm họ nói, ta thường lùi thì một bậc và đổi các từ chỉ người, thời gian, nơi chốn cho phù hợp với người kể.',
    en: 'When you report what someone said after they said it, you usually move the tense one step back and change the words for people, time and place to fit the reporter.',
  },
  metaTitle: {
    vi: 'Câu tường thuật: lùi thì, câu hỏi, mệnh lệnh, say và tell · Prepwise',
    en: 'Reported speech: backshift, questions, commands, say and tell · Prepwise',
  },
  metaDescription: {
    vi: 'Bảng lùi thì trong câu gián tiếp, đổi trạng từ thời gian, tường thuật câu hỏi Yes/No và Wh-, mệnh lệnh, say và tell, lỗi người Việt hay mắc và bài tập chấm ngay.',
    en: 'The backshift table, time words, reported yes/no and wh- questions, commands, say and tell, mistakes Vietnamese learners make and instant exercises.',
  },
  sections: [
    {
      id: 'backshift',
      title: { vi: 'Lùi thì', en: 'Moving tenses back' },
      intro: {
        vi: 'Khi động từ tường thuật ở quá khứ (said, told, asked), thì trong lời nói lùi một bậc. Không cần lùi thì khi động từ tường thuật ở hiện tại (says) hoặc khi điều được nói vẫn còn đúng.',
        en: 'When the reporting verb is past (said, told, asked), the tense of the words moves one step back. There is no need to move it when the reporting verb is present (says) or the statement is still true.',
      },
      table: {
        head: [
          { vi: 'Lời nói trực tiếp', en: 'Direct speech' },
          { vi: 'Câu tường thuật', en: 'Reported speech' },
        ],
        rows: [
          ['present simple: “I work here.”', 'past simple: she said she worked there'],
          ['present continuous: “I am waiting.”', 'past continuous: he said he was waiting'],
          [
            'present perfect / past simple: “I have finished / I finished.”',
            'past perfect: she said she had finished',
          ],
          ['will: “I will call.”', 'would: he said he would call'],
          ['can / may: “I can help.”', 'could / might: she said she could help'],
          ['must: “You must sign.”', 'must / had to: he said I had to sign'],
        ],
      },
      examples: [
        {
          en: '“The printer is broken,” Minh said. → Minh said (that) the printer was broken.',
          vi: 'Minh nói rằng máy in bị hỏng.',
        },
        {
          en: 'The teacher said that the Earth goes around the Sun.',
          vi: 'Giáo viên nói rằng Trái Đất quay quanh Mặt Trời. (vẫn đúng nên không cần lùi thì)',
        },
      ],
    },
    {
      id: 'words',
      title: { vi: 'Đổi đại từ, thời gian và nơi chốn', en: 'Changing pronouns, time and place' },
      intro: {
        vi: 'Đổi đại từ theo người kể, và đổi từ chỉ thời gian, nơi chốn nếu lời kể diễn ra ở thời điểm hoặc nơi khác.',
        en: 'Change pronouns to fit the reporter, and change time and place words when the report happens at another time or place.',
      },
      table: {
        head: [
          { vi: 'Trực tiếp', en: 'Direct' },
          { vi: 'Gián tiếp', en: 'Reported' },
        ],
        rows: [
          ['today / tonight', 'that day / that night'],
          ['tomorrow', 'the next day / the following day'],
          ['yesterday', 'the day before / the previous day'],
          ['next week', 'the following week'],
          ['… ago', '… before / … earlier'],
          ['now', 'then / at that time'],
          ['here · this · these', 'there · that · those'],
        ],
      },
      examples: [
        {
          en: '“I will send it tomorrow.” → He said he would send it the next day.',
          vi: 'Anh ấy nói anh ấy sẽ gửi nó vào ngày hôm sau.',
        },
      ],
    },
    {
      id: 'questions-commands',
      title: { vi: 'Câu hỏi, mệnh lệnh và say / tell', en: 'Questions, commands, and say or tell' },
      intro: {
        vi: 'Câu hỏi tường thuật có trật tự của câu khẳng định (chủ ngữ trước động từ, không có do/did, không có dấu chấm hỏi). Mệnh lệnh và lời yêu cầu dùng tell/ask + tân ngữ + (not) to V.',
        en: 'Reported questions use statement word order (subject before verb, no do/did, no question mark). Commands and requests use tell/ask + object + (not) to + verb.',
      },
      formulas: [
        'S + asked (O) + if / whether + S + V',
        'S + asked (O) + wh-word + S + V',
        'S + told / asked + O + (not) to V',
        'say (something) (to someone) · tell someone (something)',
      ],
      examples: [
        {
          en: '“Do you have a reservation?” → The receptionist asked if I had a reservation.',
          vi: 'Lễ tân hỏi tôi đã đặt phòng chưa.',
        },
        {
          en: '“Where do you work?” → She asked me where I worked.',
          vi: 'Cô ấy hỏi tôi làm việc ở đâu.',
        },
        {
          en: '“Don’t be late.” → My boss told me not to be late.',
          vi: 'Sếp dặn tôi không được đến muộn.',
        },
      ],
    },
  ],
  mistakes: [
    {
      wrong: 'She said me that the meeting was cancelled.',
      right: 'She told me that the meeting was cancelled. / She said to me that…',
      note: {
        vi: 'Tell + người nghe trực tiếp (tell me); say không đi trực tiếp với người nghe (say to me).',
        en: 'Tell takes the listener directly (tell me); say needs to before the listener (say to me).',
      },
    },
    {
      wrong: 'He asked me where did I live.',
      right: 'He asked me where I lived.',
      note: {
        vi: 'Câu hỏi gián tiếp dùng trật tự câu khẳng định, bỏ did.',
        en: 'Reported questions use statement word order without did.',
      },
    },
    {
      wrong: 'She told me don’t touch the machine.',
      right: 'She told me not to touch the machine.',
      note: {
        vi: 'Mệnh lệnh phủ định tường thuật bằng not to V.',
        en: 'A negative command is reported with not to + verb.',
      },
    },
    {
      wrong: 'He asked me that I was ready.',
      right: 'He asked me if / whether I was ready.',
      note: {
        vi: 'Câu hỏi Yes/No tường thuật bằng if hoặc whether, không dùng that.',
        en: 'A yes/no question is reported with if or whether, not that.',
      },
    },
  ],
  practice: [
    {
      sentence: 'She ___ me that the meeting had been moved to Thursday.',
      options: ['said', 'told', 'spoke'],
      answer: 1,
      explanation: {
        vi: 'Có tân ngữ chỉ người (me) ngay sau → told.',
        en: 'The listener (me) follows directly, so told.',
      },
    },
    {
      sentence: 'The interviewer asked me why ___ to change jobs.',
      options: ['did I want', 'I wanted', 'do I want'],
      answer: 1,
      explanation: {
        vi: 'Câu hỏi gián tiếp: trật tự khẳng định, lùi thì → I wanted.',
        en: 'A reported question: statement word order and the tense moved back, I wanted.',
      },
    },
    {
      sentence: 'Our manager told us ___ the client’s name in public.',
      options: ['not mention', 'don’t mention', 'not to mention'],
      answer: 2,
      explanation: {
        vi: 'Tell + tân ngữ + not to V.',
        en: 'Tell + object + not to + verb.',
      },
    },
    {
      sentence: '“I am preparing the report,” Lan said. → Lan said that she ___ the report.',
      options: ['was preparing', 'is preparing', 'prepared'],
      answer: 0,
      explanation: {
        vi: 'Hiện tại tiếp diễn lùi thành quá khứ tiếp diễn: was preparing.',
        en: 'The present continuous moves back to the past continuous: was preparing.',
      },
    },
    {
      sentence: 'The receptionist asked ___ we had booked a table.',
      options: ['that', 'whether', 'what'],
      answer: 1,
      explanation: {
        vi: 'Tường thuật câu hỏi Yes/No → whether (hoặc if).',
        en: 'A reported yes/no question: whether (or if).',
      },
    },
    {
      sentence: 'A week later, I told Nam: “The supplier said they would call us ___.”',
      options: ['the next day', 'tomorrow', 'yesterday'],
      answer: 0,
      explanation: {
        vi: 'Kể lại sau một tuần nên tomorrow đổi thành the next day.',
        en: 'Reported a week later, tomorrow becomes the next day.',
      },
    },
  ],
};
