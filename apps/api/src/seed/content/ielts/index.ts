import { passage1 } from './passage-1';
import { passage2 } from './passage-2';
import { passage3 } from './passage-3';

/** IELTS Academic Reading – Đề luyện 1: one group per passage, 13 + 13 + 14 questions. */
export const ieltsReadingTest1 = {
  title: 'IELTS Academic Reading – Đề luyện 1',
  slug: 'ielts-academic-reading-de-luyen-1',
  description:
    '<p>Đề luyện IELTS Academic Reading do Prepwise biên soạn: 3 bài đọc (đảo nhiệt đô thị, ruộng bậc thang, giấc ngủ và trí nhớ), 40 câu, 60 phút. Mỗi câu có giải thích tiếng Việt và tiếng Anh.</p>',
  durationMinutes: 60,
  passages: [passage1, passage2, passage3],
};
