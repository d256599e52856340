import { passageHtml } from '../html';
import type { KeyedText, ReadingPassage } from '../types';

const TITLE = 'Why the brain needs the night';

const PARAGRAPHS = [
  'In the weeks before university entrance exams, many students follow a familiar routine: study late into the night, sleep a few hours, and return to their books at dawn. The logic seems obvious. Time spent asleep is time not spent learning, so cutting sleep should mean more knowledge on the day of the exam. Over the past three decades, however, sleep researchers have assembled a large body of evidence suggesting that this logic is badly mistaken. Sleep, it appears, is not a pause in learning but one of its essential stages.',
  "A night's sleep is not a single, uniform state. It consists of repeated cycles, each lasting roughly ninety minutes, in which the brain passes through lighter stages of non-rapid eye movement (NREM) sleep, into deep or 'slow-wave' sleep, and finally into rapid eye movement (REM) sleep, the stage most associated with vivid dreams. The balance of these stages shifts as the night goes on. Slow-wave sleep dominates the first few cycles, while REM periods become longer towards morning. One consequence is rarely appreciated: a student who goes to bed at the normal time but wakes two hours early does not lose a quarter of each stage equally. Instead, he or she loses a disproportionate share of REM sleep.",
  "Much of what is known about sleep and memory began with experiments on animals. In a series of studies, the neuroscientist Elena Varga recorded the activity of individual cells in the hippocampus – a region of the brain essential for forming new memories – while rats learned to find food in a maze. Particular cells fired in a particular order as each rat ran along the route. When the animals later fell asleep, Varga found that the same sequences reappeared during slow-wave sleep, but played back many times faster than in real life. The brain, it seemed, was rehearsing the day's experience. Many researchers now believe that this 'replay' helps transfer memories from the hippocampus, which stores them only temporarily, to the cortex, where they can be kept for years.",
  'Studies with human volunteers point in the same direction. In one frequently cited experiment, the psychologist Kenji Mori taught two groups of students a list of forty word pairs. The first group learned the list in the evening and then slept normally; the second learned it in the morning and stayed awake for the same twelve hours. When both groups were tested, those who had slept remembered considerably more of the pairs, and the advantage was still visible a week later. A later study by Tran Thu Ha went further. Her volunteers learned the locations of objects on a computer screen while hearing a sound linked to each object. During their slow-wave sleep, some of those sounds were played again quietly. The next morning, the objects whose sounds had been replayed were remembered more accurately than the others. Tran is careful to point out what this does not mean: there is no evidence that people can learn new material, such as foreign vocabulary, from recordings played while they sleep. The sounds only strengthened memories that had been formed while the volunteers were awake.',
  'If slow-wave sleep protects memories, REM sleep may help to reorganise them. Samuel Ortiz asked volunteers to solve a long series of number problems. Unknown to them, the problems contained a hidden rule that allowed the answer to be found almost immediately. Participants who had a night of sleep between two practice sessions were more than twice as likely to discover the shortcut as those who spent the same time awake. Ortiz argues that sleep allows the brain to detect patterns that are not obvious during conscious effort, which may explain why people so often wake up with the solution to a problem they could not solve the night before.',
  'These findings are particularly relevant to teenagers, who face an additional difficulty. During adolescence, the body’s internal clock shifts later: the hormone melatonin, which signals that it is time to sleep, is released up to two hours later than in childhood. Teenagers who struggle to fall asleep before midnight are therefore not simply being lazy or undisciplined. When schools begin early in the morning, many students are left with far less sleep than they need. Amara Boateng studied a group of secondary schools that moved their start time from 7:30 to 8:30. Students at these schools slept on average forty minutes more per night, and attendance at the first lesson of the day improved noticeably, although the effect on examination results was modest.',
  'What, then, should a student do before an important exam? The research suggests a few simple principles. Studying should be spread over several days rather than compressed into one night, so that each session is followed by sleep. A short nap of around twenty minutes can restore alertness in the afternoon, but longer naps risk leaving the sleeper in a state of grogginess known as sleep inertia. Most importantly, a regular bedtime protects the later cycles of sleep, with their rich periods of REM. The all-night study session may feel productive, but the evidence suggests that it works against the very memory it is meant to build.',
];

const RESEARCHERS: KeyedText[] = [
  { key: 'A', content: 'Elena Varga' },
  { key: 'B', content: 'Kenji Mori' },
  { key: 'C', content: 'Tran Thu Ha' },
  { key: 'D', content: 'Samuel Ortiz' },
  { key: 'E', content: 'Amara Boateng' },
];

const finding = (number: number, content: string) => ({
  kind: 'matching' as const,
  stem: content,
  item: { key: String(number), content },
  options: RESEARCHERS,
});

export const passage3: ReadingPassage = {
  title: `Passage 3 – ${TITLE}`,
  html: passageHtml(TITLE, PARAGRAPHS),
  questions: [
    {
      kind: 'single_choice',
      intro: 'Questions 27–30. Choose the correct letter, A, B, C or D.',
      stem: 'What does the writer say about a student who wakes two hours earlier than usual?',
      options: [
        'The student loses the same share of every stage of sleep.',
        'The student mainly loses slow-wave sleep.',
        'The student loses more REM sleep than other kinds of sleep.',
        'The student is not affected if he or she went to bed at the normal time.',
      ],
      answer: 'C',
      vi: 'Đoạn B: “does not lose a quarter of each stage equally. Instead, he or she loses a disproportionate share of REM sleep” vì REM dài hơn vào gần sáng → C. Bẫy: A là điều tác giả phủ định; B sai vì giấc sóng chậm tập trung ở đầu đêm.',
      en: 'Paragraph B: the student “does not lose a quarter of each stage equally. Instead, he or she loses a disproportionate share of REM sleep”, because REM grows longer towards morning → C. Trap: A is exactly what the writer denies; B is wrong because slow-wave sleep dominates early in the night.',
    },
    {
      kind: 'single_choice',
      stem: "In Varga's experiments, the sequences of cell activity recorded during sleep were",
      options: [
        'slower than during the run through the maze.',
        'the same speed as during the run through the maze.',
        'much faster than during the run through the maze.',
        'observed only during REM sleep.',
      ],
      answer: 'C',
      vi: 'Đoạn C: “the same sequences reappeared during slow-wave sleep, but played back many times faster than in real life” → C. Bẫy: D sai vì hiện tượng xảy ra trong giấc sóng chậm (slow-wave), không phải REM.',
      en: 'Paragraph C: “the same sequences reappeared during slow-wave sleep, but played back many times faster than in real life” → C. Trap: D is wrong; the replay happened in slow-wave sleep, not REM.',
    },
    {
      kind: 'single_choice',
      stem: 'What does Tran Thu Ha emphasise about her results?',
      options: [
        'People can learn foreign vocabulary while they are asleep.',
        'Sounds played during sleep only strengthen memories formed while awake.',
        'Loud sounds are more effective than quiet ones.',
        'The effect of the sounds disappears after one night.',
      ],
      answer: 'B',
      vi: '“there is no evidence that people can learn new material … The sounds only strengthened memories that had been formed while the volunteers were awake.” → B. Bẫy: A chính là điều bà phủ nhận; C và D không được nhắc tới.',
      en: '“there is no evidence that people can learn new material … The sounds only strengthened memories that had been formed while the volunteers were awake.” → B. Trap: A is what she explicitly rejects; C and D are not mentioned.',
    },
    {
      kind: 'single_choice',
      stem: "What was one result of the later start time in Boateng's study?",
      options: [
        'Examination results improved dramatically.',
        'Students slept about forty minutes longer each night.',
        'Students began going to bed earlier.',
        'Fewer students attended the first lesson.',
      ],
      answer: 'B',
      vi: 'Đoạn F: “Students at these schools slept on average forty minutes more per night” → B. Bẫy: A sai vì ảnh hưởng tới điểm thi “modest” (khiêm tốn); D ngược với “attendance … improved noticeably”.',
      en: 'Paragraph F: “Students at these schools slept on average forty minutes more per night” → B. Trap: A is wrong because the effect on exams was “modest”; D contradicts “attendance … improved noticeably”.',
    },
    {
      kind: 'gap_fill',
      intro:
        'Questions 31–35. Complete the sentences below. Choose NO MORE THAN TWO WORDS AND/OR A NUMBER from the passage for each answer.',
      stem: 'Each cycle of sleep lasts approximately __________.',
      accepted: ['ninety minutes', '90 minutes', '90 mins', '90 min'],
      vi: 'Đoạn B: “repeated cycles, each lasting roughly ninety minutes”. “roughly” = “approximately”. Đáp án: ninety minutes / 90 minutes.',
      en: 'Paragraph B: “repeated cycles, each lasting roughly ninety minutes”. “roughly” = “approximately”. Answer: ninety (90) minutes.',
    },
    {
      kind: 'gap_fill',
      stem: 'New memories are stored only temporarily in the __________.',
      accepted: ['hippocampus'],
      vi: 'Đoạn C: “from the hippocampus, which stores them only temporarily, to the cortex”. Đáp án: hippocampus (hồi hải mã). Bẫy: “cortex” là nơi lưu trữ lâu dài.',
      en: 'Paragraph C: “from the hippocampus, which stores them only temporarily, to the cortex”. Answer: hippocampus. Trap: the cortex is the long-term store.',
    },
    {
      kind: 'gap_fill',
      stem: "In Mori's study, the advantage of the students who slept could still be seen __________ later.",
      accepted: ['a week', 'one week', '1 week', 'week'],
      vi: 'Đoạn D: “the advantage was still visible a week later”. Đáp án: a week. Bẫy: “twelve hours” là thời gian giữa lúc học và lúc kiểm tra, không phải thời gian hiệu quả còn kéo dài.',
      en: 'Paragraph D: “the advantage was still visible a week later”. Answer: a week. Trap: “twelve hours” is the interval before the first test, not how long the advantage lasted.',
    },
    {
      kind: 'gap_fill',
      stem: 'In teenagers, the hormone __________ is released later than in younger children.',
      accepted: ['melatonin'],
      vi: 'Đoạn F: “the hormone melatonin, which signals that it is time to sleep, is released up to two hours later than in childhood”. Đáp án: melatonin.',
      en: 'Paragraph F: “the hormone melatonin, which signals that it is time to sleep, is released up to two hours later than in childhood”. Answer: melatonin.',
    },
    {
      kind: 'gap_fill',
      stem: 'A nap that is too long may leave a person in a groggy state called __________.',
      accepted: ['sleep inertia'],
      vi: 'Đoạn G: “longer naps risk leaving the sleeper in a state of grogginess known as sleep inertia”. Đáp án: sleep inertia (hai từ – đúng giới hạn).',
      en: 'Paragraph G: “longer naps risk leaving the sleeper in a state of grogginess known as sleep inertia”. Answer: sleep inertia (two words, within the limit).',
    },
    {
      ...finding(36, 'Sleep may make it easier to notice a hidden rule.'),
      intro:
        'Questions 36–40. Look at the following findings and the list of researchers below. Match each finding with the correct researcher, A–E.',
      answer: 'D',
      vi: 'Đoạn E: người ngủ một đêm giữa hai buổi luyện “were more than twice as likely to discover the shortcut” – quy luật ẩn trong các bài toán. Đây là nghiên cứu của Samuel Ortiz → D.',
      en: 'Paragraph E: those who slept between sessions “were more than twice as likely to discover the shortcut”, the hidden rule in the problems. That is Samuel Ortiz → D.',
    },
    {
      ...finding(37, 'Brain activity from a learning task is repeated during deep sleep.'),
      answer: 'A',
      vi: 'Đoạn C: Elena Varga thấy “the same sequences reappeared during slow-wave sleep”. “deep sleep” = “slow-wave sleep” → A.',
      en: 'Paragraph C: Elena Varga found that “the same sequences reappeared during slow-wave sleep”; deep sleep = slow-wave sleep → A.',
    },
    {
      ...finding(38, 'Changing the daily timetable can increase how long young people sleep.'),
      answer: 'E',
      vi: 'Đoạn F: Amara Boateng nghiên cứu các trường lùi giờ vào học từ 7:30 sang 8:30; học sinh “slept on average forty minutes more per night” → E.',
      en: 'Paragraph F: Amara Boateng studied schools that moved their start from 7:30 to 8:30; students “slept on average forty minutes more per night” → E.',
    },
    {
      ...finding(39, 'Cues presented during sleep can improve memory for particular items.'),
      answer: 'C',
      vi: 'Đoạn D: Tran Thu Ha phát lại âm thanh gắn với từng đồ vật trong giấc sóng chậm; “the objects whose sounds had been replayed were remembered more accurately” → C. “cues” = các âm thanh gợi nhớ.',
      en: 'Paragraph D: Tran Thu Ha replayed sounds linked to objects during slow-wave sleep; “the objects whose sounds had been replayed were remembered more accurately” → C. The “cues” are the sounds.',
    },
    {
      ...finding(40, 'The benefit of sleeping after learning can last for several days.'),
      answer: 'B',
      vi: 'Đoạn D: nhóm ngủ của Kenji Mori nhớ nhiều hơn và “the advantage was still visible a week later” → B. Bẫy: Tran Thu Ha cũng ở đoạn D nhưng chỉ kiểm tra vào sáng hôm sau.',
      en: 'Paragraph D: in Kenji Mori’s study the sleep group remembered more and “the advantage was still visible a week later” → B. Trap: Tran Thu Ha is in the same paragraph, but her volunteers were tested the next morning.',
    },
  ],
};
