import { spreadSetKeys } from './helpers';
import { part1 } from './part1';
import { part2 } from './part2';
import { part3 } from './part3';
import { part4 } from './part4';
import { part5 } from './part5';
import { part6 } from './part6';
import { part7Multi } from './part7-multi';
import { part7Single } from './part7-single';

/** TOEIC Listening & Reading – Đề luyện 1: Prepwise's original 200-question practice test. */
export const toeicTest1 = {
  title: 'TOEIC Listening & Reading – Đề luyện 1',
  slug: 'toeic-listening-reading-de-luyen-1',
  description:
    '<p>Đề luyện TOEIC Listening &amp; Reading do Prepwise biên soạn: 7 phần, 200 câu, 120 phút, bối cảnh công sở, du lịch, khách sạn, vận chuyển, bán lẻ và nhân sự. Âm thanh được tạo bằng giọng đọc tổng hợp; mỗi câu có giải thích tiếng Việt và tiếng Anh.</p>',
  durationMinutes: 120,
  part1,
  part2,
  part3,
  part4,
  part5,
  part6,
  part7: spreadSetKeys([...part7Single, ...part7Multi], 71),
};
