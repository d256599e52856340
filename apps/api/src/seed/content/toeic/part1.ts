import type { PhotoItem } from '../types';
import { moveKey } from './helpers';

// Simple flat illustrations drawn for Prepwise; rendered to PNG by scripts/generate-seed-media.mjs.
const W = 480;
const H = 320;
const scene = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${background}"/>${body}</svg>`;

/** A standing person: head at (x, y), body colour, optional arm angle drawn as lines. */
function person(
  x: number,
  y: number,
  shirt: string,
  options: { hair?: string; skirt?: boolean; armsUp?: boolean } = {},
) {
  const hair = options.hair ?? '#3b2a1a';
  const legs = options.skirt
    ? `<path d="M${x - 16} ${y + 78} L${x + 16} ${y + 78} L${x + 20} ${y + 108} L${x - 20} ${y + 108} Z" fill="#34495e"/><rect x="${x - 12}" y="${y + 108}" width="7" height="38" fill="#e0ac69"/><rect x="${x + 5}" y="${y + 108}" width="7" height="38" fill="#e0ac69"/>`
    : `<rect x="${x - 14}" y="${y + 78}" width="12" height="68" fill="#2c3e50"/><rect x="${x + 2}" y="${y + 78}" width="12" height="68" fill="#2c3e50"/>`;
  const arms = options.armsUp
    ? `<line x1="${x - 18}" y1="${y + 26}" x2="${x - 30}" y2="${y - 8}" stroke="${shirt}" stroke-width="9" stroke-linecap="round"/><line x1="${x + 18}" y1="${y + 26}" x2="${x + 30}" y2="${y - 8}" stroke="${shirt}" stroke-width="9" stroke-linecap="round"/>`
    : `<line x1="${x - 18}" y1="${y + 26}" x2="${x - 24}" y2="${y + 70}" stroke="${shirt}" stroke-width="9" stroke-linecap="round"/><line x1="${x + 18}" y1="${y + 26}" x2="${x + 24}" y2="${y + 70}" stroke="${shirt}" stroke-width="9" stroke-linecap="round"/>`;
  return `${legs}${arms}<rect x="${x - 19}" y="${y + 18}" width="38" height="62" rx="10" fill="${shirt}"/><circle cx="${x}" cy="${y}" r="17" fill="#e0ac69"/><path d="M${x - 17} ${y - 2} Q${x} ${y - 26} ${x + 17} ${y - 2} Q${x} ${y - 12} ${x - 17} ${y - 2} Z" fill="${hair}"/>`;
}

const floor = (y: number, colour: string) =>
  `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${colour}"/>`;

const officeDesk = scene(
  '#dfe8ef',
  `${floor(240, '#b8a58c')}<rect x="300" y="40" width="140" height="100" fill="#9fd3f0" stroke="#ffffff" stroke-width="8"/><line x1="370" y1="40" x2="370" y2="140" stroke="#ffffff" stroke-width="6"/>
  <rect x="150" y="150" width="60" height="90" rx="6" fill="#5d6d7e"/>
  ${person(185, 96, '#c0392b', { hair: '#1b1b1b', skirt: true }).replace(/<rect [^>]*height="38" fill="#e0ac69"\/>/g, '')}
  <line x1="200" y1="124" x2="262" y2="164" stroke="#c0392b" stroke-width="9" stroke-linecap="round"/>
  <rect x="190" y="170" width="230" height="14" fill="#8e6e4e"/><rect x="200" y="184" width="12" height="70" fill="#6e5038"/><rect x="398" y="184" width="12" height="70" fill="#6e5038"/>
  <rect x="250" y="120" width="80" height="50" rx="4" fill="#2c3e50"/><rect x="256" y="126" width="68" height="38" fill="#85c1e9"/><rect x="240" y="166" width="100" height="6" fill="#7f8c8d"/>
  <rect x="350" y="150" width="30" height="20" fill="#f4d03f"/><rect x="355" y="140" width="22" height="12" rx="3" fill="#ecf0f1"/>`,
);

const warehouse = scene(
  '#d5d8dc',
  `${floor(230, '#909497')}<rect x="0" y="0" width="${W}" height="30" fill="#aab7b8"/>
  <rect x="60" y="210" width="170" height="20" fill="#a0522d"/>
  ${[0, 1, 2]
    .flatMap((row) =>
      [0, 1, 2].map(
        (col) =>
          `<rect x="${66 + col * 54}" y="${160 - row * 50}" width="50" height="48" fill="#c8a165" stroke="#8b6b3d" stroke-width="2"/><line x1="${91 + col * 54}" y1="${160 - row * 50}" x2="${91 + col * 54}" y2="${208 - row * 50}" stroke="#8b6b3d" stroke-width="2"/>`,
      ),
    )
    .join('')}
  <rect x="300" y="150" width="90" height="60" rx="6" fill="#f39c12"/><rect x="330" y="110" width="50" height="45" fill="none" stroke="#2c3e50" stroke-width="5"/>
  <rect x="270" y="80" width="8" height="150" fill="#34495e"/><rect x="236" y="200" width="40" height="6" fill="#34495e"/>
  <circle cx="320" cy="222" r="14" fill="#2c3e50"/><circle cx="375" cy="222" r="14" fill="#2c3e50"/>`,
);

const ladder = scene(
  '#f2efe6',
  `${floor(260, '#c9b79c')}<rect x="0" y="0" width="${W}" height="20" fill="#e5e0d3"/>
  <line x1="240" y1="20" x2="240" y2="40" stroke="#7f8c8d" stroke-width="3"/><circle cx="240" cy="48" r="10" fill="#fcf3cf" stroke="#b7950b" stroke-width="2"/>
  <line x1="190" y1="262" x2="215" y2="110" stroke="#95a5a6" stroke-width="7"/><line x1="290" y1="262" x2="265" y2="110" stroke="#95a5a6" stroke-width="7"/>
  ${[130, 160, 190, 220, 250].map((y) => `<line x1="${195 + (262 - y) * 0.16}" y1="${y}" x2="${285 - (262 - y) * 0.16}" y2="${y}" stroke="#95a5a6" stroke-width="6"/>`).join('')}
  ${person(240, 82, '#2e86c1', { armsUp: true, hair: '#1b1b1b' }).replace(/height="68"/g, 'height="40"')}
  <rect x="330" y="200" width="60" height="60" fill="#d35400"/><rect x="330" y="196" width="60" height="8" fill="#a04000"/>`,
);

const handshake = scene(
  '#eaf2f8',
  `${floor(250, '#a9cce3')}<rect x="170" y="40" width="140" height="80" fill="#ffffff" stroke="#5d6d7e" stroke-width="4"/><polyline points="180,105 210,80 240,95 270,60 300,70" fill="none" stroke="#e74c3c" stroke-width="4"/>
  ${person(150, 100, '#34495e', { hair: '#1b1b1b' })}${person(330, 100, '#7d3c98', { hair: '#5b3a1e', skirt: true })}
  <line x1="168" y1="126" x2="238" y2="150" stroke="#34495e" stroke-width="9" stroke-linecap="round"/><line x1="312" y1="126" x2="246" y2="150" stroke="#7d3c98" stroke-width="9" stroke-linecap="round"/><circle cx="242" cy="151" r="8" fill="#e0ac69"/>
  <rect x="110" y="200" width="260" height="14" fill="#6e5038"/><rect x="120" y="214" width="10" height="40" fill="#6e5038"/><rect x="350" y="214" width="10" height="40" fill="#6e5038"/>
  <rect x="150" y="188" width="50" height="12" fill="#ecf0f1"/><rect x="290" y="186" width="18" height="14" rx="3" fill="#ffffff" stroke="#7f8c8d"/>`,
);

const park = scene(
  '#d6eaf8',
  `${floor(210, '#82c46c')}<rect x="0" y="236" width="${W}" height="30" fill="#d5c4a1"/>
  <rect x="90" y="90" width="22" height="130" fill="#6e4b2a"/><circle cx="100" cy="80" r="62" fill="#2e8b57"/><circle cx="60" cy="110" r="38" fill="#3cb371"/><circle cx="140" cy="112" r="40" fill="#3cb371"/>
  <rect x="210" y="190" width="140" height="10" fill="#8b5a2b"/><rect x="210" y="170" width="140" height="8" fill="#8b5a2b"/><rect x="220" y="200" width="8" height="38" fill="#4d4d4d"/><rect x="332" y="200" width="8" height="38" fill="#4d4d4d"/>
  <circle cx="385" cy="232" r="26" fill="none" stroke="#2c3e50" stroke-width="5"/><circle cx="455" cy="232" r="26" fill="none" stroke="#2c3e50" stroke-width="5"/>
  <polyline points="385,232 410,200 440,200 455,232" fill="none" stroke="#c0392b" stroke-width="5"/><line x1="410" y1="200" x2="420" y2="232" stroke="#c0392b" stroke-width="5"/><line x1="440" y1="200" x2="445" y2="188" stroke="#2c3e50" stroke-width="5"/><rect x="400" y="190" width="20" height="6" fill="#2c3e50"/>
  <circle cx="400" cy="50" r="24" fill="#f7dc6f"/>`,
);

const reception = scene(
  '#fdf2e9',
  `${floor(250, '#cdb79e')}<rect x="40" y="50" width="120" height="30" fill="#b9770e"/><text x="100" y="71" font-family="sans-serif" font-size="16" fill="#ffffff" text-anchor="middle">RECEPTION</text>
  ${person(120, 110, '#1abc9c', { skirt: true, hair: '#1b1b1b' })}
  <rect x="40" y="170" width="200" height="90" fill="#873600"/><rect x="34" y="164" width="212" height="12" fill="#a04000"/>
  ${person(320, 100, '#5d6d7e', { hair: '#3b2a1a' })}
  <rect x="360" y="190" width="50" height="64" rx="6" fill="#1f618d"/><rect x="378" y="176" width="14" height="16" fill="none" stroke="#1b2631" stroke-width="4"/><circle cx="368" cy="256" r="5" fill="#1b2631"/><circle cx="402" cy="256" r="5" fill="#1b2631"/>
  <rect x="190" y="150" width="30" height="14" fill="#ffffff" stroke="#7f8c8d"/>`,
);

const PHOTOS: PhotoItem[] = [
  {
    image: 'toeic-p1-01.png',
    svg: officeDesk,
    voice: 'man',
    statements: [
      'She is opening a window.',
      'She is working at a computer.',
      'She is putting on a jacket.',
      'She is carrying a stack of papers.',
    ],
    answer: 'B',
    vi: 'Người phụ nữ đang ngồi trước máy tính đặt trên bàn → (B). (A) sai: cửa sổ có trong tranh nhưng không ai mở. (C), (D) mô tả hành động không có trong tranh. Bẫy: nghe thấy “window” – một vật có trong tranh – dễ chọn nhầm (A).',
    en: 'The woman is seated in front of a computer on the desk → (B). (A) mentions the window, which is in the picture, but nobody is opening it – a classic “right object, wrong action” trap. (C) and (D) describe actions that are not shown.',
  },
  {
    image: 'toeic-p1-02.png',
    svg: warehouse,
    voice: 'woman',
    statements: [
      'A worker is driving a forklift.',
      'Some boxes have been stacked on a pallet.',
      'Some shelves are being assembled.',
      'The boxes are being loaded onto a truck.',
    ],
    answer: 'B',
    vi: 'Trong kho, các thùng đã được xếp chồng trên một tấm pallet; không có người → (B). Câu bị động hoàn thành “have been stacked” mô tả trạng thái. (A) sai vì xe nâng không có người lái. (D) dùng bị động tiếp diễn “are being loaded” – cần có người đang làm, và không có xe tải.',
    en: 'In the warehouse, boxes have been stacked on a pallet and no one is present → (B). The present perfect passive “have been stacked” describes a resulting state. (A) is wrong: no one is driving the forklift. (D) uses “are being loaded”, which needs someone doing it, and there is no truck.',
  },
  {
    image: 'toeic-p1-03.png',
    svg: ladder,
    voice: 'man2',
    statements: [
      'A man is climbing down some stairs.',
      'A man is painting a ceiling.',
      'A man is standing on a ladder.',
      'A man is moving a box.',
    ],
    answer: 'C',
    vi: 'Người đàn ông đứng trên thang, hai tay giơ về phía bóng đèn → (C). (A) “stairs” (cầu thang) khác “ladder” (thang di động). (B) không có sơn; (D) chiếc thùng ở dưới đất, không ai di chuyển.',
    en: 'The man is standing on a ladder, reaching towards the light → (C). (A) confuses “stairs” with “ladder”. (B) there is no paint; (D) the box is on the floor and nobody is moving it.',
  },
  {
    image: 'toeic-p1-04.png',
    svg: handshake,
    voice: 'woman2',
    statements: [
      "They're shaking hands across a table.",
      "They're sitting side by side.",
      "They're drawing a chart on the wall.",
      "They're pouring some water.",
    ],
    answer: 'A',
    vi: 'Hai người bắt tay nhau qua một chiếc bàn → (A). (B) họ đứng đối diện, không ngồi cạnh nhau. (C) biểu đồ đã treo trên tường, không ai đang vẽ. (D) không có ai rót nước.',
    en: 'The two people are shaking hands across a table → (A). (B) they are standing, facing each other. (C) the chart is already on the wall; nobody is drawing. (D) nobody is pouring anything.',
  },
  {
    image: 'toeic-p1-05.png',
    svg: park,
    voice: 'man',
    statements: [
      'A cyclist is riding along a path.',
      'Some trees are being planted.',
      'A bicycle has been left near a bench.',
      'People are sitting on a bench.',
    ],
    answer: 'C',
    vi: 'Một chiếc xe đạp dựng cạnh ghế băng trong công viên, không có người → (C). (A) và (D) cần có người trong tranh. (B) “are being planted” là hành động đang diễn ra – không ai đang trồng cây.',
    en: 'A bicycle stands next to a park bench and nobody is in the picture → (C). (A) and (D) need people. (B) “are being planted” describes an action in progress, and no one is planting anything.',
  },
  {
    image: 'toeic-p1-06.png',
    svg: reception,
    voice: 'woman',
    statements: [
      'A man is unpacking a suitcase.',
      'A woman is standing behind a counter.',
      'A woman is locking the front door.',
      'Some guests are waiting in line.',
    ],
    answer: 'B',
    vi: 'Nhân viên nữ đứng sau quầy lễ tân, khách nam đứng cạnh vali → (B). (A) vali vẫn đóng, không ai lấy đồ ra. (C) không có cửa. (D) chỉ có một vị khách, không phải một hàng người.',
    en: 'A receptionist is standing behind the counter while a guest waits with his suitcase → (B). (A) the suitcase is closed; (C) there is no door; (D) there is only one guest, not a line.',
  },
];

/** Where each key sits: spread so that no fixed-pattern guess scores above chance (issue 14). */
const KEYS = 'BCDDAB';

export const part1: PhotoItem[] = PHOTOS.map((item, index) => {
  const moved = moveKey(item.statements, item.answer, KEYS[index] as PhotoItem['answer'], item);
  return { ...item, statements: moved.options, answer: moved.answer, vi: moved.vi, en: moved.en };
});
