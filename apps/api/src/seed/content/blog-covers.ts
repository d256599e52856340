/*
 * Cover pictures of the seeded blog posts, drawn here as SVG (original Prepwise artwork).
 * scripts/generate-seed-media.mjs renders each to a 1200×630 PNG in ./media, which the seed stores
 * as an uploaded cover.
 */

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

export interface BlogCover {
  /** The seeded post this cover belongs to. */
  slug: string;
  /** The PNG in ./media. */
  file: string;
  /** What the picture shows (the post is in Vietnamese, so is its alt text). */
  alt: string;
  svg: string;
}

const INK = '#2b1b5c';
const VIOLET = '#7e47f4';
const VIOLET_LIGHT = '#e6dbff';
const PAPER = '#ffffff';
const AMBER = '#f5a524';
const TEAL = '#12a594';
const RED = '#e5484d';
const GREY = '#8b8d98';
const FONT = "font-family='DejaVu Sans, Arial, sans-serif' font-weight='700'";

const frame = (background: [string, string], body: string) =>
  `<svg xmlns='http://www.w3.org/2000/svg' width='${COVER_WIDTH}' height='${COVER_HEIGHT}' viewBox='0 0 ${COVER_WIDTH} ${COVER_HEIGHT}'>
  <defs>
    <linearGradient id='bg' x1='0' y1='0' x2='1' y2='1'>
      <stop offset='0' stop-color='${background[0]}'/>
      <stop offset='1' stop-color='${background[1]}'/>
    </linearGradient>
  </defs>
  <rect width='${COVER_WIDTH}' height='${COVER_HEIGHT}' fill='url(#bg)'/>
  <circle cx='1110' cy='70' r='150' fill='${PAPER}' opacity='0.18'/>
  <circle cx='90' cy='590' r='120' fill='${PAPER}' opacity='0.14'/>
${body}
</svg>
`;

/** Lines of text on a page, as grey bars. */
const textLines = (x: number, y: number, widths: number[], gap = 34, color = '#d9d5e8') =>
  widths
    .map(
      (width, index) =>
        `<rect x='${x}' y='${y + index * gap}' width='${width}' height='14' rx='7' fill='${color}'/>`,
    )
    .join('\n  ');

const check = (x: number, y: number, size = 26) =>
  `<circle cx='${x}' cy='${y}' r='${size}' fill='${TEAL}'/><path d='M${x - size * 0.45} ${y} l${size * 0.32} ${size * 0.32} l${size * 0.6} -${size * 0.62}' stroke='${PAPER}' stroke-width='${size * 0.24}' fill='none' stroke-linecap='round' stroke-linejoin='round'/>`;

const cross = (x: number, y: number, size = 26) =>
  `<circle cx='${x}' cy='${y}' r='${size}' fill='${RED}'/><path d='M${x - size * 0.36} ${y - size * 0.36} l${size * 0.72} ${size * 0.72} M${x + size * 0.36} ${y - size * 0.36} l-${size * 0.72} ${size * 0.72}' stroke='${PAPER}' stroke-width='${size * 0.24}' stroke-linecap='round'/>`;

/** A three-month road with three milestones and a flag at 650. */
const roadmap = frame(
  ['#f4efff', '#cbb5fd'],
  `  <path d='M60 600 C 320 560, 260 420, 520 400 S 820 300, 760 210 S 880 90, 1010 110' stroke='${INK}' stroke-width='64' fill='none' stroke-linecap='round'/>
  <path d='M60 600 C 320 560, 260 420, 520 400 S 820 300, 760 210 S 880 90, 1010 110' stroke='${PAPER}' stroke-width='6' fill='none' stroke-dasharray='26 22' stroke-linecap='round'/>
  ${[
    [250, 505, '1'],
    [560, 398, '2'],
    [775, 235, '3'],
  ]
    .map(
      ([x, y, label]) =>
        `<circle cx='${x}' cy='${y}' r='46' fill='${AMBER}' stroke='${PAPER}' stroke-width='8'/><text x='${x}' y='${Number(y) + 17}' text-anchor='middle' font-size='48' fill='${INK}' ${FONT}>${label}</text>`,
    )
    .join('\n  ')}
  <rect x='990' y='20' width='10' height='120' rx='5' fill='${INK}'/>
  <path d='M1000 24 h110 l-26 34 l26 34 h-110 z' fill='${VIOLET}'/>
  <text x='1048' y='72' text-anchor='middle' font-size='30' fill='${PAPER}' ${FONT}>650</text>
  <g transform='translate(90 70)'>
    <rect width='250' height='220' rx='22' fill='${PAPER}'/>
    <rect width='250' height='62' rx='22' fill='${VIOLET}'/>
    <rect y='40' width='250' height='22' fill='${VIOLET}'/>
    <rect x='50' y='-16' width='16' height='42' rx='8' fill='${INK}'/>
    <rect x='184' y='-16' width='16' height='42' rx='8' fill='${INK}'/>
    ${Array.from({ length: 12 }, (_, index) => {
      const x = 28 + (index % 4) * 52;
      const y = 88 + Math.floor(index / 4) * 42;
      return `<rect x='${x}' y='${y}' width='36' height='28' rx='6' fill='${index < 9 ? VIOLET_LIGHT : '#f1f0f5'}'/>`;
    }).join('')}
    ${check(204, 186, 18)}
  </g>`,
);

/** A corrected answer sheet: five lines, some ticked, some crossed, and a red pen. */
const grammarMistakes = frame(
  ['#fff0f0', '#ffdfdf'],
  `  <g transform='rotate(-4 600 330)'>
    <rect x='300' y='60' width='600' height='520' rx='26' fill='${PAPER}' stroke='#f0d6d6' stroke-width='4'/>
    <rect x='340' y='100' width='260' height='26' rx='13' fill='${VIOLET}'/>
    ${[0, 1, 2, 3, 4]
      .map((row) => {
        const y = 190 + row * 80;
        return `<text x='350' y='${y + 14}' font-size='34' fill='${INK}' ${FONT}>${row + 1}</text>
    ${textLines(400, y - 4, [row % 2 ? 300 : 360])}
    ${textLines(400, y + 22, [row % 2 ? 220 : 180], 0, '#ebe8f3')}
    ${row === 1 || row === 3 ? cross(830, y + 10) : check(830, y + 10)}`;
      })
      .join('\n    ')}
  </g>
  <g transform='rotate(35 1010 330)'>
    <rect x='960' y='130' width='64' height='360' rx='18' fill='${RED}'/>
    <rect x='960' y='130' width='64' height='70' rx='18' fill='#b3262b'/>
    <path d='M960 490 h64 l-32 70 z' fill='#f3c9a9'/>
    <path d='M982 536 h20 l-10 24 z' fill='${INK}'/>
  </g>
  <g fill='${AMBER}'>
    <circle cx='170' cy='170' r='16'/>
    <circle cx='220' cy='470' r='10'/>
    <circle cx='130' cy='360' r='22' fill='${VIOLET}'/>
  </g>`,
);

/** An open book under a magnifying glass, with True, False and Not Given tags. */
const trueFalseNotGiven = frame(
  ['#e6f7f4', '#b7e8df'],
  `  <g transform='translate(170 150)'>
    <path d='M0 30 Q 150 -10 300 30 V 360 Q 150 320 0 360 Z' fill='${PAPER}' stroke='${INK}' stroke-width='6'/>
    <path d='M300 30 Q 450 -10 600 30 V 360 Q 450 320 300 360 Z' fill='${PAPER}' stroke='${INK}' stroke-width='6'/>
    ${textLines(40, 80, [210, 190, 220, 160, 200, 180, 120])}
    ${textLines(340, 80, [200, 220, 150, 210, 190, 170, 140])}
    <rect x='36' y='140' width='200' height='26' rx='6' fill='${AMBER}' opacity='0.45'/>
  </g>
  <g transform='translate(640 300)'>
    <circle r='120' fill='${PAPER}' fill-opacity='0.55' stroke='${INK}' stroke-width='22'/>
    <rect x='72' y='92' width='44' height='170' rx='20' fill='${INK}' transform='rotate(-45 94 177)'/>
  </g>
  ${[
    [860, 150, 'TRUE', TEAL],
    [860, 270, 'FALSE', RED],
    [860, 390, 'NOT GIVEN', GREY],
  ]
    .map(
      ([x, y, label, color]) =>
        `<rect x='${x}' y='${y}' width='280' height='80' rx='40' fill='${color}'/><text x='${Number(x) + 140}' y='${Number(y) + 52}' text-anchor='middle' font-size='34' fill='${PAPER}' ${FONT}>${label}</text>`,
    )
    .join('\n  ')}`,
);

/** Four skills and a rising bar chart from 5.0 to 6.5. */
const bandProgress = frame(
  ['#f4efff', '#ffe9c7'],
  `  <g transform='translate(560 80)'>
    <path d='M0 0 V 460 H 560' stroke='${INK}' stroke-width='8' fill='none' stroke-linecap='round'/>
    ${[
      [50, 200, VIOLET_LIGHT],
      [170, 250, '#cbb5fd'],
      [290, 310, '#ae8cfa'],
      [410, 390, VIOLET],
    ]
      .map(
        ([x, height, color]) =>
          `<rect x='${x}' y='${460 - Number(height)}' width='90' height='${height}' rx='14' fill='${color}'/>`,
      )
      .join('\n    ')}
    <path d='M60 230 L 240 180 L 350 120 L 470 40' stroke='${AMBER}' stroke-width='12' fill='none' stroke-linecap='round' stroke-linejoin='round'/>
    <path d='M438 30 L 486 28 L 476 76 Z' fill='${AMBER}'/>
    <text x='95' y='${460 - 200 + 60}' text-anchor='middle' font-size='34' fill='${INK}' ${FONT}>5.0</text>
    <text x='455' y='${460 - 390 + 60}' text-anchor='middle' font-size='34' fill='${PAPER}' ${FONT}>6.5</text>
  </g>
  <g transform='translate(110 120)'>
    <circle cx='90' cy='90' r='80' fill='${PAPER}'/>
    <path d='M50 110 V 90 A 40 40 0 0 1 130 90 V 110' stroke='${INK}' stroke-width='12' fill='none'/>
    <rect x='38' y='96' width='26' height='40' rx='10' fill='${VIOLET}'/>
    <rect x='116' y='96' width='26' height='40' rx='10' fill='${VIOLET}'/>
    <circle cx='290' cy='90' r='80' fill='${PAPER}'/>
    <path d='M240 62 Q 265 52 290 62 V 128 Q 265 118 240 128 Z M290 62 Q 315 52 340 62 V 128 Q 315 118 290 128 Z' fill='${TEAL}' stroke='${INK}' stroke-width='5' stroke-linejoin='round'/>
    <circle cx='90' cy='290' r='80' fill='${PAPER}'/>
    <g transform='rotate(40 90 290)'>
      <rect x='76' y='226' width='28' height='100' rx='6' fill='${AMBER}' stroke='${INK}' stroke-width='5'/>
      <path d='M76 326 h28 l-14 28 z' fill='${INK}'/>
    </g>
    <circle cx='290' cy='290' r='80' fill='${PAPER}'/>
    <path d='M238 250 h104 a14 14 0 0 1 14 14 v46 a14 14 0 0 1 -14 14 h-60 l-28 24 v-24 h-16 a14 14 0 0 1 -14 -14 v-46 a14 14 0 0 1 14 -14 z' fill='${RED}'/>
    <circle cx='268' cy='287' r='7' fill='${PAPER}'/><circle cx='290' cy='287' r='7' fill='${PAPER}'/><circle cx='312' cy='287' r='7' fill='${PAPER}'/>
  </g>`,
);

export const BLOG_COVERS: BlogCover[] = [
  {
    slug: 'lo-trinh-tu-hoc-toeic-650-trong-3-thang-cho-nguoi-mat-goc',
    file: 'blog-toeic-650-roadmap.png',
    alt: 'Con đường uốn lượn qua ba cột mốc 1, 2, 3 dẫn tới lá cờ ghi 650, bên cạnh một tờ lịch đánh dấu các ngày đã học.',
    svg: roadmap,
  },
  {
    slug: '5-loi-ngu-phap-nguoi-viet-hay-mac-trong-toeic-part-5',
    file: 'blog-part5-grammar-mistakes.png',
    alt: 'Tờ bài làm có năm câu được chấm, ba câu đánh dấu đúng màu xanh và hai câu đánh dấu sai màu đỏ, cạnh một cây bút đỏ.',
    svg: grammarMistakes,
  },
  {
    slug: 'ielts-reading-cach-lam-dang-true-false-not-given-khong-bi-lui',
    file: 'blog-ielts-true-false-not-given.png',
    alt: 'Cuốn sách mở dưới chiếc kính lúp, bên phải là ba nhãn TRUE, FALSE và NOT GIVEN.',
    svg: trueFalseNotGiven,
  },
  {
    slug: 'tu-5-0-len-6-5-ielts-nen-uu-tien-ky-nang-nao-truoc',
    file: 'blog-ielts-5-to-6-5.png',
    alt: 'Biểu tượng bốn kỹ năng nghe, đọc, viết, nói bên cạnh biểu đồ cột tăng dần từ 5.0 lên 6.5.',
    svg: bandProgress,
  },
];
