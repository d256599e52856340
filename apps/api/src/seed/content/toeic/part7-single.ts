import type { TextSet } from '../types';
import { q } from './helpers';

export const part7Single: TextSet[] = [
  {
    title: 'Part 7 – Notice: parking garage (147–148)',
    html: `<p><strong>NOTICE TO ALL TENANTS – Lotus Office Tower</strong></p><p>The underground parking garage will be repainted on Saturday, 14 June, from 6 A.M. to 8 P.M. No vehicles may be parked in the garage during this time. Cars left in the garage will be moved at the owner's expense. Tenants may park free of charge at the Ben Thanh Plaza garage across the street on that day by showing their building access card.</p>`,
    questions: [
      q(
        'What is the purpose of the notice?',
        [
          'To announce temporary parking restrictions',
          'To introduce a new parking fee',
          'To advertise office space',
          'To report a car accident',
        ],
        'A',
        'Thông báo gara sẽ sơn lại và “No vehicles may be parked in the garage during this time” → hạn chế đỗ xe tạm thời (A).',
        'The garage is being repainted and “No vehicles may be parked” that day → (A).',
      ),
      q(
        'What must tenants show to park at Ben Thanh Plaza?',
        ['A parking receipt', 'Their building access card', "A driver's license", 'A printed notice'],
        'B',
        '“by showing their building access card” → (B).',
        '“by showing their building access card” → (B).',
      ),
    ],
  },
  {
    title: 'Part 7 – Text messages: a delivery (149–150)',
    html: `<p><strong>Hoa Nguyen (9:42 A.M.)</strong> Hi Sam, the courier just called. He's downstairs with the brochures for tomorrow's trade fair, but he needs someone to sign for them.</p><p><strong>Sam Carter (9:44 A.M.)</strong> I'm in a client meeting until 10:30. Can you sign?</p><p><strong>Hoa Nguyen (9:45 A.M.)</strong> I'm not authorized for orders over 10 million dong. This one is 14 million.</p><p><strong>Sam Carter (9:46 A.M.)</strong> Ask Ms. Quynh in accounting. She can approve it.</p><p><strong>Hoa Nguyen (9:47 A.M.)</strong> Will do.</p>`,
    questions: [
      q(
        'What is being delivered?',
        ['Brochures for a trade fair', 'Office furniture', 'Client contracts', 'Computer equipment'],
        'A',
        '“the brochures for tomorrow’s trade fair” → (A).',
        '“the brochures for tomorrow’s trade fair” → (A).',
      ),
      q(
        'At 9:47 A.M., what does Ms. Nguyen mean when she writes, "Will do"?',
        [
          'She will contact Ms. Quynh.',
          'She will sign for the order herself.',
          'She will join the meeting.',
          'She will cancel the delivery.',
        ],
        'A',
        '“Will do” đáp lại lời đề nghị “Ask Ms. Quynh in accounting” → cô sẽ liên hệ chị Quynh (A). Bẫy: (B) cô không được phép ký đơn trên 10 triệu.',
        '“Will do” answers “Ask Ms. Quynh in accounting” → (A). Trap: she is not authorized to sign (B).',
      ),
    ],
  },
  {
    title: 'Part 7 – Advertisement: cooking class (151–152)',
    html: `<p><strong>Taste of Hoi An Cooking School</strong></p><p>Learn to cook four classic Vietnamese dishes with our experienced chefs! Classes start with a guided visit to the central market to choose fresh ingredients. Each class lasts four hours and is limited to ten students, so everyone gets personal attention. Price: $35 per person, including all ingredients and a recipe booklet. Book two days in advance at tasteofhoian.vn. Groups of six or more receive a 10% discount.</p>`,
    questions: [
      q(
        'What is included in the price?',
        ['Hotel pickup', 'A recipe booklet', 'A cooking knife', 'A market tour voucher'],
        'B',
        '“including all ingredients and a recipe booklet” → (B).',
        '“including all ingredients and a recipe booklet” → (B).',
      ),
      q(
        'How can customers get a discount?',
        [
          'By booking online',
          'By coming in a group of at least six',
          'By booking two days early',
          'By taking two classes',
        ],
        'B',
        '“Groups of six or more receive a 10% discount.” → (B). Bẫy: (C) đặt trước hai ngày là yêu cầu bắt buộc, không phải điều kiện giảm giá.',
        '“Groups of six or more receive a 10% discount.” → (B). Trap: booking two days ahead (C) is a requirement, not a discount.',
      ),
    ],
  },
  {
    title: 'Part 7 – Invoice note (153–154)',
    html: `<p><strong>Phu Gia Office Supplies – Invoice #20471</strong></p><table><tr><th>Item</th><th>Qty</th><th>Amount (VND)</th></tr><tr><td>Ergonomic chair</td><td>4</td><td>12,800,000</td></tr><tr><td>Desk lamp</td><td>4</td><td>1,600,000</td></tr><tr><td>Delivery</td><td>1</td><td>0</td></tr><tr><td><strong>Total</strong></td><td></td><td><strong>14,400,000</strong></td></tr></table><p>Note: Delivery is free for orders over 10,000,000 VND. Payment is due within 30 days. Items may be returned unused within 14 days.</p>`,
    questions: [
      q(
        'Why was the customer not charged for delivery?',
        [
          'The order was over a certain amount.',
          'The customer picked up the items.',
          'It was a first order.',
          'The delivery was late.',
        ],
        'A',
        '“Delivery is free for orders over 10,000,000 VND” và tổng là 14.400.000 → (A).',
        'Delivery is free over 10,000,000 VND and the total is 14,400,000 → (A).',
      ),
      q(
        'What is indicated about returns?',
        [
          'They must be made within 14 days.',
          'They are not accepted.',
          'They require a fee.',
          'They must be made within 30 days.',
        ],
        'A',
        '“Items may be returned unused within 14 days.” → (A). Bẫy: 30 ngày là hạn thanh toán.',
        '“returned unused within 14 days” → (A). Trap: 30 days is the payment term.',
      ),
    ],
  },
  {
    title: 'Part 7 – E-mail: conference registration (155–157)',
    html: `<p><strong>To:</strong> Kim Anh Le<br><strong>From:</strong> Asia Logistics Forum<br><strong>Subject:</strong> Your registration</p><p>Dear Ms. Le,</p><p>Thank you for registering for the Asia Logistics Forum, to be held at the Marina Convention Center in Singapore from 9 to 11 September. Your early-bird payment of $450 has been received. — [1] —. Please note that your badge will be available for collection at the registration desk from 8 A.M. on the first day. — [2] —. The workshop you selected, "Cold Chain Solutions for Fresh Produce," has been moved from Room 3A to the main hall because of high demand. — [3] —. If you require a hotel, forum guests can book at the Bayview Hotel at a reduced rate until 15 August. — [4] —.</p><p>Best regards,<br>Forum Team</p>`,
    questions: [
      q(
        'What is one purpose of the e-mail?',
        ['To confirm a payment', 'To request a payment', 'To cancel a workshop', 'To invite a speaker'],
        'A',
        '“Your early-bird payment of $450 has been received.” → xác nhận thanh toán (A).',
        '“Your early-bird payment of $450 has been received.” → (A).',
      ),
      q(
        'Why was the workshop location changed?',
        [
          'Room 3A is being repaired.',
          'Many people want to attend it.',
          'The speaker requested it.',
          'The schedule changed.',
        ],
        'B',
        '“because of high demand” → nhiều người muốn tham dự (B).',
        '“because of high demand” → (B).',
      ),
      q(
        'In which of the positions marked [1], [2], [3] and [4] does the following sentence best belong? "A photo ID will be required."',
        ['[1]', '[2]', '[3]', '[4]'],
        'B',
        'Câu “Cần có giấy tờ tùy thân có ảnh” phù hợp ngay sau thông tin nhận thẻ (badge) tại bàn đăng ký → vị trí [2] (B).',
        'Photo ID naturally follows the information about collecting the badge → position [2] (B).',
      ),
    ],
  },
  {
    title: 'Part 7 – Article: a local bakery (158–160)',
    html: `<p><strong>Small Bakery, Big Plans</strong></p><p>DA NANG – When Tran Minh Chau opened Golden Crust Bakery in 2018, she sold only three kinds of bread from a cart near My Khe Beach. Today, the business has two shops and supplies bread to fifteen hotels and cafés in the city. "Hotels wanted fresh bread every morning, but many bakeries couldn't deliver before 6 A.M.," Ms. Chau explained. "We started baking at 2 A.M. so that we could." Next spring, Golden Crust will open a third shop in Hoi An, and Ms. Chau is also planning baking classes for tourists. She credits her success to her staff, many of whom have been with her since the beginning.</p>`,
    questions: [
      q(
        'How did Ms. Chau start her business?',
        [
          'By selling bread from a cart',
          'By buying a hotel',
          'By opening a café',
          'By teaching baking classes',
        ],
        'A',
        '“she sold only three kinds of bread from a cart near My Khe Beach” → (A).',
        '“she sold only three kinds of bread from a cart” → (A).',
      ),
      q(
        'Why did Golden Crust become popular with hotels?',
        [
          'It offered low prices.',
          'It delivered bread early in the morning.',
          'It baked many kinds of cakes.',
          'It was near the beach.',
        ],
        'B',
        'Khách sạn cần bánh mì trước 6 giờ sáng; Golden Crust nướng từ 2 giờ sáng để kịp giao → (B).',
        'Hotels needed bread before 6 A.M., and Golden Crust baked from 2 A.M. to deliver it → (B).',
      ),
      q(
        'What is NOT mentioned as a plan for the future?',
        [
          'Opening a shop in Hoi An',
          'Offering classes for tourists',
          'Exporting bread overseas',
          'Opening a third shop',
        ],
        'C',
        'Bài nhắc cửa hàng thứ ba ở Hội An và lớp học cho du khách; không nói gì về xuất khẩu → (C).',
        'A third shop in Hoi An and classes for tourists are mentioned; exporting is not → (C).',
      ),
    ],
  },
  {
    title: 'Part 7 – Memo: staff training (161–163)',
    html: `<p><strong>MEMO</strong><br><strong>To:</strong> Front desk staff, Riverside Hotel<br><strong>From:</strong> Ngo Bich, Guest Services Manager<br><strong>Date:</strong> 3 March</p><p>As you know, we will begin using a new booking system on 1 April. To prepare, all front desk employees must complete a three-hour training session. Sessions will be held in the business center on 18, 20 and 25 March, from 2 P.M. to 5 P.M. Please sign up for one session on the sheet outside my office by 10 March. Staff who are scheduled to work during their chosen session should arrange a shift swap with a colleague. Employees will be paid their normal hourly rate for the training time.</p>`,
    questions: [
      q(
        'Why was the memo written?',
        [
          'To announce training for a new system',
          'To introduce a new manager',
          'To change work schedules',
          'To describe a hotel renovation',
        ],
        'A',
        '“we will begin using a new booking system … all front desk employees must complete a three-hour training session” → (A).',
        'It announces mandatory training for the new booking system → (A).',
      ),
      q(
        'By when should staff sign up?',
        ['1 April', '10 March', '18 March', '25 March'],
        'B',
        '“by 10 March” → (B). Bẫy: 18, 20, 25/3 là ngày học.',
        '“by 10 March” → (B). Trap: 18, 20 and 25 March are the session dates.',
      ),
      q(
        'What is suggested about the training?',
        ['It is optional.', 'It is paid time.', 'It takes place online.', 'It is held in the morning.'],
        'B',
        '“Employees will be paid their normal hourly rate for the training time.” → (B).',
        '“Employees will be paid their normal hourly rate” → (B).',
      ),
    ],
  },
  {
    title: 'Part 7 – Online chat: IT support (164–167)',
    html: `<p><strong>Vo Thanh (10:02)</strong> Hi, my laptop won't connect to the office Wi-Fi since this morning's update.</p><p><strong>IT Help – Rosa (10:03)</strong> Sorry to hear that. Are other devices, like your phone, connecting normally?</p><p><strong>Vo Thanh (10:04)</strong> Yes, my phone works fine.</p><p><strong>IT Help – Rosa (10:05)</strong> Then the update probably reset your network settings. Please restart the laptop and choose "PW-Staff" rather than "PW-Guest."</p><p><strong>Vo Thanh (10:09)</strong> That worked! I was on the guest network without realizing it.</p><p><strong>IT Help – Rosa (10:10)</strong> Great. The guest network blocks access to shared drives, which is why you couldn't open your files earlier.</p><p><strong>Vo Thanh (10:11)</strong> That explains it. Thanks for the quick help.</p>`,
    questions: [
      q(
        'What problem does Mr. Vo report?',
        [
          'His phone is broken.',
          'His laptop cannot connect to the office network.',
          'He forgot his password.',
          'His files were deleted.',
        ],
        'B',
        '“my laptop won’t connect to the office Wi-Fi” → (B).',
        '“my laptop won’t connect to the office Wi-Fi” → (B).',
      ),
      q(
        'What most likely caused the problem?',
        ['A software update', 'A broken router', 'A power cut', 'A virus'],
        'A',
        '“since this morning’s update” và Rosa: “the update probably reset your network settings” → (A).',
        'Rosa: “the update probably reset your network settings” → (A).',
      ),
      q(
        'What does Rosa ask Mr. Vo to do?',
        [
          'Buy a new laptop',
          'Restart and select a different network',
          'Call the manager',
          'Use his phone instead',
        ],
        'B',
        '“Please restart the laptop and choose ‘PW-Staff’ rather than ‘PW-Guest.’” → (B).',
        '“restart the laptop and choose ‘PW-Staff’” → (B).',
      ),
      q(
        'At 10:11, what does Mr. Vo mean when he writes, "That explains it"?',
        [
          'He now understands why he could not open his files.',
          'He wants a written explanation.',
          'He disagrees with Rosa.',
          'He will explain the problem to his team.',
        ],
        'A',
        'Rosa vừa giải thích mạng khách chặn ổ đĩa dùng chung “which is why you couldn’t open your files” → anh hiểu vì sao không mở được tệp (A).',
        'Rosa has just said the guest network blocks shared drives, “which is why you couldn’t open your files” → (A).',
      ),
    ],
  },
  {
    title: 'Part 7 – Letter: a supplier price change (168–171)',
    html: `<p>Dear Mr. Dinh,</p><p>Thank you for your continued business with Highland Coffee Traders. I am writing to inform you of a change in our prices. — [1] —. Due to poor weather in the Central Highlands last season, the harvest of Arabica beans was about 20 percent smaller than usual. — [2] —. As a result, the price of our Arabica blend will rise from 320,000 to 360,000 VND per kilogram starting on 1 November. Prices for our Robusta products will not change. — [3] —. As a long-term customer, you may place orders at the current price until 31 October, up to a maximum of 200 kilograms. — [4] —. If you have any questions, please contact me directly at 0236 555 0147.</p><p>Sincerely,<br>Hoang Yen, Sales Director</p>`,
    questions: [
      q(
        'Why is the price increasing?',
        [
          'Transport costs have risen.',
          'A harvest was smaller than usual.',
          'A new blend was introduced.',
          'Demand from exports increased.',
        ],
        'B',
        '“the harvest of Arabica beans was about 20 percent smaller than usual. … As a result, the price … will rise” → (B).',
        'The Arabica harvest was about 20% smaller, “As a result” prices rise → (B).',
      ),
      q(
        'What is true about Robusta products?',
        [
          'Their price will stay the same.',
          'They will no longer be sold.',
          'They will cost 360,000 VND.',
          'They are sold out.',
        ],
        'A',
        '“Prices for our Robusta products will not change.” → (A).',
        '“Prices for our Robusta products will not change.” → (A).',
      ),
      q(
        'What is Mr. Dinh offered?',
        [
          'Free delivery',
          'A chance to buy at the old price for a limited time',
          'A free sample of a new blend',
          'A visit to a farm',
        ],
        'B',
        '“you may place orders at the current price until 31 October, up to a maximum of 200 kilograms” → (B).',
        'He may order at the current price until 31 October → (B).',
      ),
      q(
        'In which of the positions marked [1], [2], [3] and [4] does the following sentence best belong? "Any orders above this amount will be charged at the new rate."',
        ['[1]', '[2]', '[3]', '[4]'],
        'D',
        '“this amount” quy chiếu tới “a maximum of 200 kilograms” → câu đặt sau đó, tức vị trí [4] (D).',
        '“this amount” refers to “a maximum of 200 kilograms”, so the sentence belongs at [4] (D).',
      ),
    ],
  },
  {
    title: 'Part 7 – Web page: a shipping service (172–175)',
    html: `<p><strong>FastLink Express – Frequently Asked Questions</strong></p><p><strong>How long does domestic delivery take?</strong><br>Standard delivery between major cities takes two to three business days. Our Next-Day service is available for parcels under 5 kg sent before 3 P.M.</p><p><strong>Can I change the delivery address after sending?</strong><br>Yes. Log in to your account and select "Redirect parcel." A fee of 15,000 VND applies, and the request must be made before the parcel leaves our sorting center.</p><p><strong>What happens if nobody is home?</strong><br>Our driver will try again the next business day. After two failed attempts, the parcel will be held at the nearest FastLink service point for seven days.</p><p><strong>Do you deliver on weekends?</strong><br>Saturday delivery is available in Hanoi, Da Nang and Ho Chi Minh City for an additional fee. We do not deliver on Sundays.</p>`,
    questions: [
      q(
        'What is required for Next-Day delivery?',
        [
          'The parcel must weigh less than 5 kg.',
          'The parcel must be sent on a weekend.',
          'The sender must have an account.',
          'The parcel must be insured.',
        ],
        'A',
        '“Next-Day service is available for parcels under 5 kg sent before 3 P.M.” → (A).',
        'Next-Day is for parcels “under 5 kg sent before 3 P.M.” → (A).',
      ),
      q(
        'When can a delivery address be changed?',
        [
          'At any time',
          'Before the parcel leaves the sorting center',
          'Only on weekdays',
          'After the first delivery attempt',
        ],
        'B',
        '“the request must be made before the parcel leaves our sorting center” → (B).',
        '“before the parcel leaves our sorting center” → (B).',
      ),
      q(
        'What happens after two failed delivery attempts?',
        [
          'The parcel is returned to the sender.',
          'The parcel is held at a service point.',
          'A fee is charged to the receiver.',
          'The driver leaves the parcel outside.',
        ],
        'B',
        '“the parcel will be held at the nearest FastLink service point for seven days” → (B).',
        '“held at the nearest FastLink service point for seven days” → (B).',
      ),
      q(
        'What is indicated about weekend deliveries?',
        [
          'They are free.',
          'They are not available on Sundays.',
          'They are available in every city.',
          'They must be booked by phone.',
        ],
        'B',
        '“We do not deliver on Sundays.” → (B). Bẫy: (C) thứ Bảy chỉ giao ở ba thành phố; (A) phải trả thêm phí.',
        '“We do not deliver on Sundays.” → (B). Trap: Saturday delivery is limited to three cities (C) and costs extra (A).',
      ),
    ],
  },
];
