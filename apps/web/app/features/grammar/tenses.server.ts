import type { Locale } from '@prepwise/contract';
import { localizeExample, localizeMistake, pick } from './lesson.server';
import type { Tense, TenseLesson } from './types';

/** The 12 tenses, original Prepwise content. Forms use S (subject), V (verb), O (object). */
export const TENSES: Tense[] = [
  {
    id: 'present-simple',
    name: { vi: 'Hiện tại đơn', en: 'Present simple' },
    forms: {
      affirmative: 'S + V(s/es) + O',
      negative: 'S + do/does + not + V + O',
      question: 'Do/Does + S + V + O?',
    },
    uses: [
      { vi: 'Thói quen, việc lặp lại thường xuyên.', en: 'Habits and things that happen regularly.' },
      { vi: 'Sự thật hiển nhiên, chân lý.', en: 'Facts and general truths.' },
      { vi: 'Lịch trình, thời gian biểu cố định (tàu, xe, lớp học).', en: 'Fixed timetables and schedules.' },
    ],
    signals: ['always', 'usually', 'often', 'sometimes', 'never', 'every day', 'once a week'],
    examples: [
      { en: 'She checks her email every morning.', vi: 'Cô ấy kiểm tra email mỗi sáng.' },
      { en: 'Water boils at 100°C.', vi: 'Nước sôi ở 100°C.' },
      { en: 'The train to Hai Phong leaves at 6:15.', vi: 'Chuyến tàu đi Hải Phòng khởi hành lúc 6 giờ 15.' },
    ],
    mistakes: [
      {
        wrong: 'My manager review the reports on Fridays.',
        right: 'My manager reviews the reports on Fridays.',
        note: {
          vi: 'Tiếng Việt không chia động từ nên người học hay quên thêm -s/-es với chủ ngữ ngôi thứ ba số ít.',
          en: 'Vietnamese verbs never change, so learners often forget -s/-es after he, she, it or a singular noun.',
        },
      },
      {
        wrong: 'Does he likes coffee?',
        right: 'Does he like coffee?',
        note: {
          vi: 'Khi đã có does, động từ chính trở về nguyên mẫu.',
          en: 'After does, the main verb goes back to its base form.',
        },
      },
    ],
    practice: [
      { sentence: 'He ___ to work by bus every day.', options: ['go', 'goes', 'is going'], answer: 1 },
      {
        sentence: 'They ___ meat; they are vegetarians.',
        options: ["don't eat", "doesn't eat", 'not eat'],
        answer: 0,
      },
      { sentence: '___ your sister work in a bank?', options: ['Do', 'Is', 'Does'], answer: 2 },
    ],
  },
  {
    id: 'present-continuous',
    name: { vi: 'Hiện tại tiếp diễn', en: 'Present continuous' },
    forms: {
      affirmative: 'S + am/is/are + V-ing',
      negative: 'S + am/is/are + not + V-ing',
      question: 'Am/Is/Are + S + V-ing?',
    },
    uses: [
      { vi: 'Hành động đang diễn ra ngay lúc nói.', en: 'Actions happening at the moment of speaking.' },
      { vi: 'Việc tạm thời trong giai đoạn hiện tại.', en: 'Temporary situations around now.' },
      { vi: 'Kế hoạch đã sắp xếp trong tương lai gần.', en: 'Arrangements for the near future.' },
    ],
    signals: ['now', 'right now', 'at the moment', 'currently', 'Look!', 'Listen!', 'this week'],
    examples: [
      { en: 'The team is preparing the budget right now.', vi: 'Nhóm đang chuẩn bị ngân sách ngay lúc này.' },
      { en: "I'm staying with my aunt this month.", vi: 'Tháng này tôi đang ở nhờ nhà dì.' },
      {
        en: "We're meeting the client tomorrow at ten.",
        vi: 'Chúng tôi sẽ gặp khách hàng lúc 10 giờ sáng mai.',
      },
    ],
    mistakes: [
      {
        wrong: 'I am knowing the answer.',
        right: 'I know the answer.',
        note: {
          vi: 'Động từ chỉ trạng thái (know, like, want, need, believe) thường không dùng ở dạng tiếp diễn.',
          en: 'State verbs (know, like, want, need, believe) are not normally used in the continuous.',
        },
      },
      {
        wrong: 'She working now.',
        right: 'She is working now.',
        note: {
          vi: 'Đừng bỏ trợ động từ am/is/are — thiếu nó câu không có động từ chia.',
          en: "Don't drop am/is/are — without it the sentence has no finite verb.",
        },
      },
    ],
    practice: [
      { sentence: 'Be quiet! The baby ___.', options: ['sleeps', 'is sleeping', 'sleep'], answer: 1 },
      {
        sentence: 'I ___ what you mean.',
        options: ['understand', 'am understanding', 'understanding'],
        answer: 0,
      },
      { sentence: 'Look! It ___ outside.', options: ['snows', 'snow', 'is snowing'], answer: 2 },
    ],
  },
  {
    id: 'present-perfect',
    name: { vi: 'Hiện tại hoàn thành', en: 'Present perfect' },
    forms: {
      affirmative: 'S + have/has + V3 (past participle)',
      negative: 'S + have/has + not + V3',
      question: 'Have/Has + S + V3?',
    },
    uses: [
      {
        vi: 'Trải nghiệm tính đến hiện tại, không nói rõ thời điểm.',
        en: 'Experiences up to now, with no exact time given.',
      },
      {
        vi: 'Hành động bắt đầu trong quá khứ và còn kéo dài đến hiện tại (với since/for).',
        en: 'Situations that started in the past and continue now (with since/for).',
      },
      {
        vi: 'Hành động vừa xảy ra, kết quả còn ở hiện tại.',
        en: 'Recent actions whose result matters now.',
      },
    ],
    signals: ['already', 'yet', 'just', 'ever', 'never', 'since', 'for', 'so far', 'recently'],
    examples: [
      { en: 'I have worked here since 2021.', vi: 'Tôi làm việc ở đây từ năm 2021.' },
      { en: 'Have you ever taken the TOEIC test?', vi: 'Bạn đã bao giờ thi TOEIC chưa?' },
      { en: 'She has just sent the invoice.', vi: 'Cô ấy vừa gửi hóa đơn.' },
    ],
    mistakes: [
      {
        wrong: 'I have seen him yesterday.',
        right: 'I saw him yesterday.',
        note: {
          vi: 'Có thời điểm cụ thể trong quá khứ (yesterday, last year, in 2020) thì dùng quá khứ đơn.',
          en: 'With a finished time (yesterday, last year, in 2020) use the past simple.',
        },
      },
      {
        wrong: 'I live in Da Nang for five years.',
        right: 'I have lived in Da Nang for five years.',
        note: {
          vi: 'Việc bắt đầu trong quá khứ và vẫn còn tiếp diễn cần thì hiện tại hoàn thành, không phải hiện tại đơn.',
          en: 'A situation that began in the past and is still true needs the present perfect, not the present simple.',
        },
      },
    ],
    practice: [
      {
        sentence: 'We ___ the report yet.',
        options: ["didn't finish", "haven't finished", "don't finish"],
        answer: 1,
      },
      { sentence: 'She has worked here ___ 2019.', options: ['for', 'since', 'from'], answer: 1 },
      { sentence: '___ you ever been to Hue?', options: ['Have', 'Did', 'Are'], answer: 0 },
    ],
  },
  {
    id: 'present-perfect-continuous',
    name: { vi: 'Hiện tại hoàn thành tiếp diễn', en: 'Present perfect continuous' },
    forms: {
      affirmative: 'S + have/has + been + V-ing',
      negative: 'S + have/has + not + been + V-ing',
      question: 'Have/Has + S + been + V-ing?',
    },
    uses: [
      {
        vi: 'Nhấn mạnh khoảng thời gian của hành động kéo dài từ quá khứ đến nay.',
        en: 'To stress how long an activity has been going on up to now.',
      },
      {
        vi: 'Hành động vừa kết thúc, còn để lại dấu hiệu ở hiện tại.',
        en: 'An activity that has just stopped and left visible results.',
      },
    ],
    signals: ['for', 'since', 'all day', 'all morning', 'how long', 'lately'],
    examples: [
      {
        en: 'I have been studying for this exam for three months.',
        vi: 'Tôi đã ôn cho kỳ thi này suốt ba tháng.',
      },
      { en: 'Your eyes are red — have you been crying?', vi: 'Mắt bạn đỏ quá — bạn vừa khóc à?' },
    ],
    mistakes: [
      {
        wrong: 'I have been knowing her for years.',
        right: 'I have known her for years.',
        note: {
          vi: 'Động từ trạng thái dùng hiện tại hoàn thành, không dùng dạng tiếp diễn.',
          en: 'State verbs take the present perfect, not the continuous form.',
        },
      },
      {
        wrong: 'She has been wrote three emails.',
        right: 'She has written three emails.',
        note: {
          vi: 'Khi nói về số lượng đã hoàn thành, dùng hiện tại hoàn thành; nếu dùng tiếp diễn thì phải là been + V-ing.',
          en: 'For a finished quantity use the present perfect; the continuous form always needs been + V-ing.',
        },
      },
    ],
    practice: [
      {
        sentence: 'How long ___ for the bus?',
        options: ['are you waiting', 'have you been waiting', 'did you wait'],
        answer: 1,
      },
      {
        sentence: 'It ___ since early morning.',
        options: ['has been raining', 'is raining', 'rains'],
        answer: 0,
      },
      {
        sentence: 'They ___ each other since school.',
        options: ['have been knowing', 'are knowing', 'have known'],
        answer: 2,
      },
    ],
  },
  {
    id: 'past-simple',
    name: { vi: 'Quá khứ đơn', en: 'Past simple' },
    forms: {
      affirmative: 'S + V2/V-ed',
      negative: 'S + did + not + V',
      question: 'Did + S + V?',
    },
    uses: [
      {
        vi: 'Hành động đã xảy ra và kết thúc tại thời điểm xác định trong quá khứ.',
        en: 'Finished actions at a known time in the past.',
      },
      {
        vi: 'Chuỗi hành động nối tiếp nhau trong quá khứ.',
        en: 'A series of past actions, one after another.',
      },
    ],
    signals: ['yesterday', 'last week', 'ago', 'in 2019', 'when I was young'],
    examples: [
      { en: 'We signed the contract last Monday.', vi: 'Chúng tôi đã ký hợp đồng thứ Hai tuần trước.' },
      { en: 'He got up, had breakfast and left for work.', vi: 'Anh ấy thức dậy, ăn sáng rồi đi làm.' },
    ],
    mistakes: [
      {
        wrong: 'I didn\u2019t went to class yesterday.',
        right: 'I didn\u2019t go to class yesterday.',
        note: {
          vi: 'Sau did/didn\u2019t, động từ ở dạng nguyên mẫu — quá khứ đã nằm ở did.',
          en: 'After did/didn\u2019t the verb is in the base form — did already carries the past.',
        },
      },
      {
        wrong: 'Yesterday I go to the bank.',
        right: 'Yesterday I went to the bank.',
        note: {
          vi: 'Tiếng Việt chỉ cần “hôm qua” là đủ; tiếng Anh vẫn phải chia động từ ở quá khứ.',
          en: 'In Vietnamese a time word is enough; English still needs the verb in the past.',
        },
      },
    ],
    practice: [
      {
        sentence: 'She ___ to Singapore two years ago.',
        options: ['moves', 'has moved', 'moved'],
        answer: 2,
      },
      {
        sentence: 'Did you ___ the meeting yesterday?',
        options: ['attend', 'attended', 'attending'],
        answer: 0,
      },
      {
        sentence: 'They ___ the museum last weekend.',
        options: ['visit', 'visited', 'have visited'],
        answer: 1,
      },
    ],
  },
  {
    id: 'past-continuous',
    name: { vi: 'Quá khứ tiếp diễn', en: 'Past continuous' },
    forms: {
      affirmative: 'S + was/were + V-ing',
      negative: 'S + was/were + not + V-ing',
      question: 'Was/Were + S + V-ing?',
    },
    uses: [
      {
        vi: 'Hành động đang diễn ra tại một thời điểm trong quá khứ.',
        en: 'An action in progress at a moment in the past.',
      },
      {
        vi: 'Hành động đang diễn ra thì hành động khác (quá khứ đơn) xen vào.',
        en: 'A longer action interrupted by a shorter one (past simple).',
      },
      {
        vi: 'Hai hành động cùng diễn ra song song (while).',
        en: 'Two actions in progress at the same time (while).',
      },
    ],
    signals: ['at 8 p.m. yesterday', 'at that time', 'while', 'when'],
    examples: [
      { en: 'At nine last night I was reviewing vocabulary.', vi: 'Lúc 9 giờ tối qua tôi đang ôn từ vựng.' },
      { en: 'I was cooking when the phone rang.', vi: 'Tôi đang nấu ăn thì điện thoại reo.' },
    ],
    mistakes: [
      {
        wrong: 'When I arrived, they were have dinner.',
        right: 'When I arrived, they were having dinner.',
        note: {
          vi: 'Sau was/were phải là V-ing.',
          en: 'After was/were the verb needs -ing.',
        },
      },
      {
        wrong: 'While I walked home, it started to rain.',
        right: 'While I was walking home, it started to rain.',
        note: {
          vi: 'Hành động dài làm “nền” dùng quá khứ tiếp diễn, hành động ngắn xen vào dùng quá khứ đơn.',
          en: 'The longer background action takes the past continuous; the short one takes the past simple.',
        },
      },
    ],
    practice: [
      {
        sentence: 'What ___ at 10 o\u2019clock last night?',
        options: ['did you do', 'were you doing', 'are you doing'],
        answer: 1,
      },
      {
        sentence: 'The lights went out while we ___ TV.',
        options: ['were watching', 'watched', 'are watching'],
        answer: 0,
      },
      { sentence: 'She ___ when I called her.', options: ['slept', 'sleeps', 'was sleeping'], answer: 2 },
    ],
  },
  {
    id: 'past-perfect',
    name: { vi: 'Quá khứ hoàn thành', en: 'Past perfect' },
    forms: {
      affirmative: 'S + had + V3',
      negative: 'S + had + not + V3',
      question: 'Had + S + V3?',
    },
    uses: [
      {
        vi: 'Hành động xảy ra trước một hành động hoặc thời điểm khác trong quá khứ.',
        en: 'An action completed before another past action or time.',
      },
      {
        vi: 'Dùng trong câu điều kiện loại 3 và câu ước về quá khứ.',
        en: 'In third conditionals and wishes about the past.',
      },
    ],
    signals: ['before', 'after', 'by the time', 'already', 'by then', 'when'],
    examples: [
      { en: 'By the time we arrived, the film had started.', vi: 'Khi chúng tôi đến thì phim đã bắt đầu.' },
      { en: 'She had never flown before that trip.', vi: 'Trước chuyến đi đó cô ấy chưa từng đi máy bay.' },
    ],
    mistakes: [
      {
        wrong: 'When I got to the station, the train left.',
        right: 'When I got to the station, the train had left.',
        note: {
          vi: 'Tàu rời đi trước khi tôi đến — việc xảy ra trước dùng quá khứ hoàn thành.',
          en: 'The train left before I arrived — the earlier action takes the past perfect.',
        },
      },
    ],
    practice: [
      {
        sentence: 'After she ___ her homework, she went out.',
        options: ['had finished', 'has finished', 'finishes'],
        answer: 0,
      },
      {
        sentence: 'By the time the manager came, we ___ the problem.',
        options: ['solve', 'had solved', 'have solved'],
        answer: 1,
      },
      {
        sentence: 'I didn\u2019t recognise him because he ___ a lot.',
        options: ['changes', 'has changed', 'had changed'],
        answer: 2,
      },
    ],
  },
  {
    id: 'past-perfect-continuous',
    name: { vi: 'Quá khứ hoàn thành tiếp diễn', en: 'Past perfect continuous' },
    forms: {
      affirmative: 'S + had + been + V-ing',
      negative: 'S + had + not + been + V-ing',
      question: 'Had + S + been + V-ing?',
    },
    uses: [
      {
        vi: 'Nhấn mạnh quá trình kéo dài của một hành động trước một thời điểm hoặc hành động khác trong quá khứ.',
        en: 'To stress how long an activity had been going on before another past moment.',
      },
      {
        vi: 'Giải thích nguyên nhân của một tình trạng trong quá khứ.',
        en: 'To explain the cause of a past situation.',
      },
    ],
    signals: ['for', 'since', 'before', 'by the time', 'how long'],
    examples: [
      {
        en: 'They had been waiting for an hour before the bus came.',
        vi: 'Họ đã chờ suốt một tiếng trước khi xe buýt đến.',
      },
      {
        en: 'The ground was wet because it had been raining.',
        vi: 'Mặt đất ướt vì trời đã mưa (một lúc lâu).',
      },
    ],
    mistakes: [
      {
        wrong: 'He had been work there for ten years when he retired.',
        right: 'He had been working there for ten years when he retired.',
        note: {
          vi: 'Sau had been luôn là V-ing.',
          en: 'After had been the verb always takes -ing.',
        },
      },
    ],
    practice: [
      {
        sentence: 'She was tired because she ___ all day.',
        options: ['had been working', 'has been working', 'works'],
        answer: 0,
      },
      {
        sentence: 'We ___ for two hours when the guide finally arrived.',
        options: ['have walked', 'had been walking', 'walk'],
        answer: 1,
      },
      {
        sentence: 'How long ___ English before you moved to Canada?',
        options: ['have you studied', 'do you study', 'had you been studying'],
        answer: 2,
      },
    ],
  },
  {
    id: 'future-simple',
    name: { vi: 'Tương lai đơn', en: 'Future simple' },
    forms: {
      affirmative: 'S + will + V',
      negative: 'S + will not (won\u2019t) + V',
      question: 'Will + S + V?',
    },
    uses: [
      { vi: 'Quyết định ngay lúc nói.', en: 'Decisions made at the moment of speaking.' },
      {
        vi: 'Dự đoán không có căn cứ rõ ràng, ý kiến cá nhân.',
        en: 'Predictions based on opinion (I think, probably).',
      },
      { vi: 'Lời hứa, đề nghị, yêu cầu.', en: 'Promises, offers and requests.' },
    ],
    signals: ['tomorrow', 'next week', 'soon', 'I think', 'probably', 'in 2030'],
    examples: [
      { en: "I'll call you back in five minutes.", vi: 'Năm phút nữa tôi sẽ gọi lại cho bạn.' },
      { en: 'I think prices will rise next year.', vi: 'Tôi nghĩ năm sau giá sẽ tăng.' },
    ],
    mistakes: [
      {
        wrong: 'I will to send the file tomorrow.',
        right: 'I will send the file tomorrow.',
        note: {
          vi: 'Sau will là động từ nguyên mẫu không “to”.',
          en: 'Will is followed by the base verb without “to”.',
        },
      },
      {
        wrong: 'When she will arrive, I will call you.',
        right: 'When she arrives, I will call you.',
        note: {
          vi: 'Trong mệnh đề thời gian (when, as soon as, before, after) dùng hiện tại đơn dù nói về tương lai.',
          en: 'Time clauses (when, as soon as, before, after) use the present simple even about the future.',
        },
      },
    ],
    practice: [
      {
        sentence: 'The bag looks heavy. I ___ you carry it.',
        options: ['help', 'will help', 'am helping'],
        answer: 1,
      },
      {
        sentence: 'I\u2019ll phone you as soon as I ___ home.',
        options: ['get', 'will get', 'got'],
        answer: 0,
      },
      {
        sentence: 'Don\u2019t worry, I ___ tell anyone.',
        options: ['don\u2019t', 'am not', 'won\u2019t'],
        answer: 2,
      },
    ],
  },
  {
    id: 'future-continuous',
    name: { vi: 'Tương lai tiếp diễn', en: 'Future continuous' },
    forms: {
      affirmative: 'S + will + be + V-ing',
      negative: 'S + will not + be + V-ing',
      question: 'Will + S + be + V-ing?',
    },
    uses: [
      {
        vi: 'Hành động sẽ đang diễn ra tại một thời điểm trong tương lai.',
        en: 'An action in progress at a given time in the future.',
      },
      { vi: 'Hỏi lịch sự về kế hoạch của người khác.', en: 'Asking politely about someone\u2019s plans.' },
    ],
    signals: ['at this time tomorrow', 'at 9 a.m. next Monday', 'this time next week'],
    examples: [
      {
        en: 'This time next week I will be taking the IELTS test.',
        vi: 'Giờ này tuần sau tôi đang làm bài thi IELTS.',
      },
      {
        en: 'Will you be using the meeting room this afternoon?',
        vi: 'Chiều nay anh có dùng phòng họp không?',
      },
    ],
    mistakes: [
      {
        wrong: 'At 8 p.m. tomorrow I will study.',
        right: 'At 8 p.m. tomorrow I will be studying.',
        note: {
          vi: 'Khi nói việc đang diễn ra tại một thời điểm tương lai cụ thể, dùng will be + V-ing.',
          en: 'For an action in progress at a future moment, use will be + V-ing.',
        },
      },
    ],
    practice: [
      {
        sentence: 'Don\u2019t call at 7 — we ___ dinner then.',
        options: ['will be having', 'have', 'had'],
        answer: 0,
      },
      {
        sentence: 'This time tomorrow she ___ to Tokyo.',
        options: ['flies', 'will be flying', 'has flown'],
        answer: 1,
      },
      { sentence: '___ you be working late tonight?', options: ['Are', 'Do', 'Will'], answer: 2 },
    ],
  },
  {
    id: 'future-perfect',
    name: { vi: 'Tương lai hoàn thành', en: 'Future perfect' },
    forms: {
      affirmative: 'S + will + have + V3',
      negative: 'S + will not + have + V3',
      question: 'Will + S + have + V3?',
    },
    uses: [
      {
        vi: 'Hành động sẽ hoàn thành trước một thời điểm hoặc hành động khác trong tương lai.',
        en: 'An action that will be finished before a future time or event.',
      },
    ],
    signals: ['by tomorrow', 'by the end of this month', 'by the time', 'by 2030', 'before'],
    examples: [
      {
        en: 'By Friday we will have finished the project.',
        vi: 'Trước thứ Sáu chúng tôi sẽ hoàn thành dự án.',
      },
      {
        en: 'By the time you arrive, I will have cooked dinner.',
        vi: 'Khi bạn đến thì tôi đã nấu xong bữa tối.',
      },
    ],
    mistakes: [
      {
        wrong: 'By next June I will finish my degree.',
        right: 'By next June I will have finished my degree.',
        note: {
          vi: '“By + mốc tương lai” là dấu hiệu của tương lai hoàn thành.',
          en: '“By + a future time” is the signal for the future perfect.',
        },
      },
    ],
    practice: [
      {
        sentence: 'By 2030, the city ___ a new metro line.',
        options: ['will have built', 'builds', 'has built'],
        answer: 0,
      },
      {
        sentence: 'She ___ the book by the end of the week.',
        options: ['reads', 'will have read', 'has read'],
        answer: 1,
      },
      {
        sentence: 'By the time we get there, the shop ___.',
        options: ['closes', 'closed', 'will have closed'],
        answer: 2,
      },
    ],
  },
  {
    id: 'future-perfect-continuous',
    name: { vi: 'Tương lai hoàn thành tiếp diễn', en: 'Future perfect continuous' },
    forms: {
      affirmative: 'S + will + have + been + V-ing',
      negative: 'S + will not + have + been + V-ing',
      question: 'Will + S + have + been + V-ing?',
    },
    uses: [
      {
        vi: 'Nhấn mạnh khoảng thời gian một hành động sẽ kéo dài tính đến một thời điểm trong tương lai.',
        en: 'To stress how long an activity will have lasted by a point in the future.',
      },
    ],
    signals: ['by … for', 'by the time … for', 'by next year … for ten years'],
    examples: [
      {
        en: 'By December I will have been teaching here for ten years.',
        vi: 'Đến tháng Mười Hai là tôi đã dạy ở đây được mười năm.',
      },
      {
        en: 'By the time he retires, he will have been working for 35 years.',
        vi: 'Đến lúc nghỉ hưu, ông ấy đã làm việc được 35 năm.',
      },
    ],
    mistakes: [
      {
        wrong: 'Next month I will have been work here for a year.',
        right: 'Next month I will have been working here for a year.',
        note: {
          vi: 'Đủ bốn phần: will + have + been + V-ing.',
          en: 'All four parts are needed: will + have + been + V-ing.',
        },
      },
    ],
    practice: [
      {
        sentence: 'By 5 p.m. she ___ for eight hours.',
        options: ['will have been driving', 'will drive', 'drives'],
        answer: 0,
      },
      {
        sentence: 'In June they ___ together for twenty years.',
        options: ['work', 'will have been working', 'are working'],
        answer: 1,
      },
      {
        sentence: 'By the time the course ends, we ___ English for six months.',
        options: ['study', 'studied', 'will have been studying'],
        answer: 2,
      },
    ],
  },
];

/** The 12 tenses as /grammar/tense shows them in `locale`. */
export function getTenseLessons(locale: Locale): TenseLesson[] {
  return TENSES.map((tense) => ({
    id: tense.id,
    name: pick(tense.name, locale),
    ...(locale === 'vi' ? { englishName: tense.name.en } : {}),
    forms: tense.forms,
    uses: tense.uses.map((use) => pick(use, locale)),
    signals: tense.signals,
    examples: tense.examples.map((example) => localizeExample(example, locale)),
    mistakes: tense.mistakes.map((mistake) => localizeMistake(mistake, locale)),
    practice: tense.practice,
  }));
}
