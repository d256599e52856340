import { type RoadmapGoal, roadmapGoal } from './goals';

/** A text in both interface languages. */
export interface Localized {
  vi: string;
  en: string;
}

export interface RoadmapStep {
  title: Localized;
  text: Localized;
  /** A grammar lesson; practice-test steps link to catalogue tests of their exam instead. */
  link?: { to: string; label: Localized };
  kind: 'grammar' | 'vocabulary' | 'skills' | 'test';
}

export interface RoadmapPath extends RoadmapGoal {
  from: Localized;
  duration: Localized;
  summary: Localized;
  steps: RoadmapStep[];
}

const tense = (id: string, vi: string, en: string) => ({ to: `/grammar/tense#${id}`, label: { vi, en } });
const COMPARISON = {
  to: '/grammar/comparison',
  label: { vi: 'So sánh hơn và so sánh nhất', en: 'Comparatives and superlatives' },
};
const lesson = (slug: string, vi: string, en: string) => ({ to: `/grammar/${slug}`, label: { vi, en } });
const TENSES = { to: '/grammar/tense', label: { vi: '12 thì trong tiếng Anh', en: 'The 12 English tenses' } };

/** Learning paths by goal, original Prepwise content. */
export const ROADMAP_PATHS: RoadmapPath[] = [
  {
    ...roadmapGoal('toeic-450'),
    from: { vi: 'mới bắt đầu hoặc mất gốc', en: 'beginner or restarting from scratch' },
    duration: { vi: '8–10 tuần', en: '8–10 weeks' },
    summary: {
      vi: 'Xây nền tảng: các thì cơ bản, 600 từ vựng văn phòng thông dụng và làm quen với 7 phần của đề thi.',
      en: 'Build the basics: core tenses, 600 common workplace words and the seven parts of the test.',
    },
    steps: [
      {
        kind: 'grammar',
        title: { vi: 'Nắm chắc ba thì hiện tại', en: 'Master the three present tenses' },
        text: {
          vi: 'Hiện tại đơn, hiện tại tiếp diễn và hiện tại hoàn thành chiếm phần lớn câu hỏi về thì trong Part 5. Làm hết bài tập nhanh của từng thì.',
          en: 'Present simple, continuous and perfect cover most tense questions in Part 5. Finish the quick practice for each one.',
        },
        link: tense('present-simple', 'Hiện tại đơn', 'Present simple'),
      },
      {
        kind: 'grammar',
        title: { vi: 'Quá khứ đơn và tương lai đơn', en: 'Past simple and future simple' },
        text: {
          vi: 'Học động từ bất quy tắc thông dụng và cách dùng will trong email, thông báo.',
          en: 'Learn the common irregular verbs and how will is used in emails and announcements.',
        },
        link: tense('past-simple', 'Quá khứ đơn', 'Past simple'),
      },
      {
        kind: 'vocabulary',
        title: { vi: 'Từ vựng theo chủ đề văn phòng', en: 'Workplace vocabulary by topic' },
        text: {
          vi: 'Mỗi ngày 15–20 từ: văn phòng, cuộc họp, mua sắm, đi lại. Học cả câu ví dụ, ôn lại sau 1, 3 và 7 ngày.',
          en: '15–20 words a day: office, meetings, shopping, travel. Learn each with an example sentence and review after 1, 3 and 7 days.',
        },
      },
      {
        kind: 'skills',
        title: { vi: 'Làm quen Part 1, Part 2 và Part 5', en: 'Get to know Parts 1, 2 and 5' },
        text: {
          vi: 'Đây là ba phần dễ lấy điểm nhất. Với Part 2, tập nghe thật kỹ từ để hỏi ở đầu câu.',
          en: 'These are the easiest parts to score in. In Part 2, train your ear on the question word at the start.',
        },
      },
      {
        kind: 'test',
        title: { vi: 'Làm một đề luyện đầy đủ', en: 'Take a full practice test' },
        text: {
          vi: 'Làm trọn 200 câu trong 120 phút để biết điểm xuất phát, rồi ghi lại những phần sai nhiều nhất.',
          en: 'Do all 200 questions in 120 minutes to find your starting score, then note the parts where you lost most points.',
        },
      },
    ],
  },
  {
    ...roadmapGoal('toeic-650'),
    from: { vi: 'khoảng 450', en: 'around 450' },
    duration: { vi: '10–12 tuần', en: '10–12 weeks' },
    summary: {
      vi: 'Hoàn thiện ngữ pháp cho Part 5–6, luyện nghe hội thoại Part 3–4 và đọc nhanh Part 7.',
      en: 'Complete the grammar for Parts 5–6, train for Part 3–4 conversations and read faster in Part 7.',
    },
    steps: [
      {
        kind: 'grammar',
        title: { vi: 'Đủ 12 thì và cách phân biệt', en: 'All 12 tenses and how to tell them apart' },
        text: {
          vi: 'Tập trung vào dấu hiệu nhận biết: since/for, by the time, already/yet — đề thi hay dựa vào chúng.',
          en: 'Focus on the signal words — since/for, by the time, already/yet — which the test relies on.',
        },
        link: TENSES,
      },
      {
        kind: 'grammar',
        title: { vi: 'So sánh và từ loại', en: 'Comparisons and word forms' },
        text: {
          vi: 'So sánh hơn, so sánh nhất và so sánh kép xuất hiện đều đặn trong Part 5. Kết hợp ôn tính từ và trạng từ.',
          en: 'Comparatives, superlatives and double comparatives appear regularly in Part 5. Review adjectives and adverbs at the same time.',
        },
        link: COMPARISON,
      },
      {
        kind: 'grammar',
        title: { vi: 'Câu bị động và mệnh đề quan hệ', en: 'The passive and relative clauses' },
        text: {
          vi: 'Hai chủ điểm dày đặc trong thông báo và email của Part 6–7: nhận ra be + V3 và rút gọn mệnh đề bằng V-ing / V3.',
          en: 'Two points all over the notices and emails of Parts 6–7: spot be + past participle and clauses reduced to -ing or past participles.',
        },
        link: lesson('passive-voice', 'Câu bị động', 'The passive voice'),
      },
      {
        kind: 'skills',
        title: {
          vi: 'Part 3–4: đọc câu hỏi trước khi nghe',
          en: 'Parts 3–4: read the questions before you listen',
        },
        text: {
          vi: 'Tận dụng thời gian đọc hướng dẫn để xem trước câu hỏi và gạch chân từ khóa.',
          en: 'Use the time while directions play to preview the questions and underline key words.',
        },
      },
      {
        kind: 'skills',
        title: { vi: 'Part 7: đọc lướt và đọc tìm', en: 'Part 7: skimming and scanning' },
        text: {
          vi: 'Đặt giới hạn 1 phút cho mỗi câu hỏi. Với đoạn kép, tìm thông tin nối giữa hai văn bản.',
          en: 'Allow about one minute per question. In double passages, look for the detail that links the two texts.',
        },
      },
      {
        kind: 'test',
        title: { vi: 'Hai đề luyện mỗi tuần', en: 'Two practice tests a week' },
        text: {
          vi: 'Làm đề có bấm giờ, sau đó dành gấp đôi thời gian để xem lại từng câu sai.',
          en: 'Take timed tests, then spend twice as long reviewing every wrong answer.',
        },
      },
    ],
  },
  {
    ...roadmapGoal('toeic-850'),
    from: { vi: 'khoảng 650–700', en: 'around 650–700' },
    duration: { vi: '12–16 tuần', en: '12–16 weeks' },
    summary: {
      vi: 'Xử lý các câu khó: thì hoàn thành, câu điều kiện, từ vựng học thuật và quản lý thời gian Part 7.',
      en: 'Handle the hard questions: perfect tenses, conditionals, advanced vocabulary and time management in Part 7.',
    },
    steps: [
      {
        kind: 'grammar',
        title: {
          vi: 'Các thì hoàn thành và hoàn thành tiếp diễn',
          en: 'Perfect and perfect continuous tenses',
        },
        text: {
          vi: 'Phân biệt quá khứ hoàn thành với quá khứ đơn và tương lai hoàn thành với tương lai đơn — bẫy quen thuộc của câu khó.',
          en: 'Tell the past perfect from the past simple and the future perfect from the future simple — classic traps in hard questions.',
        },
        link: tense('past-perfect', 'Quá khứ hoàn thành', 'Past perfect'),
      },
      {
        kind: 'vocabulary',
        title: { vi: 'Từ vựng nâng cao và cụm cố định', en: 'Advanced vocabulary and collocations' },
        text: {
          vi: 'Học theo cụm (comply with, in accordance with, be eligible for) thay vì từ đơn lẻ.',
          en: 'Learn phrases (comply with, in accordance with, be eligible for) rather than single words.',
        },
      },
      {
        kind: 'skills',
        title: { vi: 'Nghe chép chính tả Part 3–4', en: 'Dictation with Parts 3–4' },
        text: {
          vi: 'Mỗi ngày 15 phút nghe và chép lại đoạn hội thoại để bắt được âm nối, âm nuốt.',
          en: 'Fifteen minutes a day writing down conversations word by word to catch linked and reduced sounds.',
        },
      },
      {
        kind: 'test',
        title: { vi: 'Luyện đề với mục tiêu thời gian', en: 'Practice tests with time targets' },
        text: {
          vi: 'Hoàn thành Part 5–6 trong 15 phút để còn ít nhất 55 phút cho Part 7.',
          en: 'Finish Parts 5–6 in 15 minutes to keep at least 55 minutes for Part 7.',
        },
      },
    ],
  },
  {
    ...roadmapGoal('ielts-5'),
    from: { vi: 'trình độ sơ trung cấp (khoảng A2)', en: 'pre-intermediate (around A2)' },
    duration: { vi: '12 tuần', en: '12 weeks' },
    summary: {
      vi: 'Ngữ pháp nền vững, từ vựng theo chủ đề quen thuộc và làm quen với định dạng cả bốn kỹ năng.',
      en: 'Solid core grammar, vocabulary on everyday topics and familiarity with all four parts of the test.',
    },
    steps: [
      {
        kind: 'grammar',
        title: { vi: 'Các thì cơ bản cho Speaking và Writing', en: 'Core tenses for Speaking and Writing' },
        text: {
          vi: 'Dùng đúng hiện tại đơn, quá khứ đơn và hiện tại hoàn thành khi kể về bản thân và trải nghiệm.',
          en: 'Use the present simple, past simple and present perfect correctly when talking about yourself and your experiences.',
        },
        link: TENSES,
      },
      {
        kind: 'vocabulary',
        title: { vi: 'Từ vựng chủ đề quen thuộc', en: 'Vocabulary for familiar topics' },
        text: {
          vi: 'Gia đình, công việc, học tập, quê hương, sở thích — các chủ đề của Speaking Part 1.',
          en: 'Family, work, study, hometown, hobbies — the topics of Speaking Part 1.',
        },
      },
      {
        kind: 'skills',
        title: { vi: 'Reading: các dạng câu hỏi', en: 'Reading: the question types' },
        text: {
          vi: 'Làm quen True/False/Not Given, Matching Headings và điền từ. Đọc câu hỏi trước, tìm từ khóa sau.',
          en: 'Get to know True/False/Not Given, Matching Headings and gap-fills. Read the questions first, then scan for key words.',
        },
      },
      {
        kind: 'test',
        title: { vi: 'Một đề Reading và Listening mỗi tuần', en: 'One Reading and Listening test a week' },
        text: {
          vi: 'Chấm điểm, quy đổi band và ghi lại dạng câu hỏi sai nhiều nhất.',
          en: 'Score it, convert to a band, and note the question type you miss most.',
        },
      },
    ],
  },
  {
    ...roadmapGoal('ielts-65'),
    from: { vi: 'khoảng 5.0–5.5', en: 'around 5.0–5.5' },
    duration: { vi: '16 tuần', en: '16 weeks' },
    summary: {
      vi: 'Câu phức, so sánh và số liệu cho Writing Task 1, lập luận mạch lạc cho Task 2 và nói trôi chảy hơn.',
      en: 'Complex sentences, comparisons and data language for Writing Task 1, coherent arguments for Task 2 and more fluent speaking.',
    },
    steps: [
      {
        kind: 'grammar',
        title: { vi: 'So sánh cho Writing Task 1', en: 'Comparisons for Writing Task 1' },
        text: {
          vi: 'Mô tả biểu đồ cần so sánh hơn, so sánh nhất, twice as … as và the … the … một cách chính xác.',
          en: 'Describing charts needs accurate comparatives, superlatives, twice as … as and the …, the ….',
        },
        link: COMPARISON,
      },
      {
        kind: 'grammar',
        title: { vi: 'Câu phức cho Writing Task 2', en: 'Complex sentences for Writing Task 2' },
        text: {
          vi: 'Mệnh đề quan hệ và câu điều kiện giúp nối ý thành câu phức đúng — điều tiêu chí Grammatical Range and Accuracy tìm kiếm.',
          en: 'Relative clauses and conditionals join ideas into correct complex sentences — what Grammatical Range and Accuracy looks for.',
        },
        link: lesson('relative-clauses', 'Mệnh đề quan hệ', 'Relative clauses'),
      },
      {
        kind: 'grammar',
        title: { vi: 'Thì hoàn thành trong lập luận', en: 'Perfect tenses in arguments' },
        text: {
          vi: 'Hiện tại hoàn thành để nói về xu hướng gần đây (“has increased significantly”), tương lai hoàn thành cho dự báo.',
          en: 'The present perfect for recent trends (“has increased significantly”), the future perfect for forecasts.',
        },
        link: tense('present-perfect', 'Hiện tại hoàn thành', 'Present perfect'),
      },
      {
        kind: 'skills',
        title: {
          vi: 'Writing: bố cục 4 đoạn và sửa bài',
          en: 'Writing: four-paragraph structure and feedback',
        },
        text: {
          vi: 'Mỗi tuần viết hai bài Task 2, nhờ giáo viên hoặc bạn học chấm theo bốn tiêu chí chính thức.',
          en: 'Write two Task 2 essays a week and have them marked against the four official criteria.',
        },
      },
      {
        kind: 'skills',
        title: { vi: 'Speaking: tự ghi âm Part 2', en: 'Speaking: record yourself in Part 2' },
        text: {
          vi: 'Nói đủ 2 phút, nghe lại để tìm chỗ ngập ngừng và lỗi thì.',
          en: 'Speak for the full two minutes, then listen back for hesitations and tense errors.',
        },
      },
      {
        kind: 'test',
        title: { vi: 'Đề thi thử đầy đủ mỗi hai tuần', en: 'A full mock test every two weeks' },
        text: {
          vi: 'Làm cả bốn kỹ năng trong một buổi để quen áp lực thời gian của ngày thi.',
          en: 'Do all four skills in one sitting to get used to the time pressure of test day.',
        },
      },
    ],
  },
];
