import { passageHtml } from '../html';
import type { KeyedText, ReadingPassage } from '../types';

const TITLE = 'Cooling the concrete city';

const PARAGRAPHS = [
  "On a still evening in April, a thermometer on a street corner in central Ho Chi Minh City can read four or five degrees Celsius higher than one standing among the rice fields of Cu Chi, barely thirty kilometres away. The difference is not an accident of measurement. Cities create their own climate, and the dome of warm air that sits over them is known as an urban heat island. The idea is not new: in the 1810s Luke Howard, a London chemist who studied the weather in his spare time, kept careful records showing that the centre of his city was regularly warmer than the countryside around it. Two centuries later, with more than half of the world's population living in urban areas, his observation has become one of the central problems of city planning.",
  "The causes are largely physical. Dark asphalt and concrete absorb far more of the sun's energy than fields or forests do, and they store it. During the day this heat builds up in roads, walls and roofs; after sunset it is slowly released into the air. This is why the gap between city and countryside is usually smallest around midday and greatest a few hours after dark, when the fields have cooled but the streets are still giving back the heat of the afternoon. Tall buildings make matters worse by forming narrow 'canyons' that trap radiation bouncing between walls and block the breezes that would otherwise carry warm air away. Finally, the city produces heat of its own: every engine, factory and air-conditioning unit releases warmth directly into the street.",
  'The consequences fall unevenly. Doctors have long known that heat stress is most dangerous for the elderly and for young children, but in tropical cities the people most exposed are often those who work outdoors: construction workers, street vendors and the motorbike drivers who deliver food across the city during the hottest hours. Poorer neighbourhoods, which tend to have fewer trees and more densely packed housing, are frequently several degrees warmer than wealthier districts nearby. Heat also has an economic cost. As temperatures rise, households and offices switch on air conditioners, which increases demand for electricity at exactly the moment power grids are under most strain. Because those same machines pump hot air outdoors, they also warm the street a little more, encouraging yet more people to switch theirs on.',
  'Measuring the problem is less simple than it sounds. Many of the best-known maps of urban heat are produced from satellite images, which are detailed and cover an entire city at once. However, satellites record the temperature of surfaces – roofs, roads and treetops – rather than the air at the height where people walk and breathe, and the two can differ considerably. For this reason, researchers increasingly combine satellite data with networks of small, inexpensive sensors attached to lampposts and school buildings. One network of around sixty such sensors, installed by university students in a Southeast Asian city, produced a surprising result: the warmest location at night was not the crowded old centre but a new industrial zone on the edge of the city, where rows of warehouses with bare metal roofs had replaced paddy fields only a few years earlier.',
  'Among the solutions available, the cheapest is often the simplest: changing the colour of roofs. A roof painted with a white or reflective coating has a higher albedo – it reflects more sunlight back into the sky – and on a sunny day its surface may be as much as 30°C cooler than a dark roof. For the people living beneath it, this can mean indoor temperatures one or two degrees lower without any electricity being used. The weakness of so-called cool roofs is that they do not stay cool by themselves. Within a few years, a layer of dust and algae can halve their reflectivity, so they need to be washed or repainted regularly if the benefit is to last.',
  'Vegetation offers a different kind of relief. Trees shade streets and walls, preventing them from heating up in the first place, and they cool the air through evapotranspiration, the process by which plants release water vapour through their leaves. Studies of urban parks suggest that a large green space can lower the temperature of surrounding streets for a distance of up to 300 metres, although smaller parks have a much more limited effect. Yet trees are not a free solution. They need space both above and below ground, they require water during dry seasons, and species chosen for their rapid growth may have weak branches that fall during tropical storms, damaging cars and power lines.',
  "For this reason, many planners now argue that the most lasting improvements come from the shape of the city itself. Streets can be aligned with the prevailing winds so that they act as ventilation corridors, and building heights can be varied to allow air to move between them. Here, traditional architecture has lessons to teach. The narrow tube houses of Hanoi's old quarter, for example, were often built around a small internal courtyard that allowed hot air to rise and escape while drawing cooler air in from the street. No single measure can remove the urban heat island, but cities that combine reflective surfaces, well-chosen trees and thoughtful design can make it considerably less severe.",
];

const HEADINGS: KeyedText[] = [
  { key: 'i', content: 'Where the extra heat comes from' },
  { key: 'ii', content: 'How air conditioning was invented' },
  { key: 'iii', content: 'Unequal exposure and rising costs' },
  { key: 'iv', content: 'Ground-level data that challenged expectations' },
  { key: 'v', content: 'An inexpensive measure that needs maintenance' },
  { key: 'vi', content: 'The benefits and drawbacks of a natural approach' },
  { key: 'vii', content: 'Why satellites give the most reliable picture' },
  { key: 'viii', content: 'A nineteenth-century discovery' },
];

const heading = (paragraph: string) => ({
  kind: 'matching' as const,
  stem: `Paragraph ${paragraph}`,
  item: { key: paragraph, content: `Paragraph ${paragraph}` },
  options: HEADINGS,
});

export const passage1: ReadingPassage = {
  title: `Passage 1 – ${TITLE}`,
  html: passageHtml(TITLE, PARAGRAPHS),
  questions: [
    {
      ...heading('B'),
      intro:
        'Questions 1–5. Reading Passage 1 has seven paragraphs, A–G. Choose the correct heading for paragraphs B–F from the list of headings (i–viii).',
      answer: 'i',
      vi: 'Đoạn B liệt kê các nguyên nhân vật lý: “Dark asphalt and concrete absorb far more of the sun’s energy…”, các “canyons” giữ bức xạ và “the city produces heat of its own”. Cả đoạn trả lời câu hỏi nhiệt dư thừa đến từ đâu nên chọn i. Bẫy: chi tiết về máy lạnh ở cuối đoạn dễ khiến bạn chọn ii, nhưng đoạn văn không nói máy lạnh được phát minh ra sao.',
      en: "Paragraph B lists the physical causes: “Dark asphalt and concrete absorb far more of the sun's energy…”, street 'canyons' that trap radiation, and “the city produces heat of its own”. The whole paragraph explains where the extra heat comes from, so the answer is i. Trap: the mention of air-conditioning units may suggest ii, but nothing is said about how air conditioning was invented.",
    },
    {
      ...heading('C'),
      answer: 'iii',
      vi: 'Câu chủ đề: “The consequences fall unevenly” – người làm việc ngoài trời và khu dân cư nghèo chịu nóng nhiều hơn; sau đó là chi phí kinh tế: “Heat also has an economic cost.” Hai ý “không đều” và “chi phí” khớp với iii. Bẫy: vòng luẩn quẩn của máy lạnh chỉ là một chi tiết minh họa, không phải ý chính.',
      en: 'The topic sentence is “The consequences fall unevenly”: outdoor workers and poorer neighbourhoods suffer most, and then “Heat also has an economic cost.” Unequal exposure plus cost matches iii. Trap: the air-conditioning feedback loop is only a supporting detail, not the main idea.',
    },
    {
      ...heading('D'),
      answer: 'iv',
      vi: 'Đoạn D nói vệ tinh chỉ đo nhiệt độ bề mặt nên các nhà nghiên cứu dùng cảm biến gắn trên cột đèn; mạng cảm biến cho “a surprising result”: nơi nóng nhất là khu công nghiệp mới, không phải trung tâm cũ. Đó là dữ liệu mặt đất trái với dự đoán → iv. Bẫy: vii nói vệ tinh đáng tin nhất, ngược với ý của đoạn (“the two can differ considerably”).',
      en: 'Paragraph D explains that satellites only record surface temperature, so researchers add sensors on lampposts; the sensor network gave “a surprising result”: the warmest place was a new industrial zone, not the old centre. Ground-level data that overturned expectations → iv. Trap: vii claims satellites are the most reliable, the opposite of the paragraph (“the two can differ considerably”).',
    },
    {
      ...heading('E'),
      answer: 'v',
      vi: '“the cheapest is often the simplest: changing the colour of roofs” (rẻ) và “they need to be washed or repainted regularly” (cần bảo dưỡng). Hai ý này chính là heading v.',
      en: '“the cheapest is often the simplest: changing the colour of roofs” (inexpensive) and “they need to be washed or repainted regularly” (maintenance). Together they give heading v.',
    },
    {
      ...heading('F'),
      answer: 'vi',
      vi: 'Đoạn F nêu lợi ích của cây xanh (bóng mát, thoát hơi nước, công viên làm mát tới 300 m) rồi chuyển ý bằng “Yet trees are not a free solution” để nói nhược điểm (cần chỗ, cần nước, cành dễ gãy). “Lợi ích và hạn chế của giải pháp tự nhiên” → vi.',
      en: 'Paragraph F gives the benefits of trees (shade, evapotranspiration, parks cooling streets up to 300 m), then turns with “Yet trees are not a free solution” to the drawbacks (space, water, weak branches). Benefits and drawbacks of a natural approach → vi.',
    },
    {
      kind: 'true_false_not_given',
      intro:
        'Questions 6–9. Do the following statements agree with the information given in Reading Passage 1? Write TRUE if the statement agrees with the information, FALSE if the statement contradicts the information, NOT GIVEN if there is no information on this.',
      stem: "Luke Howard's main occupation was the study of weather.",
      answer: 'false',
      vi: 'Bài viết: “Luke Howard, a London chemist who studied the weather in his spare time”. Nghề chính của ông là nhà hóa học; thời tiết chỉ là việc làm lúc rảnh, nên nhận định mâu thuẫn → FALSE. Bẫy: ông đúng là có nghiên cứu thời tiết, nhưng không phải nghề chính.',
      en: 'The text says “Luke Howard, a London chemist who studied the weather in his spare time”. His profession was chemistry; weather was a hobby, so the statement contradicts the passage → FALSE. Trap: he did study the weather, but not as his main occupation.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'The temperature difference between a city and the surrounding countryside is normally greatest in the middle of the day.',
      answer: 'false',
      vi: 'Đoạn B: “the gap between city and countryside is usually smallest around midday and greatest a few hours after dark”. Chênh lệch lớn nhất là sau khi trời tối, không phải giữa trưa → FALSE.',
      en: 'Paragraph B: “the gap between city and countryside is usually smallest around midday and greatest a few hours after dark”. The statement says the opposite → FALSE.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'Poorer neighbourhoods are often hotter than wealthier areas close to them.',
      answer: 'true',
      vi: 'Đoạn C: “Poorer neighbourhoods … are frequently several degrees warmer than wealthier districts nearby.” “frequently” = “often”, “nearby” = “close to them” → TRUE.',
      en: 'Paragraph C: “Poorer neighbourhoods … are frequently several degrees warmer than wealthier districts nearby.” “frequently” = “often” and “nearby” = “close to them” → TRUE.',
    },
    {
      kind: 'true_false_not_given',
      stem: 'The sensor network described in paragraph D was paid for by the city government.',
      answer: 'not_given',
      vi: 'Bài chỉ nói mạng cảm biến “installed by university students”, không nhắc ai chi tiền. Không có thông tin về nguồn tài trợ → NOT GIVEN. Bẫy: đừng suy luận từ kiến thức bên ngoài.',
      en: 'The passage only says the network was “installed by university students”; it never says who paid for it → NOT GIVEN. Trap: do not fill the gap with your own assumptions.',
    },
    {
      kind: 'gap_fill',
      intro:
        'Questions 10–13. Complete the summary below. Choose NO MORE THAN TWO WORDS AND/OR A NUMBER from the passage for each answer.',
      stem: 'A white or reflective roof has a higher __________ than a dark roof, so more sunlight is sent back into the sky.',
      accepted: ['albedo'],
      vi: 'Đoạn E: “A roof painted with a white or reflective coating has a higher albedo – it reflects more sunlight back into the sky”. Đáp án: albedo.',
      en: 'Paragraph E: “A roof painted with a white or reflective coating has a higher albedo – it reflects more sunlight back into the sky”. Answer: albedo.',
    },
    {
      kind: 'gap_fill',
      stem: 'Within a few years, dust and __________ can reduce the reflectivity of such a roof by half.',
      accepted: ['algae'],
      vi: '“Within a few years, a layer of dust and algae can halve their reflectivity”. “halve” = “reduce by half”. Đáp án: algae (tảo). Bẫy: “dust” đã có sẵn trong câu.',
      en: '“Within a few years, a layer of dust and algae can halve their reflectivity”. “halve” = “reduce by half”. Answer: algae. Trap: “dust” is already in the sentence.',
    },
    {
      kind: 'gap_fill',
      stem: 'Trees cool the air through shade and through a process called __________.',
      accepted: ['evapotranspiration'],
      vi: 'Đoạn F: “they cool the air through evapotranspiration, the process by which plants release water vapour through their leaves”. Đáp án: evapotranspiration (sự thoát hơi nước). Chú ý chính tả.',
      en: 'Paragraph F: “they cool the air through evapotranspiration, the process by which plants release water vapour through their leaves”. Answer: evapotranspiration – check the spelling.',
    },
    {
      kind: 'gap_fill',
      stem: 'A large park can lower the temperature of nearby streets up to __________ away.',
      accepted: ['300 metres', '300 meters', '300 m', '300m', 'three hundred metres', 'three hundred meters'],
      vi: '“a large green space can lower the temperature of surrounding streets for a distance of up to 300 metres”. Đáp án: 300 metres. Bẫy: “30°C” ở đoạn E là nhiệt độ mái nhà, không phải khoảng cách.',
      en: '“a large green space can lower the temperature of surrounding streets for a distance of up to 300 metres”. Answer: 300 metres. Trap: “30°C” in paragraph E is a roof temperature, not a distance.',
    },
  ],
};
