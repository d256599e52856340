import { SKILL_TAG_PREFIX } from '@prepwise/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tests, testVersions } from '../db/schema';
import { toeicTest1 } from './content/toeic';
import { PART5_SKILLS } from './content/toeic/part5';
import { PART6_SKILLS } from './content/toeic/part6';
import type { SeedStep } from './step';

interface SnapshotQuestion {
  id: string;
}
interface SnapshotSection {
  items: (
    | { kind: 'question'; question: SnapshotQuestion }
    | { kind: 'group'; group: { questions: SnapshotQuestion[] } }
  )[];
}

/**
 * Tags the seeded TOEIC Part 5 and Part 6 questions with the skill each tests (`skill:word-form` …),
 * found in paper order in the test's first published version. Existing skill tags are replaced; other tags
 * (`toeic`, `part-5`, an author's own) are kept. Nothing happens when the test is not there.
 */
export const questionSkillsStep: SeedStep = {
  name: 'question-skills',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const [row] = await tx
      .select({ snapshot: testVersions.snapshot })
      .from(tests)
      .innerJoin(testVersions, and(eq(testVersions.testId, tests.id), eq(testVersions.version, 1)))
      .where(and(isNull(tests.organizationId), eq(tests.slug, toeicTest1.slug)));
    const sections = (row?.snapshot as { sections?: SnapshotSection[] } | undefined)?.sections ?? [];
    const questionIds = (section: SnapshotSection | undefined) =>
      (section?.items ?? []).flatMap((item) =>
        item.kind === 'question' ? [item.question.id] : item.group.questions.map((question) => question.id),
      );
    const pairs = (
      [
        [questionIds(sections[4]), PART5_SKILLS],
        [questionIds(sections[5]), PART6_SKILLS],
      ] as const
    ).flatMap(([ids, skills]) =>
      ids.length === skills.length
        ? ids.map((id, index) => ({ id, tag: `${SKILL_TAG_PREFIX}${skills[index]}` }))
        : [],
    );
    if (pairs.length === 0) return;
    await tx.execute(sql`
      update questions q
         set tags = array(select t from unnest(q.tags) as t where t not like ${`${SKILL_TAG_PREFIX}%`}) || s.tag
        from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as s(id uuid, tag text)
       where q.id = s.id and q.organization_id is null`);
  },
};
