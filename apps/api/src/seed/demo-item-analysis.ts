import { and, eq, inArray, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tests, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { startAttempt } from '../modules/attempts/start.service';
import { submitAttempt } from '../modules/attempts/submission.service';
import { computeItemAnalysis, versionQuestions } from '../modules/item-analysis/item-analysis.service';
import { PLATFORM } from '../tenancy/tenant';
import { grammarWritingTest1 } from './content/grammar-writing';
import { DEMO_PASSWORD } from './demo-accounts';
import type { SeedStep } from './step';

/** Thirteen more learners, so that the class below has 36 first attempts. */
const EXTRA_LEARNERS = [
  'Nguyễn Hoài An',
  'Trương Minh Quân',
  'Cao Thị Yến',
  'Lâm Khải Hoàn',
  'Hà Mỹ Duyên',
  'Quách Thành Công',
  'Văn Ngọc Trâm',
  'Âu Dương Phong',
  'Nghiêm Thu Trang',
  'Triệu Vĩnh Khang',
  'Doãn Hải Yến',
  'Khúc Thừa Dụ',
  'Bạch Tuyết Mai',
];

const emailOf = (name: string) => {
  const parts = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .split(' ');
  return `${parts.at(-1)}.${parts.slice(0, -1).join('')}@luyende.prepwise.vn`;
};

/** A deterministic number in [0, 1) from a string (FNV-1a). */
function noise(seed: string): number {
  let hash = 2166136261;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 4294967296;
}

/** The question seeded to be broken: its key is chosen by the weak learners, a distractor by the strong. */
export const BROKEN_STEM = 'If it ___ tomorrow morning';

type Question = Awaited<ReturnType<typeof versionQuestions>>[number];

/** A learner of this ability answers the question; `turn` spreads wrong answers over the distractors. */
function answerOf(
  question: Question,
  ability: number,
  learner: number,
  turn: number,
): Record<string, unknown> | null {
  const answer = question.answer as Record<string, unknown>;
  if (question.kind === 'essay')
    return {
      text: 'Hi Sam, you should visit Hoi An first. The old town is quiet and the food is cheap. Try cao lau!',
    };
  if (question.stem.includes(BROKEN_STEM)) {
    // Strong learners over-think it and put "will" in the if-clause; the last option is never chosen.
    const [key, strongChoice] = [String(answer.key), question.optionKeys.find((key) => key !== answer.key)!];
    return ability < 0.5 ? { key } : { key: strongChoice };
  }
  // Difficulty by position; right when ability plus a little noise clears it.
  const difficulty = 0.15 + ((question.number * 7) % 10) / 14;
  const right = ability + (noise(`${learner}:${question.number}`) - 0.5) * 0.3 > difficulty;
  if (right) return answer;
  if (question.kind === 'single_choice') {
    const distractors = question.optionKeys.filter((key) => key !== answer.key);
    return { key: distractors[turn % distractors.length] };
  }
  if (question.kind === 'multiple_choice') {
    // One key missed and one wrong option taken, both varying from learner to learner.
    const keys = answer.keys as string[];
    const wrong = question.optionKeys.filter((key) => !keys.includes(key));
    const missed = keys[(learner + turn) % keys.length];
    return { keys: [...keys.filter((key) => key !== missed), wrong[turn % wrong.length]!] };
  }
  if (question.kind === 'ordering') {
    const order = [...(answer.order as string[])];
    [order[0], order[1]] = [order[1]!, order[0]!];
    return { order };
  }
  return null;
}

/**
 * Item analysis demo (issue 15): 36 learners take the Grammar & Writing Check (12 of them twice), through
 * the attempts service, with abilities spread from weak to strong, so the test detail's item analysis
 * means something on first start; question 6 is seeded to be broken. The analysis is computed at the end
 * with the job's own service.
 */
export const demoItemAnalysisStep: SeedStep = {
  name: 'demo-item-analysis',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const [test] = await tx
      .select({ id: tests.id, version: tests.publishedVersion })
      .from(tests)
      .where(and(isNull(tests.organizationId), eq(tests.slug, grammarWritingTest1.slug)));
    if (!test?.version) return;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx
      .insert(users)
      .values(
        EXTRA_LEARNERS.map((fullName) => ({
          email: emailOf(fullName),
          fullName,
          passwordHash,
          scope: 'user' as const,
        })),
      )
      .onConflictDoNothing({ target: users.email });
    // The extra learners and the demo centre's students (demo-students, when that step ran).
    const learnerRows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.scope, 'user'),
          or(inArray(users.email, EXTRA_LEARNERS.map(emailOf)), like(users.email, '%@hocvien.prepwise.vn')),
        ),
      );
    const learners = learnerRows.sort((a, b) => a.email.localeCompare(b.email));
    const questions = await versionQuestions(tx, test.id, test.version);
    const sittings = [
      ...learners.map((learner, index) => ({
        learner,
        index,
        ability: 0.08 + (0.9 * index) / learners.length,
      })),
      // Twelve come back for a second try, a little stronger.
      ...learners
        .filter((_, index) => index % 3 === 0)
        .map((learner) => {
          const index = learners.indexOf(learner);
          return { learner, index, ability: Math.min(0.98, 0.18 + (0.9 * index) / learners.length) };
        }),
    ];
    const turns = new Map<string, number>();
    for (const { learner, index, ability } of sittings) {
      const started = await startAttempt(
        tx,
        PLATFORM,
        learner.id,
        grammarWritingTest1.slug,
        {
          mode: 'full',
          section_ids: [],
          time_limit_minutes: null,
        },
        new Date(),
      );
      const answers = questions.flatMap((question, position) => {
        const turn = turns.get(question.id) ?? 0;
        turns.set(question.id, turn + 1);
        const answer = answerOf(question, ability, index, turn);
        return answer ? [{ question_id: question.id, answer, flagged: false, seq: position + 1 }] : [];
      });
      await submitAttempt(tx, started.id, 'learner', new Date(), { userId: learner.id, answers });
    }
    await computeItemAnalysis(tx, test.id, test.version, new Date());
  },
};
