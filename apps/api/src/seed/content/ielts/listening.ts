import type { KeyedText, Line, SeedQuestion } from '../types';

/**
 * IELTS Listening – Đề luyện 1 (issue 28): four original recordings (scripts written for Prepwise, spoken
 * by eSpeak NG voices in scripts/generate-seed-media.mjs) and 40 questions of the real types: form and note
 * completion (gap fill), multiple choice and matching. Part 1 a conversation in an everyday setting, Part 2
 * a monologue, Part 3 an academic discussion, Part 4 a lecture.
 */
export interface ListeningPart {
  title: string;
  /** The clip's file name under content/media. */
  clip: string;
  /** What the narrator says before the recording. */
  intro: string;
  lines: Line[];
  questions: SeedQuestion[];
}

const gap = (stem: string, accepted: string[], vi: string, en: string, intro?: string): SeedQuestion => ({
  kind: 'gap_fill',
  ...(intro ? { intro } : {}),
  stem,
  accepted,
  vi,
  en,
});

// ---------------------------------------------------------------- Part 1: a course enquiry

const part1: ListeningPart = {
  title: 'Listening Part 1 – Riverside Community Centre',
  clip: 'ielts-listening-p1.mp3',
  intro:
    'Part 1. You will hear a man phoning a community centre to ask about a course. First, you have some time to look at questions 1 to 10.',
  lines: [
    { who: 'woman', text: 'Good morning, Riverside Community Centre, Helen speaking. How can I help?' },
    {
      who: 'man',
      text: 'Oh, hello. I saw that you run evening and weekend classes, and I wanted to ask about the beginners’ pottery course.',
    },
    {
      who: 'woman',
      text: 'Of course. We have two beginners’ groups this term. The Sunday group is already full, I’m afraid, but there are still places in the Saturday morning group.',
    },
    { who: 'man', text: 'Saturday mornings would suit me fine. When does it start?' },
    {
      who: 'woman',
      text: 'The first class was going to be on the seventh of September, but the teacher is away that week, so it now starts on the fourteenth of September.',
    },
    { who: 'man', text: 'The fourteenth. Good. Can I put my name down now?' },
    { who: 'woman', text: 'Yes, I can take your details. What is your name, please?' },
    { who: 'man', text: 'Daniel Prescott. That is P, R, E, S, C, O, T, T.' },
    { who: 'woman', text: 'Thank you, Daniel. And could I have your postcode?' },
    { who: 'man', text: 'It is D H 4, 8 R W.' },
    { who: 'woman', text: 'D H 4, 8 R W. Lovely.' },
    { who: 'man', text: 'How much does the course cost? The website said seventy pounds.' },
    {
      who: 'woman',
      text: 'That was last year’s price. It is eighty-five pounds for the term now, which is ten Saturday sessions.',
    },
    { who: 'man', text: 'And do I need to buy my own clay?' },
    {
      who: 'woman',
      text: 'No, the price includes all the clay you need, and the use of the kiln, so your pieces are fired here. The only extra is glaze, if you want special colours.',
    },
    { who: 'man', text: 'Is there anything I should bring with me?' },
    {
      who: 'woman',
      text: 'We lend aprons, but it gets quite messy, so most people bring an old shirt to wear over their clothes. And a towel is useful too.',
    },
    { who: 'man', text: 'Right. What about parking? I will probably drive.' },
    {
      who: 'woman',
      text: 'The car park at the front is for staff only, but there is free parking behind the library, which is just next door. It is a two-minute walk.',
    },
    { who: 'man', text: 'That is very helpful.' },
    {
      who: 'woman',
      text: 'One last question: we ask everyone how they heard about our courses. Was it our website?',
    },
    {
      who: 'man',
      text: 'Actually, no. I found the website later. I first read about you in the local newspaper, there was an article about the centre.',
    },
    {
      who: 'woman',
      text: 'Oh good, I will note that down. You are all booked, Daniel. We will see you on the fourteenth.',
    },
  ],
  questions: [
    gap(
      'Course: beginners’ __________',
      ['pottery'],
      'Người gọi hỏi về “the beginners’ pottery course”. Đáp án: pottery.',
      'The caller asks about “the beginners’ pottery course”. Answer: pottery.',
      'Questions 1–10. Complete the form below. Write ONE WORD AND/OR A NUMBER for each answer.',
    ),
    gap(
      'Day: __________ mornings',
      ['saturday', 'saturdays'],
      'Nhóm Chủ nhật đã đủ người (“already full”), còn chỗ ở nhóm “Saturday morning”. Đáp án: Saturday. Bẫy: Sunday.',
      'The Sunday group “is already full”; there are places in “the Saturday morning group”. Answer: Saturday. Trap: Sunday.',
    ),
    gap(
      'First class: __________ September',
      ['14', '14th', 'fourteenth', 'the 14th', '14 september', '14th september'],
      'Lớp đầu dự định ngày 7 nhưng giáo viên vắng nên “now starts on the fourteenth of September”. Đáp án: 14. Bẫy: 7.',
      'The first class was planned for the 7th, but “it now starts on the fourteenth of September”. Answer: 14. Trap: 7.',
    ),
    gap(
      'Name: Daniel __________',
      ['prescott'],
      'Tên được đánh vần: P-R-E-S-C-O-T-T. Đáp án: Prescott. Chú ý chính tả: hai chữ T.',
      'The surname is spelled out: P-R-E-S-C-O-T-T. Answer: Prescott – note the double T.',
    ),
    gap(
      'Postcode: __________',
      ['dh4 8rw', 'dh48rw', 'dh4-8rw'],
      'Người gọi đọc “D H 4, 8 R W” và lễ tân nhắc lại. Đáp án: DH4 8RW.',
      'The caller says “D H 4, 8 R W” and the receptionist repeats it. Answer: DH4 8RW.',
    ),
    gap(
      'Cost per term: £__________',
      ['85', 'eighty-five', 'eighty five'],
      '£70 là giá năm ngoái (“That was last year’s price”); giá hiện tại “eighty-five pounds for the term”. Đáp án: 85. Bẫy: 70.',
      '£70 was “last year’s price”; it is now “eighty-five pounds for the term”. Answer: 85. Trap: 70.',
    ),
    gap(
      'The price includes clay and the use of the __________',
      ['kiln'],
      '“the price includes all the clay you need, and the use of the kiln” (lò nung). Đáp án: kiln. Bẫy: glaze (men) phải trả thêm.',
      '“the price includes all the clay you need, and the use of the kiln”. Answer: kiln. Trap: glaze costs extra.',
    ),
    gap(
      'Bring: an old __________ to wear over clothes',
      ['shirt'],
      'Trung tâm cho mượn tạp dề, nhưng “most people bring an old shirt to wear over their clothes”. Đáp án: shirt. Bẫy: apron (được cho mượn), towel (chỉ “useful”).',
      'Aprons are lent, but “most people bring an old shirt to wear over their clothes”. Answer: shirt. Trap: apron (lent) and towel (only “useful”).',
    ),
    gap(
      'Parking: free, behind the __________',
      ['library'],
      'Bãi xe phía trước dành cho nhân viên; “free parking behind the library”. Đáp án: library.',
      'The front car park is for staff only; there is “free parking behind the library”. Answer: library.',
    ),
    gap(
      'Heard about the centre from: the local __________',
      ['newspaper', 'paper'],
      'Anh ấy tìm thấy website sau; lần đầu “read about you in the local newspaper”. Đáp án: newspaper. Bẫy: website.',
      'He found the website later; he first “read about you in the local newspaper”. Answer: newspaper. Trap: website.',
    ),
  ],
};

// ---------------------------------------------------------------- Part 2: a nature reserve's volunteers

const AREAS: KeyedText[] = [
  { key: 'A', content: 'the visitor centre' },
  { key: 'B', content: 'the lakeside path' },
  { key: 'C', content: 'the old orchard' },
  { key: 'D', content: 'the wildflower meadow' },
  { key: 'E', content: 'the bird hide' },
  { key: 'F', content: 'the car park' },
];

const area = (
  number: number,
  task: string,
  answer: string,
  vi: string,
  en: string,
  intro?: string,
): SeedQuestion => ({
  kind: 'matching',
  ...(intro ? { intro } : {}),
  stem: task,
  item: { key: String(number), content: task },
  options: AREAS,
  answer,
  vi,
  en,
});

const part2: ListeningPart = {
  title: 'Listening Part 2 – Volunteering at Hollin Wood',
  clip: 'ielts-listening-p2.mp3',
  intro:
    'Part 2. You will hear the coordinator of a nature reserve talking to new volunteers. First, you have some time to look at questions 11 to 20.',
  lines: [
    {
      who: 'man2',
      text: 'Good morning, everyone, and welcome to Hollin Wood. My name is Peter and I coordinate the volunteers here. Before we start, let me tell you a little about the reserve and about what you will be doing.',
    },
    {
      who: 'man2',
      text: 'Hollin Wood became a nature reserve in nineteen ninety-eight. Many people think it was given to the town by a wealthy family, but in fact it was bought by local residents, who raised the money themselves over three years. Today it is managed by a small charity, and we have only four paid staff, so volunteers like you do most of the practical work.',
    },
    {
      who: 'man2',
      text: 'We ask volunteers to give at least one morning a month. Some of you asked whether you need to come every week. You are very welcome to, but it is not required, and you can choose your own dates on the online calendar.',
    },
    {
      who: 'man2',
      text: 'Now, safety. Most of our work is outdoors, and the ground can be uneven. We provide gloves and tools, but please wear strong boots; trainers are not suitable. The thing that causes most accidents here, though, is not tools at all. It is people working alone and not telling anyone where they are. So always work in pairs and sign the board in the office before you go out.',
    },
    {
      who: 'man2',
      text: 'Lunch. There is no café on the reserve, and the nearest shop is twenty minutes away, so bring your own food. We do have a kettle, so hot drinks are free.',
    },
    {
      who: 'man2',
      text: 'If you have to cancel a session, please send a text message to the office mobile rather than an email, because we are often outside and do not see emails until the evening.',
    },
    {
      who: 'man2',
      text: 'Right, let me explain where the different jobs happen. Looking at the map, the visitor centre is by the main entrance, and the car park is just beside it. Every Tuesday, one team counts butterflies. They do that in the wildflower meadow, because that is where most of the butterflies feed in summer.',
    },
    {
      who: 'man2',
      text: 'Another team repairs fences. Cattle graze in the old orchard in winter, and the fences around it are quite old, so that is where the repairs are needed this year.',
    },
    {
      who: 'man2',
      text: 'We also welcome school groups. The guides meet the children at the visitor centre, but the activity itself takes place at the bird hide, where the children watch the water birds through telescopes.',
    },
    {
      who: 'man2',
      text: 'Clearing litter is, sadly, a job that never ends. The worst place used to be the car park, but since we put in new bins there it is much better. The real problem now is the lakeside path, where people stop for picnics.',
    },
    {
      who: 'man2',
      text: 'And finally, tree planting. This winter we are planting two hundred young trees, and they will go in at the old orchard, to replace the apple trees that were lost in last year’s storm.',
    },
    { who: 'man2', text: 'Good. Let us go and get some tools.' },
  ],
  questions: [
    {
      kind: 'single_choice',
      intro: 'Questions 11–15. Choose the correct letter, A, B or C.',
      stem: 'Hollin Wood became a nature reserve after',
      options: [
        'a wealthy family gave it to the town.',
        'local people raised money to buy it.',
        'a charity bought it from the council.',
      ],
      answer: 'B',
      vi: '“Many people think it was given to the town by a wealthy family, but in fact it was bought by local residents, who raised the money themselves” → B. Bẫy: A là điều nhiều người nghĩ; C: tổ chức từ thiện chỉ quản lý.',
      en: '“Many people think it was given to the town by a wealthy family, but in fact it was bought by local residents, who raised the money themselves” → B. Trap: A is what many people think; C: the charity only manages it.',
    },
    {
      kind: 'single_choice',
      stem: 'How often are volunteers asked to work?',
      options: ['every week', 'at least once a month', 'on dates chosen by the coordinator'],
      answer: 'B',
      vi: '“We ask volunteers to give at least one morning a month”; đến hằng tuần “is not required”, và tình nguyện viên tự chọn ngày → B.',
      en: '“We ask volunteers to give at least one morning a month”; coming every week “is not required”, and volunteers choose their own dates → B.',
    },
    {
      kind: 'single_choice',
      stem: 'According to Peter, what causes most accidents at the reserve?',
      options: ['using tools carelessly', 'wearing unsuitable shoes', 'working without telling anyone'],
      answer: 'C',
      vi: '“The thing that causes most accidents here, though, is not tools at all. It is people working alone and not telling anyone where they are” → C. Bẫy: giày và dụng cụ đều được nhắc tới trước đó.',
      en: '“The thing that causes most accidents here, though, is not tools at all. It is people working alone and not telling anyone where they are” → C. Trap: boots and tools are both mentioned first.',
    },
    {
      kind: 'single_choice',
      stem: 'What does Peter say about lunch?',
      options: [
        'Volunteers should bring their own food.',
        'There is a café near the entrance.',
        'Hot drinks can be bought in the office.',
      ],
      answer: 'A',
      vi: '“There is no café on the reserve… so bring your own food” → A. Bẫy: đồ uống nóng miễn phí (“free”), không phải mua.',
      en: '“There is no café on the reserve… so bring your own food” → A. Trap: hot drinks are free, not for sale.',
    },
    {
      kind: 'single_choice',
      stem: 'Volunteers who cannot come to a session should',
      options: ['send an email.', 'send a text message.', 'phone the visitor centre.'],
      answer: 'B',
      vi: '“please send a text message to the office mobile rather than an email” → B.',
      en: '“please send a text message to the office mobile rather than an email” → B.',
    },
    area(
      16,
      'counting butterflies',
      'D',
      '“They do that in the wildflower meadow, because that is where most of the butterflies feed” → D.',
      '“They do that in the wildflower meadow, because that is where most of the butterflies feed” → D.',
      'Questions 16–20. Where does each activity take place? Choose FIVE answers from the list, A–F.',
    ),
    area(
      17,
      'repairing fences',
      'C',
      'Bò gặm cỏ ở vườn cây ăn quả cũ và hàng rào quanh đó đã cũ: “that is where the repairs are needed” → C.',
      'Cattle graze in the old orchard and its fences are old: “that is where the repairs are needed” → C.',
    ),
    area(
      18,
      'guiding school groups',
      'E',
      'Hướng dẫn viên gặp học sinh ở trung tâm du khách, “but the activity itself takes place at the bird hide” → E. Bẫy: A.',
      'The guides meet the children at the visitor centre, “but the activity itself takes place at the bird hide” → E. Trap: A.',
    ),
    area(
      19,
      'clearing litter',
      'B',
      'Bãi đỗ xe từng tệ nhất nhưng nay đã khá hơn; “The real problem now is the lakeside path” → B. Bẫy: F.',
      'The car park used to be the worst but is better now; “The real problem now is the lakeside path” → B. Trap: F.',
    ),
    area(
      20,
      'planting trees',
      'C',
      '“they will go in at the old orchard, to replace the apple trees that were lost” → C. (Một phương án có thể dùng nhiều lần.)',
      '“they will go in at the old orchard, to replace the apple trees that were lost” → C. (An option may be used more than once.)',
    ),
  ],
};

// ---------------------------------------------------------------- Part 3: a research project

const OPINIONS: KeyedText[] = [
  { key: 'A', content: 'It is too slow to be practical.' },
  { key: 'B', content: 'It gives the most accurate figures.' },
  { key: 'C', content: 'People may not answer honestly.' },
  { key: 'D', content: 'It needs permission from the university.' },
  { key: 'E', content: 'It explains the reasons behind the waste.' },
  { key: 'F', content: 'It is already out of date.' },
];

const opinion = (
  number: number,
  method: string,
  answer: string,
  vi: string,
  en: string,
  intro?: string,
): SeedQuestion => ({
  kind: 'matching',
  ...(intro ? { intro } : {}),
  stem: method,
  item: { key: String(number), content: method },
  options: OPINIONS,
  answer,
  vi,
  en,
});

const part3: ListeningPart = {
  title: 'Listening Part 3 – A study of food waste on campus',
  clip: 'ielts-listening-p3.mp3',
  intro:
    'Part 3. You will hear two students, Lena and Tom, discussing their research project with their tutor. First, you have some time to look at questions 21 to 30.',
  lines: [
    {
      who: 'man2',
      text: 'Come in, both of you. So, you have chosen food waste in the university canteen for your project. Why that topic?',
    },
    {
      who: 'woman2',
      text: 'Well, at first we wanted to look at plastic packaging, but another group had already chosen it. Then Tom noticed how much food is left on the trays at lunchtime, and we realised nobody had measured it properly.',
    },
    {
      who: 'man2',
      text: 'Good. And what is your main question?',
    },
    {
      who: 'man',
      text: 'We started with a very broad question, about why students waste food. But we have narrowed it down. We want to find out whether the size of the portions makes a difference to how much is thrown away.',
    },
    {
      who: 'man2',
      text: 'That is much more manageable. Now, you sent me your plan. The part I am most concerned about is the timetable. You have given yourselves only one week to collect data.',
    },
    {
      who: 'woman2',
      text: 'Yes, we thought one week would be enough, because the canteen is busy every day.',
    },
    {
      who: 'man2',
      text: 'But the first week of term is not typical. Students eat differently when they have just arrived. I would collect data over at least three weeks, and avoid the first one.',
    },
    {
      who: 'man',
      text: 'That makes sense. We will change that.',
    },
    {
      who: 'man2',
      text: 'What did you find when you read the earlier studies?',
    },
    {
      who: 'man',
      text: 'Most of them were done in schools, not universities. What surprised me was that in almost every study, vegetables were wasted much more than meat or rice, even when the vegetables were popular on the menu.',
    },
    {
      who: 'man2',
      text: 'Interesting. And how will you present your results? A written report?',
    },
    {
      who: 'woman2',
      text: 'We have to write a report, of course, but we would also like to make a short poster for the canteen itself, so that students see the results where they eat.',
    },
    {
      who: 'man2',
      text: 'A good idea. Now, let us go through your methods. First, the canteen’s sales records.',
    },
    {
      who: 'man',
      text: 'The manager has offered them, but she told us the records are from before the canteen changed its menu last spring, so they no longer match what is served.',
    },
    {
      who: 'man2',
      text: 'Then you cannot rely on them. What about the questionnaire for students?',
    },
    {
      who: 'woman2',
      text: 'It is easy to send out, but I am worried about it. People might say they finish their meals because they do not want to look wasteful.',
    },
    {
      who: 'man2',
      text: 'Yes, that is a real risk with questions about behaviour. And weighing the plates?',
    },
    {
      who: 'man',
      text: 'Weighing what is left on each plate is hard work, but it is the only method that tells us exactly how much food is wasted. We think it should be the centre of the project.',
    },
    {
      who: 'man2',
      text: 'I agree. And interviews with the kitchen staff?',
    },
    {
      who: 'woman2',
      text: 'They only take about fifteen minutes each. The staff see which dishes come back, and they often know why, for example that a sauce is too spicy. So the interviews can tell us the reasons, not just the amounts.',
    },
    {
      who: 'man2',
      text: 'And finally, photographs of the trays.',
    },
    {
      who: 'man',
      text: 'We would love to use them, but because students’ faces might appear in the pictures, we would have to ask the university ethics committee first.',
    },
    {
      who: 'man2',
      text: 'Then apply this week; it can take a while. Good work, both of you.',
    },
  ],
  questions: [
    {
      kind: 'single_choice',
      intro: 'Questions 21–25. Choose the correct letter, A, B or C.',
      stem: 'Why did the students choose food waste as their topic?',
      options: [
        'Their tutor suggested it.',
        'Another group had taken their first choice.',
        'They had read a study about it.',
      ],
      answer: 'B',
      vi: '“at first we wanted to look at plastic packaging, but another group had already chosen it” → B.',
      en: '“at first we wanted to look at plastic packaging, but another group had already chosen it” → B.',
    },
    {
      kind: 'single_choice',
      stem: 'The students now want to find out whether',
      options: [
        'students know how much food they waste.',
        'portion size affects the amount of waste.',
        'prices affect what students choose.',
      ],
      answer: 'B',
      vi: '“whether the size of the portions makes a difference to how much is thrown away” → B. Bẫy: câu hỏi rộng ban đầu (“why students waste food”) đã bị thu hẹp.',
      en: '“whether the size of the portions makes a difference to how much is thrown away” → B. Trap: the first, broad question (“why students waste food”) was narrowed down.',
    },
    {
      kind: 'single_choice',
      stem: 'What does the tutor say about the students’ timetable?',
      options: [
        'They should collect data for longer.',
        'They should start in the first week of term.',
        'The canteen is too busy for a study.',
      ],
      answer: 'A',
      vi: 'Gia sư khuyên “collect data over at least three weeks, and avoid the first one” → A. Bẫy: B ngược với lời khuyên.',
      en: 'The tutor advises to “collect data over at least three weeks, and avoid the first one” → A. Trap: B is the opposite of his advice.',
    },
    {
      kind: 'single_choice',
      stem: 'What surprised Tom about earlier studies?',
      options: [
        'Most were carried out in universities.',
        'Meat was wasted more than rice.',
        'Vegetables were wasted most, even popular ones.',
      ],
      answer: 'C',
      vi: '“vegetables were wasted much more than meat or rice, even when the vegetables were popular” → C. Bẫy: A sai – phần lớn nghiên cứu làm ở trường phổ thông.',
      en: '“vegetables were wasted much more than meat or rice, even when the vegetables were popular” → C. Trap: A is wrong – most studies were done in schools.',
    },
    {
      kind: 'single_choice',
      stem: 'Besides the report, the students plan to present their results',
      options: ['in a talk to the class.', 'on a poster in the canteen.', 'on the university website.'],
      answer: 'B',
      vi: '“make a short poster for the canteen itself, so that students see the results where they eat” → B.',
      en: '“make a short poster for the canteen itself, so that students see the results where they eat” → B.',
    },
    opinion(
      26,
      'the canteen’s sales records',
      'F',
      'Các số liệu có từ trước khi căng-tin đổi thực đơn “so they no longer match what is served” → đã lỗi thời, F.',
      'The records date from before the menu changed, “so they no longer match what is served” → out of date, F.',
      'Questions 26–30. What do the students say about each method? Choose FIVE answers from the list, A–F.',
    ),
    opinion(
      27,
      'a questionnaire for students',
      'C',
      '“People might say they finish their meals because they do not want to look wasteful” → có thể không trả lời trung thực, C.',
      '“People might say they finish their meals because they do not want to look wasteful” → they may not answer honestly, C.',
    ),
    opinion(
      28,
      'weighing the food left on plates',
      'B',
      '“hard work, but it is the only method that tells us exactly how much food is wasted” → số liệu chính xác nhất, B. Bẫy: “hard work” không có nghĩa là quá chậm (A).',
      '“hard work, but it is the only method that tells us exactly how much food is wasted” → the most accurate figures, B. Trap: “hard work” does not mean too slow (A).',
    ),
    opinion(
      29,
      'interviews with kitchen staff',
      'E',
      '“the interviews can tell us the reasons, not just the amounts” → E. Bẫy: “only take about fifteen minutes” – không chậm.',
      '“the interviews can tell us the reasons, not just the amounts” → E. Trap: they “only take about fifteen minutes”, so they are not slow.',
    ),
    opinion(
      30,
      'photographs of the trays',
      'D',
      'Vì có thể chụp mặt sinh viên, “we would have to ask the university ethics committee first” → D.',
      'Because faces might appear, “we would have to ask the university ethics committee first” → D.',
    ),
  ],
};

// ---------------------------------------------------------------- Part 4: a lecture on bamboo

const part4: ListeningPart = {
  title: 'Listening Part 4 – Bamboo as a building material',
  clip: 'ielts-listening-p4.mp3',
  intro:
    'Part 4. You will hear a lecture about bamboo as a building material. First, you have some time to look at questions 31 to 40.',
  lines: [
    {
      who: 'woman',
      text: 'Good afternoon. In today’s lecture on sustainable materials, I am going to talk about bamboo, a plant that people have built with for thousands of years, and that engineers are now looking at again.',
    },
    {
      who: 'woman',
      text: 'Let me begin with the plant itself. Bamboo is not a tree at all; it is a kind of grass. Some species can grow almost a metre in a single day, and a stem is ready to be used for building after only three to five years. Compare that with the thirty years or more that most timber trees need.',
    },
    {
      who: 'woman',
      text: 'What makes bamboo so useful is its strength. The fibres that run along the stem mean that, for its weight, bamboo resists being pulled apart better than steel does. It is also flexible, and this is why, in regions with frequent earthquakes, bamboo houses have often survived when brick buildings nearby have collapsed.',
    },
    {
      who: 'woman',
      text: 'However, bamboo has weaknesses too. The biggest one is not fire, as people often assume, but insects. The stems contain a lot of starch, which attracts beetles, and untreated bamboo may last only two or three years outdoors. Traditionally, builders in Southeast Asia dealt with this by soaking the cut stems in water for several weeks, which washes out the starch. Today, most bamboo is treated with a solution of boron salts, which is far less harmful than the chemicals used on timber.',
    },
    {
      who: 'woman',
      text: 'A second problem is that every stem is different. Its diameter changes along its length, and the walls are hollow. Engineers like materials that are predictable, and this has been the main reason why building codes have rarely included bamboo.',
    },
    {
      who: 'woman',
      text: 'One answer is engineered bamboo. The stems are cut into thin strips, which are then pressed together with glue to make boards and beams of a standard size. These products look rather like wood, and they can be used for floors, walls and even the frames of buildings several storeys high.',
    },
    {
      who: 'woman',
      text: 'Joining pieces of bamboo has always been a challenge, because nails split the stems. Traditional builders tied the stems together with rope made from plant fibres. Modern designs often use steel bolts, with the hollow ends filled with cement to stop them from being crushed.',
    },
    {
      who: 'woman',
      text: 'Finally, the environment. A bamboo forest takes in carbon quickly while it grows, and because the plant grows again from its roots after it is cut, the soil is protected from erosion. But I would add a warning. If bamboo is shipped across the world, much of this advantage is lost, so it makes most sense to use bamboo close to where it grows.',
    },
    {
      who: 'woman',
      text: 'Next week we will look at another old material with a new future: earth. That is the end of the lecture.',
    },
  ],
  questions: [
    gap(
      'Bamboo is a type of __________, not a tree.',
      ['grass'],
      '“Bamboo is not a tree at all; it is a kind of grass.” Đáp án: grass.',
      '“Bamboo is not a tree at all; it is a kind of grass.” Answer: grass.',
      'Questions 31–40. Complete the notes below. Write ONE WORD ONLY for each answer.',
    ),
    gap(
      'Some species grow almost a __________ in one day.',
      ['metre', 'meter'],
      '“Some species can grow almost a metre in a single day.” Đáp án: metre.',
      '“Some species can grow almost a metre in a single day.” Answer: metre.',
    ),
    gap(
      'For its weight, bamboo resists pulling better than __________.',
      ['steel'],
      '“for its weight, bamboo resists being pulled apart better than steel does.” Đáp án: steel.',
      '“for its weight, bamboo resists being pulled apart better than steel does.” Answer: steel.',
    ),
    gap(
      'Bamboo houses often survive __________ because the material is flexible.',
      ['earthquakes', 'earthquake'],
      '“in regions with frequent earthquakes, bamboo houses have often survived”. Đáp án: earthquakes.',
      '“in regions with frequent earthquakes, bamboo houses have often survived”. Answer: earthquakes.',
    ),
    gap(
      'The main threat to bamboo is __________, attracted by starch.',
      ['insects', 'beetles'],
      '“The biggest one is not fire, as people often assume, but insects.” Đáp án: insects (hoặc beetles). Bẫy: fire.',
      '“The biggest one is not fire, as people often assume, but insects.” Answer: insects (or beetles). Trap: fire.',
    ),
    gap(
      'Traditional treatment: soaking the stems in __________ for weeks.',
      ['water'],
      '“soaking the cut stems in water for several weeks, which washes out the starch”. Đáp án: water.',
      '“soaking the cut stems in water for several weeks, which washes out the starch”. Answer: water.',
    ),
    gap(
      'Building __________ have rarely included bamboo because each stem is different.',
      ['codes'],
      '“this has been the main reason why building codes have rarely included bamboo”. Đáp án: codes.',
      '“this has been the main reason why building codes have rarely included bamboo”. Answer: codes.',
    ),
    gap(
      'Engineered bamboo: thin strips pressed together with __________.',
      ['glue'],
      '“cut into thin strips, which are then pressed together with glue”. Đáp án: glue.',
      '“cut into thin strips, which are then pressed together with glue”. Answer: glue.',
    ),
    gap(
      'Traditional joints were tied with __________ made from plant fibres.',
      ['rope'],
      '“tied the stems together with rope made from plant fibres”. Đáp án: rope. Bẫy: nails làm nứt thân tre.',
      '“tied the stems together with rope made from plant fibres”. Answer: rope. Trap: nails split the stems.',
    ),
    gap(
      'Bamboo grows again from its roots, which protects the __________.',
      ['soil'],
      '“the plant grows again from its roots after it is cut, the soil is protected from erosion”. Đáp án: soil.',
      '“the plant grows again from its roots after it is cut, the soil is protected from erosion”. Answer: soil.',
    ),
  ],
};

/** IELTS Listening – Đề luyện 1: four parts of ten questions. */
export const ieltsListeningTest1 = {
  title: 'IELTS Listening – Đề luyện 1',
  slug: 'ielts-listening-de-luyen-1',
  description:
    '<p>Đề luyện IELTS Listening do Prepwise biên soạn: 4 phần ghi âm (đăng ký khóa học, tình nguyện viên khu bảo tồn, thảo luận dự án nghiên cứu, bài giảng về tre), 40 câu, khoảng 30 phút. Mỗi câu có giải thích tiếng Việt và tiếng Anh.</p>',
  durationMinutes: 32,
  parts: [part1, part2, part3, part4],
};
