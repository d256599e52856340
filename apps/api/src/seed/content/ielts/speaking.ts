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

/**
 * The demo learner's spoken answers to the eight questions (original, a mid-band learner's), read by an
 * eSpeak NG voice into Chromium's fake microphone and recorded by its MediaRecorder as WebM/Opus by
 * scripts/make-demo-speaking.mjs; the files are committed under content/media.
 */
export const DEMO_SPEAKING_ANSWERS: string[] = [
  'I live in a small flat on the fourth floor, with my parents and my younger sister. It is not very big, but it is bright.',
  'I like the street food most. In the evening there are many stalls near my building, so I can get a bowl of noodles very cheaply.',
  'Usually I listen to music without words, like piano music, because songs with lyrics make me lose my concentration.',
  'Yes, I learned the guitar for two years when I was about ten, but I stopped when I started secondary school, which I regret now.',
  'I would like to talk about cooking, which I learned from my grandmother. When I was a teenager, I spent every summer at her house in the countryside. She did not use recipes at all; she cooked by smell and by taste. At first I only watched her and washed the vegetables, but later she let me make the fish sauce for the family meal. She was quite strict, and she always said that good food needs patience. I think I learned more than cooking from her, actually. Now I live in the city and I am very busy, but at the weekend I still cook her dishes, and it makes me feel close to her.',
  'I think young people learn practical things from their grandparents, for example cooking or growing vegetables, and also some traditional customs that parents are too busy to teach.',
  'In my opinion, learning from a person is better, because a person can see your mistakes and correct them immediately. Online videos are convenient and free, but they cannot give you feedback.',
  'I partly agree. Schools should teach some basic skills like cooking, because many students cannot look after themselves. However, schools already have too many subjects, so maybe these skills could be taught in clubs after school.',
];

export const demoSpeakingFile = (index: number) =>
  `ielts-speaking-demo-${String(index + 1).padStart(2, '0')}.webm`;
