/**
 * IELTS Speaking – Đề luyện 1 (issue 28): a full test in three parts, written for Prepwise, with the real
 * test's timing: Part 1 short answers (about 30 seconds each), Part 2 a cue card with one minute to prepare
 * and up to two minutes to talk, Part 3 a discussion (about a minute per answer). Marked on the IELTS
 * speaking rubric.
 */
export interface SpeakingPrompt {
  stem: string;
  preparationSeconds: number;
  speakingSeconds: number;
  cueCard: string | null;
}

const short = (stem: string): SpeakingPrompt => ({
  stem,
  preparationSeconds: 5,
  speakingSeconds: 30,
  cueCard: null,
});
const discussion = (stem: string): SpeakingPrompt => ({
  stem,
  preparationSeconds: 5,
  speakingSeconds: 60,
  cueCard: null,
});

export const ieltsSpeakingTest1 = {
  title: 'IELTS Speaking – Đề luyện 1',
  slug: 'ielts-speaking-de-luyen-1',
  description:
    '<p>Đề luyện IELTS Speaking đầy đủ do Prepwise biên soạn: Part 1 trả lời ngắn về bản thân, Part 2 thẻ gợi ý (1 phút chuẩn bị, tối đa 2 phút nói), Part 3 thảo luận. Ghi âm ngay trên trình duyệt, giáo viên chấm theo bốn tiêu chí IELTS.</p>',
  durationMinutes: 15,
  parts: [
    [
      short('Let’s talk about where you live. Do you live in a house or a flat?'),
      short('What do you like most about your neighbourhood?'),
      short('Now let’s talk about music. What kind of music do you listen to when you study?'),
      short('Did you learn to play a musical instrument as a child?'),
    ],
    [
      {
        stem: 'Read the card. You have one minute to prepare, then talk about the topic for up to two minutes.',
        preparationSeconds: 60,
        speakingSeconds: 120,
        cueCard:
          'Describe a skill you learned from an older person.\nYou should say:\n– what the skill is\n– who taught it to you\n– how you learned it\nand explain how you feel about this skill now.',
      },
    ],
    [
      discussion('Which skills do you think young people today learn from their grandparents?'),
      discussion('Is it better to learn a practical skill from a person or from online videos? Why?'),
      discussion(
        'Some people say schools should teach more practical skills, such as cooking or repairing things. Do you agree?',
      ),
    ],
  ] satisfies SpeakingPrompt[][],
};
