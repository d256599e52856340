import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, examFormats, exams, levels, organizations, users } from '../db/schema';
import { makeDeps } from '../deps';
import { runJob } from '../modules/ai/generation.service';
import { createJob } from '../modules/ai/jobs.service';
import { offlineProviders } from '../modules/ai/providers.service';
import type { SeedStep } from './step';

/**
 * Generated questions waiting for review (issue 18), written by the built-in generator so the demo
 * needs no AI provider: a word-form job of the platform (by the demo admin) and a vocabulary job of
 * the demo organization (by its owner), both on TOEIC part 5.
 */
export const aiDraftsStep: SeedStep = {
  name: 'ai-drafts',
  version: '1',
  demo: true,
  async run(tx) {
    const providers = offlineProviders();
    const [part5] = await tx
      .select({ id: examFormats.id })
      .from(examFormats)
      .innerJoin(exams, eq(exams.id, examFormats.examId))
      .innerJoin(categories, eq(categories.id, exams.categoryId))
      .where(
        and(
          isNull(categories.organizationId),
          eq(categories.slug, 'toeic'),
          eq(exams.slug, 'listening-reading'),
          eq(examFormats.position, 4),
        ),
      );
    if (!part5) return;
    const [b1] = await tx
      .select({ id: levels.id })
      .from(levels)
      .where(and(isNull(levels.organizationId), eq(levels.code, 'B1')));
    const userId = async (email: string) =>
      (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
    const [center] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, 'prepwise-demo-center'));
    const jobs = [
      {
        organizationId: null,
        email: 'admin@prepwise.vn',
        task: 'word_form',
        count: 8,
        topic: 'business',
        seed: 2026,
      },
      {
        organizationId: center?.id,
        email: 'teacher@prepwise.vn',
        task: 'vocabulary',
        count: 5,
        topic: 'travel',
        seed: 1105,
      },
    ] as const;
    for (const job of jobs) {
      const author = await userId(job.email);
      if (!author || job.organizationId === undefined) continue;
      const tenant = { organizationId: job.organizationId };
      const id = await createJob(
        tx as Db,
        tenant,
        author,
        {
          format_id: part5.id,
          level_id: b1?.id ?? null,
          task: job.task,
          count: job.count,
          topic: job.topic,
          source_text: null,
          vocabulary_topic_id: null,
          explanation_language: 'vi',
          provider: 'builtin',
          seed: job.seed,
        },
        providers,
        new Date(),
      );
      await runJob(makeDeps({ db: tx as Db, now: () => new Date() }), id, providers);
    }
  },
};
