import { and, eq, sql } from 'drizzle-orm';
import { vocabularyTopics, vocabularyTopicWords, vocabularyWords } from '../db/schema';
import { SEED_TOPICS } from './content/vocabulary-topics';
import type { SeedStep } from './step';

/**
 * Prepwise's starter vocabulary (13 published topics of 20 words, written for the project). A topic
 * whose slug exists is left alone (an admin may have edited it); a word shared by two topics is
 * stored once (same headword and part of speech).
 */
export const vocabularyStep: SeedStep = {
  name: 'vocabulary',
  version: '1',
  demo: false,
  async run(tx) {
    for (const [position, topic] of SEED_TOPICS.entries()) {
      const [created] = await tx
        .insert(vocabularyTopics)
        .values({
          slug: topic.slug,
          nameVi: topic.nameVi,
          nameEn: topic.nameEn,
          descriptionVi: topic.descriptionVi,
          descriptionEn: topic.descriptionEn,
          level: topic.level,
          exam: topic.exam,
          position,
          published: true,
        })
        .onConflictDoNothing()
        .returning({ id: vocabularyTopics.id });
      if (!created) continue;
      for (const [
        index,
        [headword, pos, ipa, meaningVi, definitionEn, exampleEn, exampleVi, level],
      ] of topic.words.entries()) {
        const [existing] = await tx
          .select({ id: vocabularyWords.id })
          .from(vocabularyWords)
          .where(
            and(
              sql`lower(${vocabularyWords.headword}) = lower(${headword})`,
              eq(vocabularyWords.partOfSpeech, pos),
            ),
          );
        const wordId =
          existing?.id ??
          (
            await tx
              .insert(vocabularyWords)
              .values({
                headword,
                partOfSpeech: pos,
                ipa,
                meaningVi,
                definitionEn,
                examples: [{ en: exampleEn, vi: exampleVi }],
                level,
                tags: [topic.exam],
              })
              .returning({ id: vocabularyWords.id })
          )[0]!.id;
        await tx
          .insert(vocabularyTopicWords)
          .values({ topicId: created.id, wordId, position: index })
          .onConflictDoNothing();
      }
    }
  },
};
