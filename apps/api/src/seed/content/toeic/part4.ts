import type { ListeningSet } from '../types';
import { q, set, spreadSetKeys } from './helpers';

const SETS: ListeningSet[] = [
  set(
    'Talk 1 – Announcement at a train station',
    `W: Attention, passengers travelling on the eight fifteen express train to Hue. Because of maintenance work on the track near Dong Hoi, this train will depart forty minutes late, at eight fifty-five. We apologise for the inconvenience. Passengers in sleeper cars may wait in the first-class lounge on the second floor, where free tea and coffee are available. Please keep your ticket with you, as staff will check it at the lounge entrance.`,
    [
      q(
        'What is the purpose of the announcement?',
        ['To report a delay', 'To change a platform', 'To cancel a train', 'To sell tickets'],
        'A',
        '“this train will depart forty minutes late” → thông báo trễ chuyến (A).',
        '“this train will depart forty minutes late” → a delay (A).',
      ),
      q(
        'What is the cause of the problem?',
        ['Bad weather', 'Track maintenance', 'A staff shortage', 'A broken engine'],
        'B',
        '“Because of maintenance work on the track near Dong Hoi” → (B).',
        '“Because of maintenance work on the track” → (B).',
      ),
      q(
        'What are sleeper-car passengers invited to do?',
        ['Board the train early', 'Wait in a lounge', 'Exchange their tickets', 'Take a bus'],
        'B',
        '“Passengers in sleeper cars may wait in the first-class lounge” → (B).',
        '“may wait in the first-class lounge” → (B).',
      ),
    ],
  ),
  set(
    'Talk 2 – Voicemail from a real estate agent',
    `M: Hello, Ms. Dao, this is Quang from Sunrise Property. I'm calling about the office space on Le Loi Street that you viewed last week. The owner has agreed to lower the monthly rent by five percent if you sign a two-year lease. He has also offered to repaint the walls before you move in. Another company is interested in the space, so please let me know your decision by Thursday. You can reach me on my mobile at 0903 555 218.`,
    [
      q(
        'Why is the speaker calling?',
        [
          'To follow up on an office space',
          'To arrange a first viewing',
          'To request a payment',
          'To advertise a new building',
        ],
        'A',
        '“I’m calling about the office space … that you viewed last week” → theo dõi sau buổi xem văn phòng (A). Bẫy: (B) cô ấy đã xem rồi.',
        '“I’m calling about the office space … that you viewed last week” → (A). Trap: the viewing already happened (B).',
      ),
      q(
        'What does the owner require for a lower rent?',
        ['Payment in cash', 'A two-year lease', 'An immediate move', 'A larger deposit'],
        'B',
        '“lower the monthly rent by five percent if you sign a two-year lease” → (B).',
        '“if you sign a two-year lease” → (B).',
      ),
      q(
        'Why should the listener reply by Thursday?',
        [
          'The owner is travelling.',
          'Another company is interested.',
          'The price will rise.',
          'The painting will start.',
        ],
        'B',
        '“Another company is interested in the space” → (B).',
        '“Another company is interested in the space” → (B).',
      ),
    ],
  ),
  set(
    'Talk 3 – Welcome to a factory tour',
    `M: Good morning, everyone, and welcome to Minh An Ceramics. I'm Phong, and I'll be your guide today. We'll start in the design studio, where our artists create new patterns, and then walk through the kiln area, where the plates and bowls are fired at over one thousand degrees. For your safety, please wear the protective glasses you received at the entrance and stay behind the yellow lines. At the end of the tour, you'll be able to paint your own cup, which we'll fire and mail to you within two weeks.`,
    [
      q(
        'Where is the talk taking place?',
        ['At a ceramics factory', 'At an art school', 'At a restaurant', 'At a museum'],
        'A',
        '“welcome to Minh An Ceramics”, “kiln area” → nhà máy gốm (A).',
        '“welcome to Minh An Ceramics … the kiln area” → (A).',
      ),
      q(
        'What are the listeners asked to do?',
        ['Stay in pairs', 'Wear protective glasses', 'Turn off their phones', 'Avoid taking photos'],
        'B',
        '“please wear the protective glasses you received at the entrance” → (B).',
        '“please wear the protective glasses” → (B).',
      ),
      q(
        'What will listeners receive after the tour?',
        ['A discount card', 'A cup they painted', 'A set of plates', 'A free lunch'],
        'B',
        '“you’ll be able to paint your own cup, which we’ll fire and mail to you” → (B).',
        '“paint your own cup, which we’ll … mail to you” → (B).',
      ),
    ],
  ),
  set(
    'Talk 4 – Radio business news',
    `W: In business news, the electronics retailer TechHub announced today that it will open twelve new stores across the Mekong Delta next year. The company says demand for smartphones and home appliances in smaller cities has grown faster than in Ho Chi Minh City. To staff the new stores, TechHub plans to hire around three hundred employees and will hold recruitment days in Can Tho and Long Xuyen next month. More details are available on the company's careers page.`,
    [
      q(
        'What did TechHub announce?',
        ['A new product line', 'An expansion plan', 'A merger', 'A price cut'],
        'B',
        '“it will open twelve new stores across the Mekong Delta” → kế hoạch mở rộng (B).',
        '“it will open twelve new stores” → an expansion (B).',
      ),
      q(
        'According to the speaker, why is the company making this decision?',
        [
          'Rent is cheaper in the region.',
          'Demand in smaller cities is growing fast.',
          'Its city stores are closing.',
          'A competitor left the market.',
        ],
        'B',
        '“demand … in smaller cities has grown faster than in Ho Chi Minh City” → (B).',
        '“demand … in smaller cities has grown faster” → (B).',
      ),
      q(
        'What will happen next month?',
        [
          'Stores will open.',
          'Recruitment days will be held.',
          'A new website will launch.',
          'Prices will change.',
        ],
        'B',
        '“will hold recruitment days in Can Tho and Long Xuyen next month” → (B). Bẫy: (A) cửa hàng mở vào năm sau.',
        '“will hold recruitment days … next month” → (B). Trap: the stores open next year (A).',
      ),
    ],
  ),
  set(
    'Talk 5 – Instructions at a staff meeting',
    `M: Before we finish, a quick reminder about the new expense system. Starting on the first of next month, all travel expenses must be submitted through the online portal instead of on paper forms. You'll need to photograph each receipt with your phone and upload it within ten days of your trip. The finance team will run two training sessions next week, on Tuesday and Thursday afternoon. If you travel often, I strongly recommend attending one of them.`,
    [
      q(
        'What is the speaker mainly talking about?',
        [
          'A new expense procedure',
          'A company trip',
          'A change in travel policy destinations',
          'A new phone model',
        ],
        'A',
        '“a quick reminder about the new expense system” → quy trình thanh toán chi phí mới (A).',
        '“the new expense system” → (A).',
      ),
      q(
        'What must employees do within ten days of a trip?',
        [
          'Return company phones',
          'Upload photos of receipts',
          'Book their next trip',
          'Meet the finance team',
        ],
        'B',
        '“photograph each receipt … and upload it within ten days of your trip” → (B).',
        '“upload it within ten days of your trip” → (B).',
      ),
      q(
        'What does the speaker recommend for frequent travellers?',
        [
          'Using paper forms',
          'Attending a training session',
          'Keeping a travel diary',
          'Calling the finance team',
        ],
        'B',
        '“If you travel often, I strongly recommend attending one of them [training sessions]” → (B). Bẫy: (A) phiếu giấy sẽ bị bỏ.',
        '“If you travel often, I strongly recommend attending one of them” → (B). Trap: paper forms are being replaced (A).',
      ),
    ],
  ),
  set(
    'Talk 6 – Recorded message from a bank',
    `W: Thank you for calling Viet Capital Bank. Please note that our branches will be closed on Monday for the national holiday. Online and mobile banking will continue to operate as usual. If your card has been lost or stolen, press one to block it immediately. For questions about loans, press two. To speak with a customer service representative, please stay on the line. Our representatives are available from eight a.m. to eight p.m., seven days a week.`,
    [
      q(
        'Why will branches be closed on Monday?',
        ['For renovations', 'For a holiday', 'For staff training', 'For a system upgrade'],
        'B',
        '“closed on Monday for the national holiday” → (B).',
        '“closed on Monday for the national holiday” → (B).',
      ),
      q(
        'What should a caller do to report a lost card?',
        ['Press one', 'Press two', 'Stay on the line', 'Visit a branch'],
        'A',
        '“If your card has been lost or stolen, press one” → (A).',
        '“If your card has been lost or stolen, press one” → (A).',
      ),
      q(
        'What is said about customer service representatives?',
        [
          'They work on weekdays only.',
          'They are available every day.',
          'They speak several languages.',
          'They handle loans only.',
        ],
        'B',
        '“available from eight a.m. to eight p.m., seven days a week” → mọi ngày (B).',
        '“seven days a week” → every day (B).',
      ),
    ],
  ),
  set(
    'Talk 7 – Introduction of a speaker at a conference',
    `M: Our next speaker is Dr. Nguyen Thi Hanh, who founded GreenPack, a company that makes food packaging from rice straw and other farm waste. Since starting the company five years ago in a small workshop in Long An, Dr. Hanh has grown it to more than two hundred employees, and its products are now used by coffee chains in four countries. Today she'll talk about how small manufacturers can reduce plastic use without raising prices. Please hold your questions until the end, when we'll have a fifteen-minute discussion.`,
    [
      q(
        "What does Dr. Hanh's company produce?",
        ['Farm machinery', 'Food packaging', 'Coffee', 'Plastic bottles'],
        'B',
        '“a company that makes food packaging from rice straw” → (B).',
        '“makes food packaging from rice straw” → (B).',
      ),
      q(
        'What will Dr. Hanh talk about?',
        ['Opening a coffee chain', 'Reducing plastic use affordably', 'Hiring staff abroad', 'Growing rice'],
        'B',
        '“how small manufacturers can reduce plastic use without raising prices” → (B).',
        '“reduce plastic use without raising prices” → (B).',
      ),
      q(
        'What are listeners asked to do?',
        ['Save questions for the end', 'Fill in a survey', 'Visit a workshop', 'Turn off their phones'],
        'A',
        '“Please hold your questions until the end” → (A).',
        '“Please hold your questions until the end” → (A).',
      ),
    ],
  ),
  set(
    'Talk 8 – Tour guide on a boat trip',
    `W: Welcome aboard, everyone. Our boat trip around Ha Long Bay will take about four hours. In about thirty minutes, we'll stop at Sung Sot Cave, which is one of the largest caves in the bay. The path inside has many steps, so please wear comfortable shoes. After the cave, we'll serve a seafood lunch on the upper deck. If you have any food allergies, please tell one of our staff members now, so the kitchen can prepare something different for you.`,
    [
      q(
        'How long will the boat trip last?',
        ['Thirty minutes', 'Two hours', 'Four hours', 'All day'],
        'C',
        '“will take about four hours” → (C). Bẫy: 30 phút là thời gian tới hang.',
        '“will take about four hours” → (C). Trap: thirty minutes is the time to the cave.',
      ),
      q(
        'Why does the speaker mention comfortable shoes?',
        [
          'The deck is slippery.',
          'The cave path has many steps.',
          'There is a beach walk.',
          'The boat has no seats.',
        ],
        'B',
        '“The path inside has many steps, so please wear comfortable shoes.” → (B).',
        '“The path inside has many steps” → (B).',
      ),
      q(
        'What are listeners with food allergies asked to do?',
        ['Inform the staff', 'Bring their own lunch', 'Eat on the lower deck', 'Skip the cave visit'],
        'A',
        '“please tell one of our staff members now” → (A).',
        '“please tell one of our staff members now” → (A).',
      ),
    ],
  ),
  set(
    'Talk 9 – Message about a product launch',
    `M: Hi, team, it's Viktor. I just got off the phone with our supplier in Shenzhen. The cases for our new wireless speaker will be delivered a week later than planned, so we're moving the launch from the fifth to the twelfth of May. The good news is that this gives the marketing team more time to finish the video advertisement. Please update your schedules, and I'll send a revised timeline this afternoon. If you've already contacted any stores about the fifth, let them know about the change.`,
    [
      q(
        'What product is being discussed?',
        ['A wireless speaker', 'A mobile phone', 'A camera', 'A laptop case'],
        'A',
        '“The cases for our new wireless speaker” → sản phẩm là loa không dây (A). Bẫy: (D) “cases” là vỏ loa, không phải túi laptop.',
        '“our new wireless speaker” → (A). Trap: the “cases” are speaker housings, not laptop cases (D).',
      ),
      q(
        'Why has the launch date changed?',
        [
          'A delivery will be late.',
          'A video is not ready.',
          'Stores requested a change.',
          'The price has not been set.',
        ],
        'A',
        '“will be delivered a week later than planned, so we’re moving the launch” → (A). Bẫy: (B) video là “tin tốt” có thêm thời gian, không phải nguyên nhân.',
        '“will be delivered a week later than planned, so we’re moving the launch” → (A). Trap: the video (B) benefits from the delay; it is not the cause.',
      ),
      q(
        'What will the speaker do this afternoon?',
        ['Visit some stores', 'Send a new timeline', 'Call the supplier again', 'Film an advertisement'],
        'B',
        '“I’ll send a revised timeline this afternoon” → (B).',
        '“I’ll send a revised timeline this afternoon” → (B).',
      ),
    ],
  ),
  set(
    'Talk 10 – Store announcement',
    `W: Good evening, shoppers, and thank you for choosing FreshMart. For the next hour only, all bakery items are twenty percent off, and our fruit section is offering a buy-two-get-one-free deal on mangoes from Cao Lanh. Also, don't forget that members of our FreshMart Club earn double points on every purchase this weekend. You can join the club for free at the customer service desk near the main entrance. The store will close at ten p.m. tonight.`,
    [
      q(
        'What discount is available for the next hour?',
        [
          'Twenty percent off bakery items',
          'Free mangoes with every purchase',
          'Half-price drinks',
          'Free delivery',
        ],
        'A',
        '“For the next hour only, all bakery items are twenty percent off” → (A).',
        '“For the next hour only, all bakery items are twenty percent off” → (A).',
      ),
      q(
        'What is offered to club members this weekend?',
        ['A free gift', 'Double points', 'Early opening hours', 'A free bag'],
        'B',
        '“members of our FreshMart Club earn double points” → (B).',
        '“earn double points on every purchase this weekend” → (B).',
      ),
      q(
        'Where can shoppers join the club?',
        ['Online', 'At the customer service desk', 'At any checkout', 'In the bakery'],
        'B',
        '“You can join the club for free at the customer service desk” → (B).',
        '“join the club for free at the customer service desk” → (B).',
      ),
    ],
  ),
];

export const part4 = spreadSetKeys(SETS, 26);
