import type { ListeningSet } from '../types';
import { q, set, spreadSetKeys } from './helpers';

const SETS: ListeningSet[] = [
  set(
    'Conversation 1 – A late delivery of printer paper',
    `W: Hi, this is Mai from Harbor Design. We ordered twenty boxes of printer paper last Monday, but nothing has arrived yet.
M: I'm sorry about that. Let me check your order. It looks like the boxes were sent to your old address on Tran Hung Dao Street.
W: Oh, we moved to the Riverside Tower two months ago. I thought we'd updated our account.
M: I'll change the address now and send a new shipment today. Since it was our mistake, I'll also take fifteen percent off this order.
W: Thank you. Could you make sure it arrives before Thursday? We have a big printing job that day.`,
    [
      q(
        'Why is the woman calling?',
        [
          'To place a new order',
          'To report that an order has not arrived',
          'To ask about a price increase',
          'To cancel a printing job',
        ],
        'B',
        'Người phụ nữ nói: “We ordered twenty boxes of printer paper last Monday, but nothing has arrived yet.” → gọi để báo đơn hàng chưa tới (B).',
        'She says, “We ordered twenty boxes … but nothing has arrived yet.” She is reporting a missing order → (B).',
      ),
      q(
        'What caused the problem?',
        [
          'A product was out of stock.',
          'A payment was not received.',
          'The order was sent to an old address.',
          'A delivery truck broke down.',
        ],
        'C',
        'Người đàn ông: “the boxes were sent to your old address on Tran Hung Dao Street.” → (C).',
        'The man: “the boxes were sent to your old address on Tran Hung Dao Street.” → (C).',
      ),
      q(
        'What does the man offer to do?',
        ['Give a discount', 'Deliver the paper himself', 'Refund the full amount', 'Send a free printer'],
        'A',
        '“I’ll also take fifteen percent off this order” = giảm giá → (A). Bẫy: (B) anh ấy gửi lô hàng mới chứ không tự giao.',
        '“I’ll also take fifteen percent off this order” is a discount → (A). Trap: he will send a new shipment, not deliver it himself (B).',
      ),
    ],
  ),
  set(
    'Conversation 2 – Choosing a venue for a company dinner',
    `M: Ha, have you found a restaurant for the year-end dinner yet?
W: I've narrowed it down to two. The Lotus Garden is close to the office, but its private room only holds forty people.
M: That won't work. We'll have at least fifty-five, including the staff from the Hai Phong branch.
W: Then the Saigon Pearl is the better choice. It's a bit farther away, but they can seat up to seventy and they offer a set menu.
M: Good. Can you call them this afternoon and ask for a quote? The finance team needs the figures by Friday.`,
    [
      q(
        'What are the speakers planning?',
        ['A training course', 'A company dinner', 'A branch opening', 'A client visit'],
        'B',
        'Người đàn ông hỏi về nhà hàng cho “the year-end dinner” → bữa tối cuối năm của công ty (B).',
        'The man asks about a restaurant “for the year-end dinner” → (B).',
      ),
      q(
        'What is the problem with the Lotus Garden?',
        [
          'It is too expensive.',
          'It is far from the office.',
          'Its private room is too small.',
          'It does not offer a set menu.',
        ],
        'C',
        '“its private room only holds forty people” trong khi cần ít nhất 55 người → phòng quá nhỏ (C). Bẫy: (B) “far” là nhược điểm của Saigon Pearl.',
        '“its private room only holds forty people”, but at least fifty-five are coming → (C). Trap: being farther away (B) describes the Saigon Pearl.',
      ),
      q(
        'What does the man ask the woman to do?',
        [
          'Request a price quote',
          'Invite the Hai Phong staff',
          'Visit the restaurant',
          'Send the figures to a client',
        ],
        'A',
        '“Can you call them this afternoon and ask for a quote?” → xin báo giá (A).',
        '“Can you call them this afternoon and ask for a quote?” → (A).',
      ),
    ],
  ),
  set(
    'Conversation 3 – A problem with a hotel room (three speakers)',
    `M: Excuse me, I checked into room 812 an hour ago, but the shower has no hot water.
W: I'm very sorry, sir. Let me call our maintenance supervisor. Khanh, are you free?
M2: Yes. Actually, we're replacing a water heater on the eighth floor this afternoon. It should be fixed by six o'clock.
M: I have a dinner meeting at six thirty, so I need to get ready before then.
W: In that case, we can move you to a room on the fifteenth floor right away. It has a view of the river, at no extra charge.
M: That would be great, thank you.`,
    [
      q(
        'Where most likely are the speakers?',
        ['At a restaurant', 'At a hotel', 'At an appliance store', 'At a travel agency'],
        'B',
        'Các chi tiết “checked into room 812”, “maintenance supervisor” cho thấy họ ở khách sạn (B).',
        'Clues such as “checked into room 812” and “maintenance supervisor” show they are at a hotel → (B).',
      ),
      q(
        'According to Khanh, what is happening on the eighth floor?',
        [
          'A room is being cleaned.',
          'A water heater is being replaced.',
          'Carpets are being installed.',
          'A meeting is being held.',
        ],
        'B',
        'Khanh (M2): “we’re replacing a water heater on the eighth floor this afternoon” → (B).',
        'Khanh: “we’re replacing a water heater on the eighth floor this afternoon” → (B).',
      ),
      q(
        'What does the woman offer the man?',
        ['A free dinner', 'A late checkout', 'A different room', 'A discount on his bill'],
        'C',
        '“we can move you to a room on the fifteenth floor right away … at no extra charge” → đổi phòng khác (C). Bẫy: “no extra charge” không phải là giảm giá (D).',
        '“we can move you to a room on the fifteenth floor right away” → (C). Trap: “at no extra charge” is not a discount (D).',
      ),
    ],
  ),
  set(
    'Conversation 4 – Updating a website',
    `W: Tuan, the new product photos for the spring catalogue are ready. When can they go on our website?
M: I can upload them tomorrow morning. But I noticed some of the prices in the online catalogue are still last year's.
W: Really? The sales team sent the new price list two weeks ago.
M: They did, but it was a scanned document, so I have to type in every price by hand. It takes a while.
W: I'll ask sales to send you the spreadsheet version instead. That should save you a lot of time.`,
    [
      q(
        'What is the conversation mainly about?',
        [
          'Hiring a photographer',
          'Updating an online catalogue',
          'Training the sales team',
          'Printing a brochure',
        ],
        'B',
        'Cả hai bàn về việc đưa ảnh mới và giá mới lên “online catalogue” → (B).',
        'They discuss putting new photos and prices into the online catalogue → (B).',
      ),
      q(
        'What problem does the man mention?',
        [
          'Some prices are out of date.',
          'Some photos are blurry.',
          'The website is down.',
          'A deadline has passed.',
        ],
        'A',
        '“some of the prices in the online catalogue are still last year’s” → giá đã cũ (A).',
        '“some of the prices … are still last year’s” → out of date (A).',
      ),
      q(
        'What will the woman most likely do next?',
        ['Take new photos', 'Type in the prices herself', 'Contact the sales team', 'Scan a document'],
        'C',
        '“I’ll ask sales to send you the spreadsheet version instead” → liên hệ bộ phận bán hàng (C). Bẫy: (D) tài liệu scan chính là nguyên nhân vấn đề.',
        '“I’ll ask sales to send you the spreadsheet version” → she will contact the sales team (C). Trap: the scanned document (D) is the cause of the problem.',
      ),
    ],
  ),
  set(
    'Conversation 5 – Rescheduling a dental appointment',
    `M: Good morning, Bright Smile Dental Clinic. How can I help you?
W: Hi, I have a cleaning appointment with Dr. Vo on Wednesday at two, but I have to travel for work that day. Could I move it?
M: Let me see. Dr. Vo is fully booked this week, but Dr. Lam has an opening on Thursday at ten.
W: I'd prefer to stay with Dr. Vo. What about next week?
M: She's available next Monday at four thirty.
W: Perfect, I'll take that. And could you send me a reminder by text message?`,
    [
      q(
        'Why does the woman want to change her appointment?',
        [
          'She feels sick.',
          'She has a business trip.',
          'She prefers a different dentist.',
          'Her car is being repaired.',
        ],
        'B',
        '“I have to travel for work that day” = đi công tác → (B). Bẫy: (C) ngược lại, cô muốn giữ bác sĩ Vo.',
        '“I have to travel for work that day” → a business trip (B). Trap: (C) is the opposite – she wants to keep Dr. Vo.',
      ),
      q(
        'When will the woman most likely see Dr. Vo?',
        ['Wednesday at 2:00', 'Thursday at 10:00', 'Monday at 4:30', 'Friday at 4:30'],
        'C',
        '“She’s available next Monday at four thirty.” – “Perfect, I’ll take that.” → (C). (B) là lịch của bác sĩ Lam.',
        '“She’s available next Monday at four thirty.” – “Perfect, I’ll take that.” → (C). (B) is Dr. Lam’s opening.',
      ),
      q(
        'What does the woman ask for?',
        ['A text reminder', 'A copy of her bill', 'Directions to the clinic', 'An earlier time'],
        'A',
        '“could you send me a reminder by text message?” → (A).',
        '“could you send me a reminder by text message?” → (A).',
      ),
    ],
  ),
  set(
    'Conversation 6 – Moving to a new office',
    `W: Did you hear that our department is moving to the third floor next month?
M: Yes, I'm glad. The meeting rooms up there are much bigger. But I'm worried about packing everything while we finish the Nguyen Phat project.
W: Facilities said a moving company will pack the furniture and computers. We only have to pack our own files and personal items.
M: That helps. Do we know the exact date?
W: Not yet. The manager will announce it at Friday's staff meeting.`,
    [
      q(
        'What will happen next month?',
        [
          'A project will begin.',
          'A department will relocate.',
          'A new manager will start.',
          'Meeting rooms will be renovated.',
        ],
        'B',
        '“our department is moving to the third floor next month” = chuyển chỗ làm việc (B).',
        '“our department is moving to the third floor next month” → (B).',
      ),
      q(
        'What is the man concerned about?',
        [
          'Finding a moving company',
          'Packing while working on a project',
          'The size of the new office',
          'The cost of new furniture',
        ],
        'B',
        '“I’m worried about packing everything while we finish the Nguyen Phat project” → (B). Bẫy: (C) anh ấy khen phòng họp mới rộng hơn.',
        '“I’m worried about packing everything while we finish the Nguyen Phat project” → (B). Trap: he likes the bigger rooms (C).',
      ),
      q(
        'According to the woman, how will employees learn the moving date?',
        ['By e-mail', 'From the moving company', 'At a staff meeting', 'On a notice board'],
        'C',
        '“The manager will announce it at Friday’s staff meeting.” → (C).',
        '“The manager will announce it at Friday’s staff meeting.” → (C).',
      ),
    ],
  ),
  set(
    'Conversation 7 – Buying a laptop for work',
    `M: Hello, I'm looking for a lightweight laptop. I travel a lot for my job, so battery life is important.
W: This model weighs just over one kilogram and the battery lasts about fourteen hours.
M: That sounds ideal. Does it come with a warranty?
W: One year from the manufacturer. For an extra sixty dollars, you can extend it to three years with our store plan.
M: I'll think about the extended plan. Can I pay with my company credit card?
W: Of course. And if you're buying for a company, you can also ask for a tax invoice at the counter.`,
    [
      q(
        'Who most likely is the woman?',
        ['A travel agent', 'A sales assistant', 'An accountant', 'A repair technician'],
        'B',
        'Cô giới thiệu sản phẩm, bảo hành và cách thanh toán trong cửa hàng → nhân viên bán hàng (B).',
        'She describes the product, the warranty and payment in a store → a sales assistant (B).',
      ),
      q(
        'What feature is important to the man?',
        ['Screen size', 'Battery life', 'Storage space', 'Color'],
        'B',
        '“I travel a lot for my job, so battery life is important.” → (B).',
        '“I travel a lot … so battery life is important.” → (B).',
      ),
      q(
        'What can the man get at the counter?',
        ['A tax invoice', 'A free bag', 'A discount coupon', 'A spare battery'],
        'A',
        '“you can also ask for a tax invoice at the counter” → (A).',
        '“you can also ask for a tax invoice at the counter” → (A).',
      ),
    ],
  ),
  set(
    'Conversation 8 – A job interview schedule (three speakers)',
    `W: Thanks for coming in, Mr. Hoang. I'm Lien from Human Resources, and this is Daniel, our logistics manager.
M2: Nice to meet you. We were impressed by your experience with warehouse software.
M: Thank you. At my current company, I helped introduce a tracking system that reduced shipping errors by about thirty percent.
M2: That's exactly what we need. Our warehouse in Binh Duong is expanding, and we'll need someone to train the new staff.
W: The next step would be a short practical test on Thursday. Would that suit you?
M: Thursday morning is fine.`,
    [
      q(
        'What position is the man most likely applying for?',
        ['Human resources assistant', 'A logistics role', 'Software salesperson', 'Truck driver'],
        'B',
        'Buổi phỏng vấn có quản lý logistics, nói về phần mềm kho và đào tạo nhân viên kho → vị trí logistics (B).',
        'The interview is with the logistics manager and about warehouse software and training → (B).',
      ),
      q(
        'What did the man achieve at his current company?',
        [
          'He opened a new warehouse.',
          'He reduced shipping errors.',
          'He hired thirty employees.',
          'He lowered software costs.',
        ],
        'B',
        '“a tracking system that reduced shipping errors by about thirty percent” → (B). Bẫy: (C) lặp lại con số “thirty”.',
        '“a tracking system that reduced shipping errors by about thirty percent” → (B). Trap: (C) reuses the number thirty.',
      ),
      q(
        'What will happen on Thursday?',
        ['A practical test', 'A warehouse tour', 'A staff training session', 'A contract signing'],
        'A',
        '“The next step would be a short practical test on Thursday.” → (A).',
        '“The next step would be a short practical test on Thursday.” → (A).',
      ),
    ],
  ),
  set(
    'Conversation 9 – Sharing a taxi to the airport',
    `W: Minh, what time is your flight to Singapore tomorrow?
M: Eleven fifteen. I'm leaving the office around eight thirty.
W: My flight to Bangkok leaves at eleven forty from the same terminal. Do you want to share a taxi?
M: Sure. The traffic on the airport road is terrible in the morning, though. Maybe we should leave at eight.
W: Good point. I'll book the car through the company app and put it on the project account.`,
    [
      q(
        'Where is the man going tomorrow?',
        ['To Bangkok', 'To Singapore', 'To the head office', 'To a hotel'],
        'B',
        '“what time is your flight to Singapore tomorrow?” → (B). Bẫy: Bangkok là điểm đến của người phụ nữ.',
        '“what time is your flight to Singapore tomorrow?” → (B). Trap: Bangkok is the woman’s destination.',
      ),
      q(
        'Why does the man suggest leaving earlier?',
        [
          'His flight time changed.',
          'Traffic may be heavy.',
          'He has to check a bag.',
          'He wants to have breakfast.',
        ],
        'B',
        '“The traffic on the airport road is terrible in the morning … Maybe we should leave at eight.” → (B).',
        '“The traffic on the airport road is terrible in the morning” → (B).',
      ),
      q(
        'What will the woman do?',
        ['Book a car', 'Change her flight', 'Call the airline', 'Print boarding passes'],
        'A',
        '“I’ll book the car through the company app” → (A).',
        '“I’ll book the car through the company app” → (A).',
      ),
    ],
  ),
  set(
    'Conversation 10 – A sales figure question',
    `M: Thao, I'm looking at the monthly sales report. Our shop in Da Lat sold twice as much coffee as usual in March.
W: That's because of the flower festival. The town was full of visitors, and we set up a stand near the main square.
M: Interesting. We should do something similar for other events.
W: I agree. There's a food fair in Nha Trang in June. I could contact the organizers about renting a booth.
M: Please do. And send me the costs from the Da Lat stand so we can plan a budget.`,
    [
      q(
        'What are the speakers discussing?',
        ['A new coffee blend', 'An increase in sales', 'A staff shortage', 'A shop renovation'],
        'B',
        '“sold twice as much coffee as usual in March” → doanh số tăng (B).',
        '“sold twice as much coffee as usual in March” → (B).',
      ),
      q(
        'What does the woman say caused the change?',
        ['A price reduction', 'A local festival', 'An advertising campaign', 'A new shop manager'],
        'B',
        '“That’s because of the flower festival.” → lễ hội địa phương (B).',
        '“That’s because of the flower festival.” → (B).',
      ),
      q(
        'What does the man ask the woman to send?',
        ['A list of visitors', 'Cost information', 'Photos of the stand', 'A festival schedule'],
        'B',
        '“send me the costs from the Da Lat stand so we can plan a budget” → (B).',
        '“send me the costs from the Da Lat stand” → (B).',
      ),
    ],
  ),
  set(
    'Conversation 11 – A broken projector before a presentation',
    `W: Oh no, the projector in Room B isn't turning on, and the clients arrive in twenty minutes.
M: Did you try the power switch on the wall? The cleaners sometimes turn it off.
W: Yes, it's on. I think the bulb might have burned out.
M: Room D has the same projector, and nobody's using it this morning. We could move the meeting there.
W: Good idea. I'll tell reception to send the clients to Room D, and could you bring the sample products from my desk?`,
    [
      q(
        'What problem does the woman have?',
        [
          'A room is already booked.',
          'Some equipment is not working.',
          'The clients are late.',
          'She cannot find her notes.',
        ],
        'B',
        '“the projector in Room B isn’t turning on” → thiết bị hỏng (B).',
        '“the projector in Room B isn’t turning on” → (B).',
      ),
      q(
        'What does the man suggest?',
        ['Buying a new bulb', 'Changing rooms', 'Postponing the meeting', 'Calling the cleaners'],
        'B',
        '“We could move the meeting there [Room D].” → đổi phòng (B). Bẫy: (D) người dọn dẹp chỉ được nhắc như nguyên nhân có thể.',
        '“We could move the meeting there.” → (B). Trap: the cleaners (D) are only mentioned as a possible cause.',
      ),
      q(
        'What does the woman ask the man to bring?',
        ['A laptop', 'Some product samples', 'A spare projector', 'Some coffee'],
        'B',
        '“could you bring the sample products from my desk?” → (B).',
        '“could you bring the sample products from my desk?” → (B).',
      ),
    ],
  ),
  set(
    'Conversation 12 – Volunteering for a community event',
    `M: Hi, Ngoc. The company is organizing a tree-planting day at Can Gio on the twelfth. Are you interested?
W: Definitely. Is it during working hours?
M: Yes, it's on a Friday, and employees who volunteer get the day off with full pay. We'll take a bus from the office at seven.
W: Great. Do I need to bring anything?
M: Just a hat and water. The organizers will provide gloves and tools. Sign-up closes on Monday, so register on the intranet soon.`,
    [
      q(
        'What event is the man describing?',
        ['A company picnic', 'A tree-planting day', 'A fundraising dinner', 'A sports competition'],
        'B',
        '“a tree-planting day at Can Gio” → (B).',
        '“a tree-planting day at Can Gio” → (B).',
      ),
      q(
        'What benefit do volunteers receive?',
        ['A free lunch', 'A paid day off', 'A company T-shirt', 'A certificate'],
        'B',
        '“employees who volunteer get the day off with full pay” → (B).',
        '“employees who volunteer get the day off with full pay” → (B).',
      ),
      q(
        'What should the woman do by Monday?',
        ['Buy some gloves', 'Register online', 'Book a bus', 'Contact the organizers'],
        'B',
        '“Sign-up closes on Monday, so register on the intranet soon.” → đăng ký trên mạng nội bộ (B). Bẫy: (A) găng tay được cung cấp sẵn.',
        '“Sign-up closes on Monday, so register on the intranet soon.” → (B). Trap: gloves are provided (A).',
      ),
    ],
  ),
  set(
    'Conversation 13 – Ordering uniforms',
    `W: Hello, I'm calling from the Blue Bay Hotel. We'd like to order new uniforms for our front desk staff.
M: Certainly. How many do you need, and have you chosen a design?
W: Twenty-four sets. We liked the navy jacket in your catalogue, but we'd like our hotel logo on the pocket.
M: We can do that. Embroidery adds about a week to production, so delivery would be in four weeks.
W: That's fine. Our new season starts in six weeks. Could you e-mail me a sample of the logo placement first?
M: Of course. Please send us your logo file, and I'll have our designer prepare it.`,
    [
      q(
        'What does the woman want to order?',
        ['Hotel furniture', 'Staff uniforms', 'Printed catalogues', 'Towels'],
        'B',
        '“We’d like to order new uniforms for our front desk staff.” → (B).',
        '“We’d like to order new uniforms for our front desk staff.” → (B).',
      ),
      q(
        'Why will production take longer than usual?',
        [
          'The fabric is imported.',
          'A logo will be embroidered.',
          'The order is very large.',
          'A holiday is coming.',
        ],
        'B',
        '“Embroidery adds about a week to production” → thêu logo (B).',
        '“Embroidery adds about a week to production” → (B).',
      ),
      q(
        'What does the man ask the woman to send?',
        ['A deposit', 'Her logo file', 'Staff measurements', 'A signed contract'],
        'B',
        '“Please send us your logo file” → (B).',
        '“Please send us your logo file” → (B).',
      ),
    ],
  ),
];

export const part3 = spreadSetKeys(SETS, 46);
