/**
 * IELTS Academic Writing – Đề luyện 1 (issue 28): Task 1 describes an original chart (drawn here as SVG and
 * rendered to PNG by scripts/generate-seed-media.mjs), Task 2 is an opinion essay. Both are marked by a
 * teacher on the IELTS writing rubric; the figures are invented for Prepwise.
 */

/** Share of commuters in the city of Lamford by way of travelling to work (invented data). */
export const COMMUTE_DATA = {
  years: ['2000', '2010', '2020'],
  modes: [
    { name: 'Car', colour: '#4c6ef5', values: [52, 46, 34] },
    { name: 'Bus', colour: '#f59f00', values: [28, 24, 21] },
    { name: 'Bicycle', colour: '#2f9e44', values: [6, 13, 27] },
    { name: 'Walking', colour: '#e64980', values: [14, 17, 18] },
  ],
};

export const WRITING_CHART_FILE = 'ielts-writing-task1-chart.png';
export const WRITING_CHART_WIDTH = 720;
export const WRITING_CHART_HEIGHT = 440;

/** The grouped bar chart of Task 1 as SVG (text in the PNG is English, as in the real test). */
export function commuteChartSvg(): string {
  const width = WRITING_CHART_WIDTH;
  const height = WRITING_CHART_HEIGHT;
  const left = 70;
  const right = 150;
  const top = 60;
  const bottom = 60;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const max = 60;
  const y = (value: number) => top + plotH - (value / max) * plotH;
  const groupW = plotW / COMMUTE_DATA.years.length;
  const barW = (groupW - 40) / COMMUTE_DATA.modes.length;
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="30" font-family="DejaVu Sans, sans-serif" font-size="17" font-weight="bold" text-anchor="middle" fill="#212529">How commuters travelled to work in Lamford, 2000–2020</text>`,
  ];
  for (let tick = 0; tick <= max; tick += 10) {
    parts.push(
      `<line x1="${left}" y1="${y(tick)}" x2="${left + plotW}" y2="${y(tick)}" stroke="#dee2e6" stroke-width="1"/>`,
      `<text x="${left - 10}" y="${y(tick) + 5}" font-family="DejaVu Sans, sans-serif" font-size="13" text-anchor="end" fill="#495057">${tick}%</text>`,
    );
  }
  COMMUTE_DATA.years.forEach((year, g) => {
    const x0 = left + g * groupW + 20;
    COMMUTE_DATA.modes.forEach((mode, m) => {
      const value = mode.values[g]!;
      parts.push(
        `<rect x="${x0 + m * barW}" y="${y(value)}" width="${barW - 4}" height="${y(0) - y(value)}" fill="${mode.colour}"/>`,
        `<text x="${x0 + m * barW + (barW - 4) / 2}" y="${y(value) - 5}" font-family="DejaVu Sans, sans-serif" font-size="11" text-anchor="middle" fill="#212529">${value}</text>`,
      );
    });
    parts.push(
      `<text x="${x0 + (groupW - 40) / 2}" y="${y(0) + 24}" font-family="DejaVu Sans, sans-serif" font-size="14" text-anchor="middle" fill="#212529">${year}</text>`,
    );
  });
  parts.push(
    `<line x1="${left}" y1="${y(0)}" x2="${left + plotW}" y2="${y(0)}" stroke="#495057" stroke-width="1.5"/>`,
    `<text x="20" y="${top + plotH / 2}" font-family="DejaVu Sans, sans-serif" font-size="13" text-anchor="middle" fill="#495057" transform="rotate(-90 20 ${top + plotH / 2})">Share of commuters (%)</text>`,
  );
  COMMUTE_DATA.modes.forEach((mode, m) => {
    const ly = top + 20 + m * 28;
    parts.push(
      `<rect x="${left + plotW + 25}" y="${ly - 12}" width="16" height="16" fill="${mode.colour}"/>`,
      `<text x="${left + plotW + 48}" y="${ly + 1}" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#212529">${mode.name}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

export interface WritingTask {
  stem: string;
  guidance: string;
  minWords: number;
  /** How much the task's band counts in the Writing band: Task 2 counts twice as much as Task 1. */
  bandWeight: number;
  image: string | null;
}

export const ieltsWritingTest1 = {
  title: 'IELTS Academic Writing – Đề luyện 1',
  slug: 'ielts-academic-writing-de-luyen-1',
  description:
    '<p>Đề luyện IELTS Academic Writing do Prepwise biên soạn: Task 1 mô tả biểu đồ cột (ít nhất 150 từ, khoảng 20 phút) và Task 2 bài luận nêu quan điểm (ít nhất 250 từ, khoảng 40 phút). Giáo viên chấm theo bốn tiêu chí IELTS.</p>',
  durationMinutes: 60,
  tasks: [
    {
      stem: 'You should spend about 20 minutes on this task.\n\nThe chart below shows how people travelled to work in the city of Lamford in 2000, 2010 and 2020.\n\nSummarise the information by selecting and reporting the main features, and make comparisons where relevant.\n\nWrite at least 150 words.',
      guidance:
        'A strong answer gives an overview (car use fell while cycling rose sharply, overtaking the bus by 2020), reports the key figures accurately (car 52% → 34%, bicycle 6% → 27%, bus 28% → 21%, walking 14% → 18%) and groups them logically, without giving opinions or reasons the chart does not show.',
      minWords: 150,
      bandWeight: 1,
      image: WRITING_CHART_FILE,
    },
    {
      stem: 'You should spend about 40 minutes on this task.\n\nWrite about the following topic:\n\nSome people believe that cities should make public transport free for everyone. Others think that passengers should pay for the service they use.\n\nDiscuss both views and give your own opinion.\n\nGive reasons for your answer and include any relevant examples from your own knowledge or experience.\n\nWrite at least 250 words.',
      guidance:
        'A strong answer discusses both views in balance (free transport cuts traffic and helps low-income residents; fares fund maintenance and avoid overcrowding), states a clear position and keeps it throughout, supports each main idea with an explanation or example, and ends with a conclusion that follows from the argument.',
      minWords: 250,
      bandWeight: 2,
      image: null,
    },
  ] satisfies WritingTask[],
};
