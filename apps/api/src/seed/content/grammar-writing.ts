import type { SeedQuestion } from './types';

/*
 * Grammar & Writing Check – Đề luyện 1: Prepwise's own short B1 check of the grammar points Vietnamese
 * learners most often get wrong (present perfect vs past simple, articles, embedded questions, "be used
 * to + -ing", linking words), sentence and paragraph building, and one short email.
 * Ordering pieces are keyed A, B, C … in the jumbled order a teacher would print them; `order` is the key.
 */

const useOfEnglish: SeedQuestion[] = [
  {
    kind: 'multiple_choice',
    stem: 'Choose the TWO sentences that are grammatically correct.',
    options: [
      'She has lived in Da Nang since five years.',
      'I have known Minh since we were at primary school.',
      'We have visited Hue last summer.',
      'They have already finished the monthly report.',
      'He has went to the bank to pay the bill.',
    ],
    answers: ['B', 'D'],
    vi: 'B đúng: “since + mốc thời gian/mệnh đề” (since we were at primary school) đi với hiện tại hoàn thành. D đúng: “already” hợp với hiện tại hoàn thành và “finished” là quá khứ phân từ. A sai vì “five years” là một khoảng thời gian nên phải dùng “for five years”. C sai vì “last summer” là thời điểm đã kết thúc, phải dùng quá khứ đơn “We visited Hue last summer”. E sai vì quá khứ phân từ của “go” là “gone”: “He has gone to the bank”.',
    en: 'B is correct: “since” + a point in time or a clause (since we were at primary school) goes with the present perfect. D is correct: “already” suits the present perfect and “finished” is the past participle. A is wrong because “five years” is a length of time, so it needs “for five years”. C is wrong because “last summer” is finished time and needs the past simple: “We visited Hue last summer”. E is wrong because the past participle of “go” is “gone”: “He has gone to the bank”.',
  },
  {
    kind: 'multiple_choice',
    stem: 'Choose the TWO sentences that use articles (a, an, the) correctly.',
    options: [
      'My brother is an engineer at a factory in Bac Ninh.',
      'I usually have the breakfast at seven o’clock.',
      'He is a honest person, so everyone trusts him.',
      'She plays the piano at weddings on Saturdays.',
      'We travelled to the Japan for our holiday last year.',
    ],
    answers: ['A', 'D'],
    vi: 'A đúng: nghề nghiệp dùng “a/an” (an engineer – “engineer” bắt đầu bằng nguyên âm), và “a factory” được nhắc lần đầu. D đúng: chơi nhạc cụ dùng “the” (play the piano). B sai: bữa ăn nói chung không dùng mạo từ (have breakfast). C sai: “honest” có âm h câm, đọc bắt đầu bằng nguyên âm nên phải là “an honest person”. E sai: tên phần lớn quốc gia không dùng “the” (to Japan), trừ các tên như the UK, the USA, the Philippines.',
    en: 'A is correct: jobs take “a/an” (an engineer – “engineer” starts with a vowel sound), and “a factory” is mentioned for the first time. D is correct: musical instruments take “the” (play the piano). B is wrong: meals in general take no article (have breakfast). C is wrong: the h in “honest” is silent, so it starts with a vowel sound and needs “an honest person”. E is wrong: most country names take no article (to Japan), except names such as the UK, the USA or the Philippines.',
  },
  {
    kind: 'multiple_choice',
    stem: 'Choose the THREE options that can complete the sentence: “The team meeting was ___ because the director was ill.”',
    options: ['postponed', 'called off', 'turned down', 'put off', 'taken off'],
    answers: ['A', 'B', 'D'],
    vi: '“Postponed” và “put off” đều nghĩa là dời sang lúc khác; “called off” nghĩa là hủy. Cả ba đều hợp với một cuộc họp. “Turned down” là từ chối một lời mời hay đề nghị (turn down an offer), không dùng cho cuộc họp. “Taken off” nói về máy bay cất cánh hoặc cởi quần áo, không hợp nghĩa ở đây.',
    en: '“Postponed” and “put off” both mean moved to a later time; “called off” means cancelled. All three work with a meeting. “Turned down” means refused an invitation or an offer (turn down an offer), not a meeting. “Taken off” is used for planes leaving the ground or for removing clothes, so it does not fit here.',
  },
  {
    kind: 'single_choice',
    stem: 'By the time we arrived at the station, the train ___.',
    options: ['already left', 'has already left', 'had already left', 'would already leave'],
    answer: 'C',
    vi: 'Việc tàu chạy xảy ra trước một hành động khác trong quá khứ (we arrived), nên dùng quá khứ hoàn thành: “had already left”. “By the time + quá khứ đơn” là dấu hiệu quen thuộc của thì này. “Has already left” là hiện tại hoàn thành, không hợp với mốc quá khứ; “already left” thiếu trợ động từ để diễn tả việc xảy ra trước; “would already leave” không có nghĩa ở đây.',
    en: 'The train left before another past action (we arrived), so the past perfect is needed: “had already left”. “By the time + past simple” is a typical signal for it. “Has already left” is the present perfect, which does not fit a past reference point; “already left” does not show that it happened earlier; “would already leave” makes no sense here.',
  },
  {
    kind: 'single_choice',
    stem: 'I moved to Ho Chi Minh City last month, and I am still not used to ___ in such heavy traffic.',
    options: ['ride', 'riding', 'rode', 'have ridden'],
    answer: 'B',
    vi: '“Be/get used to” nghĩa là quen với việc gì; “to” ở đây là giới từ nên theo sau là danh từ hoặc V-ing: “used to riding”. Đừng nhầm với “used to + động từ nguyên mẫu” (đã từng làm gì trong quá khứ), ví dụ “I used to ride a bicycle to school”.',
    en: '“Be/get used to” means to be accustomed to something; here “to” is a preposition, so it is followed by a noun or an -ing form: “used to riding”. Do not confuse it with “used to + base verb” (a past habit), as in “I used to ride a bicycle to school”.',
  },
  {
    kind: 'single_choice',
    stem: 'If it ___ tomorrow morning, we will move the English club meeting indoors.',
    options: ['rains', 'will rain', 'rained', 'would rain'],
    answer: 'A',
    vi: 'Câu điều kiện loại 1 nói về khả năng có thật ở tương lai: mệnh đề “if” dùng hiện tại đơn (if it rains), mệnh đề chính dùng “will”. Lỗi hay gặp là dùng “will” trong cả hai mệnh đề như tiếng Việt “nếu mai trời sẽ mưa”. “Rained/would rain” thuộc câu điều kiện loại 2, chỉ tình huống giả định.',
    en: 'A first conditional describes a real future possibility: the “if” clause takes the present simple (if it rains) and the main clause takes “will”. A common mistake is to put “will” in both clauses. “Rained/would rain” belong to the second conditional, for imagined situations.',
  },
  {
    kind: 'ordering',
    stem: 'Put the parts in order to make a polite, correct question (the question mark is added at the end).',
    pieces: ['is', 'Could you tell me', 'the nearest bus stop', 'where'],
    order: ['B', 'D', 'C', 'A'],
    vi: 'Đáp án: “Could you tell me where the nearest bus stop is?” Trong câu hỏi gián tiếp (sau Could you tell me / Do you know …), phần sau từ để hỏi giữ trật tự câu khẳng định: chủ ngữ (the nearest bus stop) rồi mới đến động từ (is). Lỗi thường gặp là viết “where is the nearest bus stop” sau “Could you tell me”.',
    en: 'Answer: “Could you tell me where the nearest bus stop is?” In an indirect question (after Could you tell me / Do you know …), the part after the question word keeps statement order: subject (the nearest bus stop) before the verb (is). A common mistake is “where is the nearest bus stop” after “Could you tell me”.',
  },
  {
    kind: 'ordering',
    stem: 'Put the parts in order to make one correct sentence.',
    pieces: ['kept cleaning the beach.', 'Although', 'the volunteers', 'it was raining heavily,'],
    order: ['B', 'D', 'C', 'A'],
    vi: 'Đáp án: “Although it was raining heavily, the volunteers kept cleaning the beach.” “Although” đứng đầu mệnh đề phụ (it was raining heavily), dấu phẩy ngăn cách với mệnh đề chính. Lưu ý: không dùng cả “although” và “but” trong cùng một câu như tiếng Việt “Mặc dù … nhưng …”. Sau “keep” là V-ing (kept cleaning).',
    en: 'Answer: “Although it was raining heavily, the volunteers kept cleaning the beach.” “Although” opens the subordinate clause (it was raining heavily) and a comma separates it from the main clause. Note: do not use both “although” and “but” in one sentence. “Keep” is followed by an -ing form (kept cleaning).',
  },
  {
    kind: 'ordering',
    stem: 'Put the sentences of this email to a language centre in the correct order.',
    pieces: [
      'I would also like to know whether the course fee includes the books.',
      'Dear Mr Hoang,',
      'I look forward to hearing from you.',
      'I am writing to ask about the weekend English course on your website.',
      'First, could you tell me how many students there are in each class?',
    ],
    order: ['B', 'D', 'E', 'A', 'C'],
    vi: 'Thư trang trọng: lời chào (Dear Mr Hoang,) → lý do viết thư (I am writing to ask about …) → câu hỏi thứ nhất, có “First” → câu hỏi thứ hai, có “also” báo hiệu ý bổ sung → câu kết (I look forward to hearing from you). Các từ nối như first, also, finally giúp người đọc theo dõi ý.',
    en: 'A formal email: greeting (Dear Mr Hoang,) → reason for writing (I am writing to ask about …) → the first question, signalled by “First” → the second question, where “also” adds a point → the closing line (I look forward to hearing from you). Linking words such as first, also and finally help the reader follow.',
  },
];

const writing: SeedQuestion[] = [
  {
    kind: 'essay',
    stem: 'Your English-speaking friend Sam is coming to Vietnam next summer for the first time and has asked you which city to visit first. Write an email to Sam in 80–120 words. In your email: recommend ONE city, give TWO reasons for your choice, and suggest ONE thing Sam should eat or do there.',
    guidance:
      '1) Task – one city, two reasons and one suggestion, 80–120 words. 2) Organisation – greeting, a paragraph for the recommendation and reasons, a closing line; linking words (because, also, so). 3) Language – correct tenses (will/should/can for advice), articles and plural nouns; a friendly, informal tone. Score each criterion 0–3.',
    vi: 'Bài mẫu (khoảng 100 từ):\n\nHi Sam,\n\nI’m so happy you’re finally coming to Vietnam! I think you should start in Hoi An. First, the old town is small and quiet, so you can walk everywhere and enjoy the yellow houses and lanterns without heavy traffic. Also, the beach is only fifteen minutes away by bicycle, which is perfect after a long flight. You should definitely try cao lau, a noodle dish that you can only find in Hoi An. If you go to the night market by the river, you can eat it for less than two dollars. Let me know your dates and I’ll meet you there!\n\nBest wishes,\nLan\n\nLưu ý: chia đoạn rõ ràng, dùng “should” để khuyên, từ nối “First”, “Also”, “so”, và kiểm tra số từ trước khi nộp.',
    en: 'Model answer (about 100 words):\n\nHi Sam,\n\nI’m so happy you’re finally coming to Vietnam! I think you should start in Hoi An. First, the old town is small and quiet, so you can walk everywhere and enjoy the yellow houses and lanterns without heavy traffic. Also, the beach is only fifteen minutes away by bicycle, which is perfect after a long flight. You should definitely try cao lau, a noodle dish that you can only find in Hoi An. If you go to the night market by the river, you can eat it for less than two dollars. Let me know your dates and I’ll meet you there!\n\nBest wishes,\nLan\n\nTips: use clear paragraphs, “should” for advice, linking words such as “First”, “Also” and “so”, and count your words before you submit.',
  },
];

/** Grammar & Writing Check – Đề luyện 1: 9 grammar and sentence-building questions and one short email. */
export const grammarWritingTest1 = {
  title: 'Grammar & Writing Check – Đề luyện 1',
  slug: 'grammar-writing-check-de-luyen-1',
  description:
    '<p>Bài kiểm tra ngắn do Prepwise biên soạn cho người học trình độ B1: 9 câu về các điểm ngữ pháp người Việt hay nhầm (hiện tại hoàn thành, mạo từ, câu hỏi gián tiếp, câu điều kiện), trắc nghiệm nhiều đáp án và sắp xếp câu, cùng một bài viết email 80–120 từ do giáo viên chấm. 35 phút; mỗi câu có giải thích tiếng Việt và tiếng Anh.</p>',
  durationMinutes: 35,
  parts: [useOfEnglish, writing],
};
