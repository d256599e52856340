import type { ResponseItem, Speaker } from '../types';

type Row = [Speaker, string, Speaker, [string, string, string], 'A' | 'B' | 'C', string, string];

// [who asks, question or statement, who answers, responses, key, explanation vi, explanation en]
const ROWS: Row[] = [
  [
    'woman',
    'Where should I put these delivery boxes?',
    'man',
    ['Next to the supply cabinet, please.', 'Yes, they were delivered.', 'About twenty dollars.'],
    'A',
    'Câu hỏi “Where” hỏi địa điểm → (A) “Next to the supply cabinet”. (B) lặp từ “delivered” để gây nhiễu; (C) trả lời giá tiền.',
    'A “Where” question asks for a place → (A). (B) repeats “delivered” as a sound trap; (C) gives a price.',
  ],
  [
    'man',
    'When does the training session start?',
    'woman2',
    ['In the main conference room.', 'At nine thirty tomorrow.', 'Mr. Patel is training new staff.'],
    'B',
    '“When” hỏi thời gian → (B) “At nine thirty tomorrow”. (A) trả lời địa điểm; (C) lặp từ “training”.',
    '“When” asks for a time → (B). (A) answers “where”; (C) repeats the word “training”.',
  ],
  [
    'woman2',
    "Who's in charge of booking the hotel for the conference?",
    'man2',
    ['Three nights, I think.', 'Linh from the travel desk.', 'It has a nice pool.'],
    'B',
    '“Who” hỏi người → (B) “Linh from the travel desk”. (A) nói thời lượng, (C) nói về khách sạn nhưng không trả lời ai phụ trách.',
    '“Who” asks for a person → (B). (A) gives a length of stay; (C) describes a hotel but not who is responsible.',
  ],
  [
    'man2',
    "Why wasn't the shipment sent yesterday?",
    'woman',
    ['Because the labels hadn’t been printed.', 'By express mail.', 'Yes, I sent it.'],
    'A',
    '“Why” hỏi lý do → (A) “Because the labels hadn’t been printed”. (B) trả lời cách gửi; (C) dùng Yes với câu hỏi Wh- là sai.',
    '“Why” asks for a reason → (A). (B) answers “how”; (C) “Yes” cannot answer a Wh- question.',
  ],
  [
    'woman',
    'How many people signed up for the workshop?',
    'man',
    ['It’s on the second floor.', 'Over forty so far.', 'Yes, I signed it.'],
    'B',
    '“How many” hỏi số lượng → (B) “Over forty so far”. (C) lặp âm “signed” gây nhiễu.',
    '“How many” asks for a number → (B). (C) repeats “signed” as a trap.',
  ],
  [
    'man',
    'Would you like me to print the sales report for you?',
    'woman2',
    [
      'Thanks, but I’ve already read it on screen.',
      'The sales were higher this year.',
      'The printer is new.',
    ],
    'A',
    'Lời đề nghị “Would you like me to…?” → từ chối lịch sự kèm lý do (A). (B), (C) lặp từ “sales”, “printer” nhưng không đáp lời đề nghị.',
    'An offer (“Would you like me to…?”) → a polite refusal with a reason (A). (B) and (C) repeat “sales” and “print” without answering the offer.',
  ],
  [
    'woman2',
    "The air conditioner in the meeting room isn't working again.",
    'man2',
    ['I’ll call maintenance right away.', 'Yes, the meeting went well.', 'It’s a new model.'],
    'A',
    'Câu trần thuật báo sự cố → phản hồi hợp lý là đề xuất giải quyết (A). (B) nói về cuộc họp; (C) không giải quyết vấn đề.',
    'A statement reporting a problem → the natural reply offers a solution (A). (B) talks about the meeting; (C) does not address the problem.',
  ],
  [
    'man2',
    'Is the new menu available in English?',
    'woman',
    ['Yes, just ask the waiter.', 'A table for four.', 'I’ve been to England twice.'],
    'A',
    'Câu hỏi Yes/No → (A) “Yes, just ask the waiter”. (C) bẫy âm “English – England”.',
    'A yes/no question → (A). (C) is a sound trap (English/England).',
  ],
  [
    'woman',
    'Which flight are you taking to Da Nang?',
    'man',
    ['The one that leaves at seven.', 'It takes about an hour.', 'I prefer a window seat.'],
    'A',
    '“Which flight” → chọn chuyến cụ thể (A). (B) trả lời thời gian bay; (C) chỗ ngồi.',
    '“Which flight” asks to identify one → (A). (B) gives the flight time; (C) a seat preference.',
  ],
  [
    'man',
    "You've worked with this supplier before, haven't you?",
    'woman2',
    ['Yes, for about three years.', 'They supply office furniture.', 'No, it’s not working.'],
    'A',
    'Câu hỏi đuôi xác nhận kinh nghiệm → (A). (C) dùng “working” khác nghĩa (máy móc hoạt động).',
    'A tag question checking experience → (A). (C) uses “working” in a different sense (functioning).',
  ],
  [
    'woman2',
    'Should we meet on Tuesday or Wednesday?',
    'man2',
    ['Wednesday works better for me.', 'Yes, we should.', 'At the café downstairs.'],
    'A',
    'Câu hỏi lựa chọn “A or B” → chọn một (A). Trả lời “Yes” (B) là sai với câu hỏi lựa chọn.',
    'An either/or question → choose one (A). “Yes” (B) does not fit a choice question.',
  ],
  [
    'man2',
    'How did the client presentation go?',
    'woman',
    ['Very well – they want a second meeting.', 'I’ll go by taxi.', 'It’s on the client’s website.'],
    'A',
    '“How did … go?” hỏi kết quả → (A). (B) bẫy với động từ “go” (đi).',
    '“How did … go?” asks about the outcome → (A). (B) uses “go” in the sense of travel.',
  ],
  [
    'woman',
    'Can you tell me where the nearest ATM is?',
    'man',
    ['There’s one inside the post office.', 'Twenty thousand dong.', 'No, I didn’t tell him.'],
    'A',
    'Hỏi vị trí cây ATM → (A) “inside the post office”. (C) lặp từ “tell”.',
    'Asking for the location of an ATM → (A). (C) repeats “tell”.',
  ],
  [
    'man',
    "I haven't received my paycheck this month.",
    'woman2',
    ['You should contact the payroll department.', 'Yes, it was a good month.', 'I’ll check out at noon.'],
    'A',
    'Phàn nàn chưa nhận lương → khuyên liên hệ phòng lương (A). (C) bẫy âm “check – paycheck”.',
    'A complaint about pay → advice to contact payroll (A). (C) is a sound trap (check/paycheck).',
  ],
  [
    'woman2',
    'Who left these samples on my desk?',
    'man2',
    ['The courier brought them this morning.', 'On the left side.', 'They’re free samples.'],
    'A',
    'Câu hỏi “Who” có thể được trả lời gián tiếp: người chuyển phát mang đến (A). (B) bẫy “left” (rời đi/bên trái).',
    'The “Who” question is answered by naming the courier (A). (B) plays on “left” (past of leave vs. direction).',
  ],
  [
    'man2',
    "Why don't we order lunch for the whole team?",
    'woman',
    ['That’s a great idea.', 'Because it was closed.', 'In the staff kitchen.'],
    'A',
    '“Why don’t we…?” là lời đề nghị, không hỏi lý do → đồng ý (A). (B) bẫy vì trả lời “Because”.',
    '“Why don’t we…?” is a suggestion, not a request for a reason → agreement (A). (B) is the “because” trap.',
  ],
  [
    'woman',
    'What time does the pharmacy close on Sundays?',
    'man',
    ['It isn’t open on Sundays.', 'Near the bus station.', 'Twice a week.'],
    'A',
    'Câu trả lời gián tiếp: hiệu thuốc không mở cửa Chủ nhật (A) – hợp lý hơn (B) nơi chốn, (C) tần suất.',
    'An indirect answer: the pharmacy is not open on Sundays (A). (B) gives a place, (C) a frequency.',
  ],
  [
    'man',
    'Has the budget for next quarter been approved?',
    'woman2',
    ['The director is still reviewing it.', 'About ten percent more.', 'A quarter past three.'],
    'A',
    'Câu hỏi Yes/No trả lời gián tiếp: chưa, giám đốc vẫn đang xem xét (A). (C) bẫy nghĩa “quarter” (quý/15 phút).',
    'Indirect “not yet”: the director is still reviewing it (A). (C) plays on “quarter” (three months / fifteen minutes).',
  ],
  [
    'woman2',
    'Where can I find the employee handbook?',
    'man2',
    ['It’s on the company intranet.', 'Yes, it’s very helpful.', 'By hand, please.'],
    'A',
    '“Where” → vị trí: trên mạng nội bộ (A). (C) bẫy âm “hand – handbook”.',
    '“Where” → a location: the company intranet (A). (C) repeats the sound “hand”.',
  ],
  [
    'man2',
    "Let's review the contract before we sign it.",
    'woman',
    ['Good idea – I’ll make some copies.', 'The sign is on the door.', 'He’s under contract until May.'],
    'A',
    'Lời đề nghị “Let’s…” → đồng ý và hành động (A). (B) bẫy “sign” (biển hiệu); (C) lặp “contract”.',
    'A suggestion with “Let’s…” → agreement plus action (A). (B) uses “sign” as a noun; (C) repeats “contract”.',
  ],
  [
    'woman',
    'Do you know if the parking garage is full?',
    'man',
    ['There were a few spaces a minute ago.', 'I’m full, thank you.', 'The garden is lovely.'],
    'A',
    'Hỏi bãi xe còn chỗ không → “vừa nãy còn vài chỗ” (A). (B) dùng “full” nghĩa no bụng; (C) bẫy âm “garage – garden”.',
    'Asking whether the garage is full → “there were a few spaces a minute ago” (A). (B) uses “full” as in no longer hungry; (C) garage/garden sound trap.',
  ],
  [
    'man',
    'How long will the renovation of the lobby take?',
    'woman2',
    ['About two weeks.', 'It’s very long.', 'In the lobby.'],
    'A',
    '“How long” hỏi khoảng thời gian → (A) “About two weeks”. (B) nói về độ dài vật lý; (C) lặp “lobby”.',
    '“How long” asks for a duration → (A). (B) describes physical length; (C) repeats “lobby”.',
  ],
  [
    'woman2',
    "Aren't you going to the product launch tonight?",
    'man2',
    ['I have to finish this report first.', 'Lunch is at noon.', 'The product is selling well.'],
    'A',
    'Câu hỏi phủ định → trả lời gián tiếp rằng phải xong báo cáo trước (A). (B) bẫy âm “launch – lunch”.',
    'A negative question → an indirect answer: I have to finish a report first (A). (B) is a launch/lunch sound trap.',
  ],
  [
    'man2',
    'Could you send me the updated price list?',
    'woman',
    ['Sure, I’ll e-mail it this afternoon.', 'Prices have gone up.', 'It was sent by mistake.'],
    'A',
    'Lời yêu cầu “Could you…?” → đồng ý (A). (B) lặp “price”; (C) lặp “sent”.',
    'A request with “Could you…?” → agreement (A). (B) repeats “price”; (C) repeats “sent”.',
  ],
  [
    'woman',
    'The new intern starts on Monday, right?',
    'man',
    ['No, her start date was moved to Wednesday.', 'Yes, it’s on the right.', 'He interned last summer.'],
    'A',
    'Câu hỏi xác nhận → đính chính thông tin (A). (B) bẫy “right” (bên phải); (C) lặp “intern”.',
    'Checking a fact → a correction (A). (B) uses “right” as a direction; (C) repeats “intern”.',
  ],
];

/** Where the key sits in each item, so that answers are spread over A, B and C. */
const KEYS = 'BCABACBCABCACBABCACBABCAB';

/** Moves the key to its planned letter by swapping two responses, and relabels the explanation. */
function placeKey(row: Row, index: number): ResponseItem {
  const [asker, text, responder, responses, answer, vi, en] = row;
  const target = KEYS[index] as 'A' | 'B' | 'C';
  const from = 'ABC'.indexOf(answer);
  const to = 'ABC'.indexOf(target);
  const moved = [...responses] as [string, string, string];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  const swap = (value: string) =>
    value.replace(/\(([ABC])\)/g, (_, letter: string) =>
      letter === answer ? `(${target})` : letter === target ? `(${answer})` : `(${letter})`,
    );
  return {
    prompt: { who: asker, text },
    responder,
    responses: moved,
    answer: target,
    vi: swap(vi),
    en: swap(en),
  };
}

export const part2: ResponseItem[] = ROWS.map(placeKey);
