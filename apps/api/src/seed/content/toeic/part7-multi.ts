import type { TextSet } from '../types';
import { q } from './helpers';

const hr = '<hr>';

export const part7Multi: TextSet[] = [
  {
    title: 'Part 7 – Job advertisement and e-mail (176–180)',
    html: `<p><strong>Hiring: Bilingual Customer Service Representative – Mekong Air Cargo</strong></p><p>We are looking for a customer service representative for our Can Tho office. Applicants must speak Vietnamese and English fluently and have at least two years of experience in customer service. Experience in shipping or logistics is preferred. The position involves some weekend work. Send your résumé to jobs@mekongaircargo.vn by 20 May.</p>${hr}<p><strong>To:</strong> jobs@mekongaircargo.vn<br><strong>From:</strong> Pham Thu Trang<br><strong>Date:</strong> 16 May<br><strong>Subject:</strong> Customer service position</p><p>Dear Hiring Manager,</p><p>I would like to apply for the customer service representative position. For the past three years, I have worked at the front desk of the Ninh Kieu Riverside Hotel, where I handle requests from international guests every day in English. Before that, I spent six months as an intern at a freight company in Ho Chi Minh City. I am happy to work on Saturdays and Sundays. My résumé is attached.</p><p>Sincerely,<br>Pham Thu Trang</p>`,
    questions: [
      q(
        'What is indicated about the position?',
        [
          'It requires some weekend work.',
          'It is located in Ho Chi Minh City.',
          'It is a part-time job.',
          'It requires a university degree.',
        ],
        'A',
        'Quảng cáo: “The position involves some weekend work.” → (A).',
        'The ad says, “The position involves some weekend work.” → (A).',
      ),
      q(
        'Where does Ms. Pham currently work?',
        ['At a freight company', 'At a hotel', 'At an airline', 'At a language school'],
        'B',
        '“I have worked at the front desk of the Ninh Kieu Riverside Hotel” → (B). Bẫy: (A) công ty vận tải là nơi cô thực tập trước đây.',
        '“I have worked at the front desk of the Ninh Kieu Riverside Hotel” → (B). Trap: the freight company (A) was an earlier internship.',
      ),
      q(
        'Which preferred qualification does Ms. Pham have?',
        ['Experience in logistics', 'A driving license', 'Knowledge of Chinese', 'Management experience'],
        'A',
        'Kết hợp hai văn bản: quảng cáo ưu tiên kinh nghiệm vận chuyển/logistics; Trang từng thực tập ở “a freight company” → (A).',
        'Combining texts: the ad prefers shipping/logistics experience, and Ms. Pham interned at “a freight company” → (A).',
      ),
      q(
        'How many years of customer service experience does Ms. Pham have?',
        ['Six months', 'Two years', 'Three years', 'Five years'],
        'C',
        '“For the past three years” → (C). Bẫy: (B) là yêu cầu tối thiểu của quảng cáo.',
        '“For the past three years” → (C). Trap: two years (B) is the minimum in the ad.',
      ),
      q(
        "What is true about Ms. Pham's application?",
        [
          'It was sent before the deadline.',
          'It was sent after the deadline.',
          'It did not include a résumé.',
          'It was sent to the wrong address.',
        ],
        'A',
        'Hạn nộp 20/5; e-mail gửi ngày 16/5 → nộp trước hạn (A). Cô cũng nói “My résumé is attached.”',
        'The deadline is 20 May and the e-mail is dated 16 May → (A). Her résumé is attached, so (C) is wrong.',
      ),
    ],
  },
  {
    title: 'Part 7 – Schedule and e-mail: a sales conference (181–185)',
    html: `<p><strong>Regional Sales Conference – Day 1 Schedule (Pearl Hotel, Nha Trang)</strong></p><table><tr><th>Time</th><th>Session</th><th>Room</th></tr><tr><td>9:00–9:45</td><td>Welcome and annual results – Mr. Lam Quoc Bao</td><td>Ballroom</td></tr><tr><td>10:00–11:30</td><td>Workshop: Selling to online customers – Ms. Dang Thuy</td><td>Coral Room</td></tr><tr><td>11:30–13:00</td><td>Lunch</td><td>Terrace</td></tr><tr><td>13:00–14:30</td><td>Workshop: Negotiation skills – Mr. Eric Holm</td><td>Coral Room</td></tr><tr><td>15:00–16:00</td><td>Panel: New markets in 2026</td><td>Ballroom</td></tr></table>${hr}<p><strong>To:</strong> All conference participants<br><strong>From:</strong> Event Coordinator<br><strong>Subject:</strong> Schedule change</p><p>Due to a flight delay, Mr. Holm will not arrive in Nha Trang until the evening of Day 1. His workshop will therefore swap places with Ms. Dang's workshop, which will now take place in the afternoon. Mr. Holm will lead his workshop on the morning of Day 2 instead, in the same room, from 10:00 to 11:30. All other sessions remain unchanged. Lunch will be served indoors in the Ballroom because rain is expected.</p>`,
    questions: [
      q(
        'Why was the e-mail sent?',
        [
          'To announce a change to the schedule',
          'To invite a new speaker',
          'To cancel the conference',
          'To confirm a hotel booking',
        ],
        'A',
        'Tiêu đề “Schedule change” và nội dung đổi lịch hội thảo → (A).',
        'Subject “Schedule change”; it reschedules workshops → (A).',
      ),
      q(
        'Why will Mr. Holm arrive late?',
        ['His flight was delayed.', 'He was ill.', 'He had another meeting.', 'The hotel was full.'],
        'A',
        '“Due to a flight delay” → (A).',
        '“Due to a flight delay” → (A).',
      ),
      q(
        "When will Ms. Dang's workshop now take place on Day 1?",
        ['9:00–9:45', '10:00–11:30', '13:00–14:30', '15:00–16:00'],
        'C',
        'Hai hội thảo đổi chỗ cho nhau: buổi của Dang chuyển sang khung giờ buổi chiều của Holm trong lịch là 13:00–14:30 → (C).',
        'The workshops swap places, so Ms. Dang takes Mr. Holm’s afternoon slot, 13:00–14:30 → (C).',
      ),
      q(
        'Where will Mr. Holm lead his workshop on Day 2?',
        ['In the Ballroom', 'In the Coral Room', 'On the Terrace', 'Online'],
        'B',
        'E-mail: “in the same room”; theo lịch, hội thảo của Holm ở Coral Room → (B).',
        'The e-mail says “in the same room”, and the schedule lists the Coral Room → (B).',
      ),
      q(
        'Where will lunch be served?',
        ['On the Terrace', 'In the Ballroom', 'In the Coral Room', 'At a nearby restaurant'],
        'B',
        '“Lunch will be served indoors in the Ballroom because rain is expected.” → (B). Bẫy: (A) là địa điểm ban đầu trong lịch.',
        '“Lunch will be served indoors in the Ballroom” → (B). Trap: the Terrace (A) was the original venue.',
      ),
    ],
  },
  {
    title: 'Part 7 – Advertisement, order form and review: office chairs (186–190)',
    html: `<p><strong>ComfortPro Office Chairs – Spring Sale</strong></p><p>Model C100 (basic): 1,900,000 VND · Model C200 (adjustable arms): 2,600,000 VND · Model C300 (adjustable arms and headrest): 3,400,000 VND</p><p>Order 10 or more chairs of any model and save 15%. Free assembly for orders placed before 30 April.</p>${hr}<p><strong>ORDER FORM</strong><br>Customer: Blue River Accounting Co.<br>Date: 2 May<br>Item: Model C200 × 12<br>Assembly requested: Yes<br>Delivery address: 45 Hai Ba Trung, District 1</p>${hr}<p><strong>Customer review ★★★★☆</strong></p><p>Our team has been using the new chairs for a month, and everyone finds them comfortable, especially the adjustable arms. The chairs arrived on time, although we paid extra for assembly because we ordered a couple of days after the offer ended. My only complaint is that a few people wanted a headrest – I should have chosen the more expensive model. – Minh Tu, Office Manager, Blue River Accounting</p>`,
    questions: [
      q(
        'What is the difference between Model C200 and Model C300?',
        [
          'C300 has a headrest.',
          'C300 has adjustable arms.',
          'C200 is more expensive.',
          'C200 includes assembly.',
        ],
        'A',
        'C200 “adjustable arms”; C300 “adjustable arms and headrest” → khác biệt là tựa đầu (A).',
        'C200 has adjustable arms; C300 adds a headrest → (A).',
      ),
      q(
        'What discount did Blue River Accounting most likely receive?',
        ['None', '10%', '15%', '20%'],
        'C',
        'Đặt 12 ghế (≥ 10) → được giảm 15% theo quảng cáo (C).',
        'They ordered 12 chairs (10 or more), so 15% off → (C).',
      ),
      q(
        'Why did Blue River Accounting pay for assembly?',
        [
          'The order was placed after 30 April.',
          'The chairs were a basic model.',
          'They ordered fewer than ten chairs.',
          'Assembly is never free.',
        ],
        'A',
        'Lắp miễn phí cho đơn trước 30/4; đơn đặt ngày 2/5 và bài đánh giá nói “we ordered a couple of days after the offer ended” → (A).',
        'Free assembly ended on 30 April; the order is dated 2 May → (A).',
      ),
      q(
        'What does Minh Tu say about the chairs?',
        [
          'They arrived late.',
          'Staff find them comfortable.',
          'They were difficult to assemble.',
          'They were too expensive.',
        ],
        'B',
        '“everyone finds them comfortable” → (B). (A) sai: “The chairs arrived on time”.',
        '“everyone finds them comfortable” → (B). (A) contradicts “arrived on time”.',
      ),
      q(
        'Which model does Minh Tu suggest he should have ordered?',
        ['Model C100', 'Model C200', 'Model C300', 'A model from another company'],
        'C',
        'Anh muốn có tựa đầu và nói “I should have chosen the more expensive model” → C300 (C).',
        'He wanted a headrest and “the more expensive model” → C300 (C).',
      ),
    ],
  },
  {
    title: 'Part 7 – Notice, e-mail and text message: a building inspection (191–195)',
    html: `<p><strong>Green Park Apartments – Fire Safety Inspection</strong></p><p>City inspectors will check smoke alarms in every apartment next week. Floors 1–5: Tuesday, 9 A.M.–12 P.M. Floors 6–10: Tuesday, 1 P.M.–5 P.M. Floors 11–15: Wednesday, 9 A.M.–12 P.M. Residents who cannot be at home may leave a key with the building manager, Mr. Tan, by Monday evening.</p>${hr}<p><strong>To:</strong> Mr. Tan<br><strong>From:</strong> Laura Chen, Apartment 804<br><strong>Subject:</strong> Inspection</p><p>Dear Mr. Tan, I will be at a training course all day on Tuesday, so I won't be home during my floor's inspection. I will drop off my spare key at your office on Monday at around 7 P.M. Could you also ask the inspectors to check the alarm in my kitchen? It has been beeping occasionally for a week. Thank you, Laura</p>${hr}<p><strong>Text message from Mr. Tan to Laura Chen, Tuesday 4:40 P.M.</strong><br>Hi Ms. Chen, the inspection of your apartment is finished. The kitchen alarm just needed a new battery, which the inspector replaced. You can collect your key from my office any time before 9 tonight.</p>`,
    questions: [
      q(
        'What is the purpose of the notice?',
        [
          'To announce a safety inspection',
          'To introduce a new manager',
          'To report a fire',
          'To request rent payments',
        ],
        'A',
        '“Fire Safety Inspection … City inspectors will check smoke alarms” → (A).',
        'It announces a fire safety inspection of smoke alarms → (A).',
      ),
      q(
        "When was Ms. Chen's apartment scheduled to be inspected?",
        ['Tuesday morning', 'Tuesday afternoon', 'Wednesday morning', 'Monday evening'],
        'B',
        'Căn hộ 804 ở tầng 8 → tầng 6–10 kiểm tra chiều thứ Ba (B).',
        'Apartment 804 is on the 8th floor → floors 6–10, Tuesday afternoon (B).',
      ),
      q(
        'Why will Ms. Chen be away?',
        [
          'She is on vacation.',
          'She is attending a training course.',
          'She is moving out.',
          'She is visiting family.',
        ],
        'B',
        '“I will be at a training course all day on Tuesday” → (B).',
        '“I will be at a training course all day on Tuesday” → (B).',
      ),
      q(
        'What problem did Ms. Chen mention?',
        ['A lost key', 'A beeping alarm', 'A broken window', 'A noisy neighbor'],
        'B',
        '“It has been beeping occasionally for a week.” → (B).',
        '“It has been beeping occasionally for a week.” → (B).',
      ),
      q(
        "What does Mr. Tan's text message indicate?",
        [
          'The alarm was replaced with a new one.',
          'A battery was changed.',
          'The inspection was postponed.',
          'Ms. Chen must pay a fee.',
        ],
        'B',
        '“The kitchen alarm just needed a new battery, which the inspector replaced.” → thay pin (B). Bẫy: (A) không thay cả thiết bị báo cháy.',
        '“just needed a new battery, which the inspector replaced” → (B). Trap: the alarm itself was not replaced (A).',
      ),
    ],
  },
  {
    title: 'Part 7 – Article, e-mail and price list: a bike-sharing service (196–200)',
    html: `<p><strong>City Bikes Arrive in Hue</strong></p><p>HUE – A bike-sharing service called XeXanh launched last week with 300 bicycles at 25 stations around the city, including the Imperial Citadel and the railway station. Users unlock a bike with a mobile app and can return it to any station. The company plans to add 200 electric bicycles in the autumn. "Many tourists want to explore the city at their own pace," said founder Le Hai Dang.</p>${hr}<p><strong>XeXanh Price List</strong></p><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Single ride (up to 30 minutes)</td><td>10,000 VND</td></tr><tr><td>Day pass (unlimited 30-minute rides)</td><td>40,000 VND</td></tr><tr><td>Monthly pass (unlimited 45-minute rides)</td><td>150,000 VND</td></tr></table><p>Extra time is charged at 5,000 VND per 15 minutes. Students receive 20% off monthly passes.</p>${hr}<p><strong>To:</strong> support@xexanh.vn<br><strong>From:</strong> Nguyen Bao Ngoc<br><strong>Subject:</strong> Monthly pass</p><p>Hello, I am a university student in Hue and I ride to class every day, about 35 minutes each way. I bought a day pass several times last week, but I was charged extra each time. I would now like to buy a monthly pass. Could you tell me how to prove that I am a student? Thank you, Ngoc</p>`,
    questions: [
      q(
        'According to the article, what will XeXanh do in the autumn?',
        ['Open stations in another city', 'Add electric bicycles', 'Lower its prices', 'Hire tour guides'],
        'B',
        '“The company plans to add 200 electric bicycles in the autumn.” → (B).',
        '“plans to add 200 electric bicycles in the autumn” → (B).',
      ),
      q(
        'What is indicated about the bicycles?',
        [
          'They can be returned to any station.',
          'They must be returned to the same station.',
          'They are rented at a shop.',
          'They are only for tourists.',
        ],
        'A',
        '“can return it to any station” → (A).',
        '“can return it to any station” → (A).',
      ),
      q(
        'Why was Ms. Nguyen charged extra?',
        [
          'Her rides were longer than 30 minutes.',
          'She lost her bike.',
          'She used an electric bike.',
          'She forgot to lock the bike.',
        ],
        'A',
        'Mỗi chuyến của Ngọc khoảng 35 phút, trong khi vé ngày chỉ gồm các chuyến 30 phút → bị tính thêm (A).',
        'Her rides take about 35 minutes, but the day pass covers 30-minute rides → (A).',
      ),
      q(
        'Why would a monthly pass suit Ms. Nguyen?',
        [
          'It includes rides of up to 45 minutes.',
          'It includes electric bikes.',
          'It is valid in other cities.',
          'It includes a helmet.',
        ],
        'A',
        'Vé tháng gồm các chuyến tới 45 phút, đủ cho chuyến 35 phút của cô → (A).',
        'The monthly pass covers rides up to 45 minutes, enough for her 35-minute trips → (A).',
      ),
      q(
        'How much will Ms. Nguyen most likely pay for a monthly pass?',
        ['100,000 VND', '120,000 VND', '150,000 VND', '40,000 VND'],
        'B',
        'Vé tháng 150.000 VND, sinh viên giảm 20% → 150.000 × 0,8 = 120.000 VND (B).',
        '150,000 VND with the 20% student discount = 120,000 VND → (B).',
      ),
    ],
  },
];
