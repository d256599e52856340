import { passageHtml } from '../html';
import type { ReadingPassage } from '../types';

const TITLE = 'Stairways of rice';

const PARAGRAPHS = [
  'Every September, thousands of visitors travel to Mu Cang Chai in the mountains of north-western Vietnam to photograph its rice terraces, which turn from green to gold as the harvest approaches. Seen from a distance, the terraces look like contour lines drawn on a map, wrapping around hillsides at heights of more than a thousand metres. They are the work of generations of Hmong farmers, and they belong to a tradition that stretches across Asia, from the Hani terraces of Yunnan in southern China to the mountain provinces of the northern Philippines and the island of Bali. Wherever they are found, terraces represent a remarkable answer to a basic problem: how to grow a crop that needs standing water on land that slopes steeply.',
  'How old are these landscapes? For most of the twentieth century, the terraces of the northern Philippines were said to be around two thousand years old. The figure came largely from estimates made by early foreign visitors, who assumed that such vast structures must have taken many centuries to build. In recent decades, however, archaeologists have dated charcoal and seeds buried in the terrace soils, and their results suggest that many of the terraces in one well-studied valley were built within the last four hundred years. Some researchers now believe that communities moved into the mountains and expanded their fields rapidly at a time of upheaval in the lowlands. The debate is not fully settled, but it has changed the way the terraces are understood: not as an unchanging relic of the distant past, but as a response by real people to particular historical pressures.',
  'Building a terrace is a feat of engineering carried out without machines. Farmers cut into the hillside and use the excavated soil to build up a flat platform, which is held in place by a retaining wall of stone or tightly packed earth. The surface must be almost perfectly level, because even a small slope would leave part of the field dry and part of it too deep. Water enters the highest terraces from streams or channels, sometimes carried through split bamboo pipes, and then flows down through gaps in each wall to the field below. In this way, a hillside of terraces works like a series of small reservoirs, slowing the flow of rainwater and reducing the erosion that would otherwise wash soil into the valleys. The walls, though, are never finished. After every rainy season they must be inspected and repaired, and a single neglected breach can cause the collapse of several fields beneath it.',
  "Because water passes from one family's field to the next, terrace farming cannot be practised alone. Communities have developed detailed systems for sharing water and organising labour. In Bali, farmers belong to associations called subak, which coordinate the timing of planting across whole valleys so that pests have no continuous supply of food. Among the Hani, villages are traditionally built in the middle of the slope, with forest above and terraces below. The forest at the top is considered sacred, and cutting trees there is forbidden, a rule with a clear practical basis: the forest acts as a sponge, storing rainwater and releasing it slowly to the fields throughout the dry months.",
  "Terraces are also rich ecosystems. In many areas, farmers raise fish in the flooded fields, where they eat insects and weeds and add nutrients to the water; ducks are released after planting to perform a similar role. Traditional communities often grow a dozen or more local rice varieties, each suited to a particular altitude or soil, and some of these have been found to resist diseases that damage modern high-yield strains. Scientists concerned about the narrow genetic base of the world's food supply see these varieties as a valuable resource.",
  'Despite their beauty, many terraced landscapes are in difficulty. Young people increasingly leave mountain villages for factory and service jobs in the cities, and the hard physical work of maintaining walls falls on those who remain, many of them elderly. When a terrace is abandoned, its walls may fail within a few years, and the damage spreads to neighbouring fields. In the Philippines, farmers have also reported problems with a large species of earthworm whose tunnels cause walls to leak. Tourism brings income, but it brings pressure too: new roads, guesthouses and car parks have been built on former fields, and some visitors walk carelessly along the narrow walls.',
  'Communities and governments are experimenting with ways to make the terraces worth keeping. Some villages now collect a small fee from visitors and use it to pay for repairs. Rice grown on heritage terraces is being sold in city supermarkets under special labels, often for two or three times the price of ordinary rice. Researchers have begun using drones to map terrace walls and spot damage before it spreads. None of these measures alone can guarantee the survival of the terraces. As one farmer put it, the fields will last only as long as someone is willing to climb up to them every morning.',
];

export const passage2: ReadingPassage = {
  title: `Passage 2 – ${TITLE}`,
  html: passageHtml(TITLE, PARAGRAPHS),
  questions: [
    {
      kind: 'single_choice',
      intro: 'Questions 14–17. Choose the correct letter, A, B, C or D.',
      stem: 'According to paragraph B, the belief that the Philippine terraces were two thousand years old was based mainly on',
      options: [
        'the radiocarbon dating of seeds.',
        'the assumptions of early foreign visitors.',
        'written records kept by local communities.',
        'the amount of charcoal found in the soil.',
      ],
      answer: 'B',
      vi: '“The figure came largely from estimates made by early foreign visitors, who assumed that such vast structures must have taken many centuries to build.” → B. Bẫy: A và D (định tuổi hạt và than) là bằng chứng MỚI cho thấy ruộng trẻ hơn nhiều, không phải cơ sở của con số 2.000 năm.',
      en: '“The figure came largely from estimates made by early foreign visitors, who assumed that such vast structures must have taken many centuries to build.” → B. Trap: A and D (dating seeds and charcoal) are the newer evidence that the terraces are much younger, not the basis of the 2,000-year figure.',
    },
    {
      kind: 'single_choice',
      stem: 'Why must the surface of a terrace be almost perfectly level?',
      options: [
        'to stop the retaining wall from collapsing',
        'so that the water covers the whole field at a suitable depth',
        'so that fish can move freely between fields',
        'to make harvesting by machine possible',
      ],
      answer: 'B',
      vi: '“The surface must be almost perfectly level, because even a small slope would leave part of the field dry and part of it too deep.” Mặt ruộng phẳng để nước phủ đều với độ sâu phù hợp → B. Bẫy: D sai vì đoạn C nói ruộng được làm “without machines”.',
      en: '“The surface must be almost perfectly level, because even a small slope would leave part of the field dry and part of it too deep.” A level surface keeps the water at an even, suitable depth → B. Trap: D is wrong; the terraces are built “without machines”.',
    },
    {
      kind: 'single_choice',
      stem: 'What does the writer suggest about the Hani rule against cutting trees?',
      options: [
        'It was introduced by the national government.',
        'It is a religious custom with no practical purpose.',
        'It helps to keep water available in the dry season.',
        'It is no longer followed by young people.',
      ],
      answer: 'C',
      vi: '“a rule with a clear practical basis: the forest acts as a sponge, storing rainwater and releasing it slowly to the fields throughout the dry months.” → C. Bẫy: B – rừng được coi là linh thiêng (“sacred”), nhưng tác giả nói rõ quy định có mục đích thực tế.',
      en: '“a rule with a clear practical basis: the forest acts as a sponge, storing rainwater and releasing it slowly to the fields throughout the dry months.” → C. Trap: B – the forest is “sacred”, but the writer stresses that the rule has a practical purpose.',
    },
    {
      kind: 'single_choice',
      stem: 'What is the main purpose of paragraph G?',
      options: [
        'to describe efforts to give the terraces economic and practical value',
        'to argue that tourism in terraced areas should be stopped',
        'to compare the price of heritage rice with ordinary rice',
        'to explain how drones are used in modern farming',
      ],
      answer: 'A',
      vi: 'Câu chủ đề: “Communities and governments are experimenting with ways to make the terraces worth keeping”, sau đó là các ví dụ: thu phí khách, bán gạo di sản giá cao, dùng drone. → A. Bẫy: C và D chỉ là từng chi tiết trong đoạn, không phải mục đích chính.',
      en: 'The topic sentence is “Communities and governments are experimenting with ways to make the terraces worth keeping”, followed by examples: visitor fees, premium heritage rice, drones. → A. Trap: C and D are single details, not the purpose of the paragraph.',
    },
    {
      kind: 'true_false_not_given',
      intro:
        'Questions 18–22. Do the following statements agree with the information given in Reading Passage 2? Write TRUE, FALSE or NOT GIVEN.',
      stem: 'The terraces at Mu Cang Chai are found at altitudes above 1,000 metres.',
      answer: 'true',
      vi: 'Đoạn A: “wrapping around hillsides at heights of more than a thousand metres”. “more than a thousand metres” = “above 1,000 metres” → TRUE.',
      en: 'Paragraph A: “wrapping around hillsides at heights of more than a thousand metres”, which paraphrases “above 1,000 metres” → TRUE.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'Archaeologists now fully agree about when the Philippine terraces were built.',
      answer: 'false',
      vi: 'Đoạn B: “The debate is not fully settled”. Các nhà khảo cổ chưa thống nhất hoàn toàn → FALSE.',
      en: 'Paragraph B: “The debate is not fully settled”, so they do not fully agree → FALSE.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'Water always reaches the highest terraces through bamboo pipes.',
      answer: 'false',
      vi: '“Water enters the highest terraces from streams or channels, sometimes carried through split bamboo pipes”. “sometimes” mâu thuẫn với “always” → FALSE. Bẫy: chú ý các từ chỉ tần suất.',
      en: '“Water enters the highest terraces from streams or channels, sometimes carried through split bamboo pipes”. “sometimes” contradicts “always” → FALSE. Trap: watch frequency words.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'Subak associations plan planting times so that pests cannot feed all year round.',
      answer: 'true',
      vi: 'Đoạn D: subak “coordinate the timing of planting across whole valleys so that pests have no continuous supply of food”. “no continuous supply of food” ≈ sâu bệnh không thể ăn quanh năm → TRUE.',
      en: 'Paragraph D: subak “coordinate the timing of planting across whole valleys so that pests have no continuous supply of food”, i.e. pests cannot feed all year round → TRUE.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'Local rice varieties give higher yields than modern strains.',
      answer: 'not_given',
      vi: 'Đoạn E chỉ nói một số giống lúa địa phương “resist diseases that damage modern high-yield strains” – kháng bệnh tốt hơn, không hề so sánh năng suất → NOT GIVEN. Bẫy: cụm “high-yield” xuất hiện trong bài nhưng nói về giống hiện đại.',
      en: 'Paragraph E only says some local varieties “resist diseases that damage modern high-yield strains”; yields are never compared → NOT GIVEN. Trap: the word “high-yield” appears, but it describes the modern strains.',
    },
    {
      kind: 'short_answer',
      intro:
        'Questions 23–26. Answer the questions below. Choose NO MORE THAN THREE WORDS from the passage for each answer.',
      stem: 'Which birds are released into the fields after planting?',
      accepted: ['ducks', 'duck'],
      vi: 'Đoạn E: “ducks are released after planting to perform a similar role”. Đáp án: ducks. Bẫy: cá (fish) được nuôi trong ruộng nhưng không phải loài chim.',
      en: 'Paragraph E: “ducks are released after planting to perform a similar role”. Answer: ducks. Trap: fish live in the fields too, but they are not birds.',
    },
    {
      kind: 'short_answer',
      stem: 'What kind of animal causes terrace walls to leak in the Philippines?',
      accepted: [
        'earthworm',
        'earthworms',
        'large earthworm',
        'a large earthworm',
        'large earthworms',
        'an earthworm',
      ],
      vi: 'Đoạn F: “a large species of earthworm whose tunnels cause walls to leak”. Đáp án: (large) earthworm(s) – giun đất.',
      en: 'Paragraph F: “a large species of earthworm whose tunnels cause walls to leak”. Answer: (large) earthworm(s).',
    },
    {
      kind: 'short_answer',
      stem: 'What do some villages collect from visitors to pay for repairs?',
      accepted: ['a small fee', 'small fee', 'fee', 'a fee', 'fees', 'small fees'],
      vi: 'Đoạn G: “Some villages now collect a small fee from visitors and use it to pay for repairs.” Đáp án: (a small) fee.',
      en: 'Paragraph G: “Some villages now collect a small fee from visitors and use it to pay for repairs.” Answer: (a small) fee.',
    },
    {
      kind: 'short_answer',
      stem: 'What do researchers use to map terrace walls and find damage early?',
      accepted: ['drones', 'drone'],
      vi: 'Đoạn G: “Researchers have begun using drones to map terrace walls and spot damage before it spreads.” “spot damage before it spreads” = “find damage early”. Đáp án: drones.',
      en: 'Paragraph G: “Researchers have begun using drones to map terrace walls and spot damage before it spreads.” Answer: drones.',
    },
  ],
};
