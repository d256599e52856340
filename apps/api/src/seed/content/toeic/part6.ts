import type { TextSet } from '../types';
import { q, spreadSetKeys } from './helpers';

const blank = (n: number) => `<strong>(${n})</strong> ________`;

const SETS: TextSet[] = [
  {
    title: 'Part 6 – E-mail: a schedule change (131–134)',
    html: `<p><strong>To:</strong> All staff<br><strong>From:</strong> Facilities Office<br><strong>Subject:</strong> Elevator maintenance</p><p>Please be aware that the two elevators on the east side of the building will be out of service from Monday to Wednesday next week. ${blank(131)} During this time, employees are asked to use the elevators on the west side or the stairs. We understand that this may cause some ${blank(132)}, especially during busy morning hours. To reduce waiting times, staff who work on the first three floors are ${blank(133)} encouraged to take the stairs. The work is expected to be completed by Wednesday evening. ${blank(134)}, we will send a notice if the schedule changes.</p>`,
    questions: [
      q(
        '131.',
        [
          'A technician will replace their control systems.',
          'The cafeteria will also close early.',
          'Please return your keys to reception.',
          'New staff will join us next week.',
        ],
        'A',
        'Câu chèn cần giải thích lý do thang máy ngừng hoạt động; “their control systems” quy chiếu tới “the two elevators” → (A).',
        'The inserted sentence should explain why the elevators are out of service; “their control systems” refers back to the elevators → (A).',
      ),
      q(
        '132.',
        ['inconvenience', 'inconvenient', 'inconveniently', 'inconvenienced'],
        'A',
        'Sau “some” cần danh từ → “inconvenience” (sự bất tiện).',
        'A noun is needed after “some” → “inconvenience”.',
      ),
      q(
        '133.',
        ['strong', 'strongly', 'stronger', 'strength'],
        'B',
        'Bổ nghĩa cho phân từ “encouraged” cần trạng từ → “strongly”.',
        'An adverb modifies “encouraged” → “strongly”.',
      ),
      q(
        '134.',
        ['However', 'Therefore', 'For example', 'Instead'],
        'A',
        'Câu trước nói dự kiến xong thứ Tư; câu sau nói sẽ báo nếu thay đổi → ý tương phản nhẹ: “However”.',
        'The previous sentence gives the expected finish; the next allows for change → contrast: “However”.',
      ),
    ],
  },
  {
    title: 'Part 6 – Advertisement: a co-working space (135–138)',
    html: `<p><strong>WorkNest Co-working – Now Open in District 3</strong></p><p>Looking for a quiet place to work away from home? WorkNest offers bright, modern desks with fast internet, free coffee and ${blank(135)} meeting rooms that can be booked by the hour. Members can choose a daily, weekly or monthly plan, ${blank(136)} on how often they need a desk. ${blank(137)} Simply show this advertisement at reception during October to receive your first day free. Our friendly staff ${blank(138)} you a tour of the space at any time between 7 A.M. and 10 P.M.</p>`,
    questions: [
      q(
        '135.',
        ['equip', 'equipment', 'well-equipped', 'equipping'],
        'C',
        'Trước danh từ “meeting rooms” cần tính từ → “well-equipped” (được trang bị tốt).',
        'An adjective before “meeting rooms” → “well-equipped”.',
      ),
      q(
        '136.',
        ['depends', 'depending', 'depended', 'dependent'],
        'B',
        'Cụm “depending on” = tùy thuộc vào.',
        'The phrase is “depending on”.',
      ),
      q(
        '137.',
        [
          'New members can also try us out at no cost.',
          'Our office in Hanoi is closed.',
          'The internet is sometimes slow.',
          'Please pay in cash only.',
        ],
        'A',
        'Câu sau nói “nhận ngày đầu tiên miễn phí” → câu chèn giới thiệu ưu đãi dùng thử miễn phí (A).',
        'The next sentence offers a free first day, so the inserted sentence introduces a free trial → (A).',
      ),
      q(
        '138.',
        ['has given', 'will be happy to give', 'was giving', 'gave'],
        'B',
        'Lời mời trong quảng cáo hướng tới tương lai → “will be happy to give”.',
        'An advertisement offering a future service → “will be happy to give”.',
      ),
    ],
  },
  {
    title: 'Part 6 – Notice: a customer survey (139–142)',
    html: `<p><strong>Dear Valued Customer,</strong></p><p>Thank you for shopping at Saigon Home Living. We are always looking for ways to improve our stores, and your ${blank(139)} is important to us. We would be grateful if you could complete a short online survey about your recent visit. It ${blank(140)} no more than five minutes. ${blank(141)} As a thank-you, every customer who completes the survey will receive a voucher for 10 percent off their next purchase. The voucher is valid for three months and can be used at any of our ${blank(142)}.</p>`,
    questions: [
      q(
        '139.',
        ['opinion', 'opinionated', 'opine', 'opining'],
        'A',
        'Sau tính từ sở hữu “your” cần danh từ → “opinion”.',
        'A noun after “your” → “opinion”.',
      ),
      q(
        '140.',
        ['takes', 'will take', 'took', 'has taken'],
        'B',
        'Khảo sát chưa làm, nói về tương lai → “will take”.',
        'The survey is still to be done, so the future → “will take”.',
      ),
      q(
        '141.',
        [
          'The link can be found on the back of your receipt.',
          'Our stores are closed on public holidays.',
          'Furniture prices rose last year.',
          'We are hiring sales assistants.',
        ],
        'A',
        'Câu chèn cho biết cách truy cập khảo sát vừa nhắc tới → (A).',
        'The inserted sentence tells customers how to reach the survey just mentioned → (A).',
      ),
      q(
        '142.',
        ['location', 'locations', 'located', 'locate'],
        'B',
        '“any of our + danh từ số nhiều” → “locations”.',
        '“any of our” + plural noun → “locations”.',
      ),
    ],
  },
  {
    title: 'Part 6 – Memo: a new recycling policy (143–146)',
    html: `<p><strong>MEMO</strong></p><p><strong>To:</strong> All employees<br><strong>Re:</strong> Office recycling</p><p>Starting next month, our company will introduce a new recycling program on every floor. Separate bins for paper, plastic and general waste ${blank(143)} near the kitchen areas. Employees are asked to rinse plastic bottles and containers ${blank(144)} putting them in the bins. ${blank(145)} Cleaning staff will collect recyclable materials twice a week and deliver them to a local recycling center. We believe this program will ${blank(146)} reduce the amount of waste our office produces.</p>`,
    questions: [
      q(
        '143.',
        ['will place', 'will be placed', 'are placing', 'placed'],
        'B',
        'Thùng rác “được đặt” (bị động) và chuyện xảy ra ở tương lai → “will be placed”.',
        'The bins receive the action (passive) in the future → “will be placed”.',
      ),
      q(
        '144.',
        ['before', 'after', 'while', 'unless'],
        'A',
        'Rửa sạch chai TRƯỚC khi bỏ vào thùng → “before”.',
        'Rinse the bottles first, then put them in the bins → “before”.',
      ),
      q(
        '145.',
        [
          'Posters explaining what belongs in each bin will be displayed nearby.',
          'The kitchen will be painted green.',
          'Bottled water will no longer be sold.',
          'Please take your lunch break outside.',
        ],
        'A',
        'Câu chèn tiếp tục hướng dẫn phân loại rác: áp phích giải thích loại rác cho từng thùng → (A).',
        'The inserted sentence continues the sorting instructions: posters explain what goes in each bin → (A).',
      ),
      q(
        '146.',
        ['signify', 'significant', 'significantly', 'significance'],
        'C',
        'Bổ nghĩa cho động từ “reduce” cần trạng từ → “significantly”.',
        'An adverb modifies “reduce” → “significantly”.',
      ),
    ],
  },
];

export const part6 = spreadSetKeys(SETS, 100);

/** The skill each Part 6 question tests, in question order (131–146): see PART5_SKILLS. */
export const PART6_SKILLS = [
  'sentence-insertion',
  'word-form',
  'word-form',
  'conjunction',
  'word-form',
  'word-form',
  'sentence-insertion',
  'verb-form',
  'word-form',
  'verb-form',
  'sentence-insertion',
  'word-form',
  'verb-form',
  'conjunction',
  'sentence-insertion',
  'word-form',
] as const;
