import type { Locale } from '@prepwise/contract';
import { getServerT } from '../../lib/i18n.server';
import { localizeExample, localizeMistake, pick } from './lesson.server';
import { ARTICLES } from './topics/articles.server';
import { CONDITIONALS } from './topics/conditionals.server';
import { GERUNDS_INFINITIVES } from './topics/gerunds-infinitives.server';
import { MODAL_VERBS } from './topics/modal-verbs.server';
import { PASSIVE_VOICE } from './topics/passive-voice.server';
import { RELATIVE_CLAUSES } from './topics/relative-clauses.server';
import { REPORTED_SPEECH } from './topics/reported-speech.server';
import { WORD_FORMS } from './topics/word-forms.server';
import type { GrammarHubEntry, GrammarTopic, TopicLesson } from './types';

/** The topic lessons at /grammar/{slug}, in the hub's order (original Prepwise content). */
export const GRAMMAR_TOPICS: GrammarTopic[] = [
  WORD_FORMS,
  ARTICLES,
  PASSIVE_VOICE,
  CONDITIONALS,
  RELATIVE_CLAUSES,
  MODAL_VERBS,
  GERUNDS_INFINITIVES,
  REPORTED_SPEECH,
];

export const findGrammarTopic = (slug: string) => GRAMMAR_TOPICS.find((topic) => topic.slug === slug);

/** /grammar/{slug} as it shows in `locale`; undefined for a topic that does not exist. */
export function getTopicLesson(slug: string, locale: Locale): TopicLesson | undefined {
  const topic = findGrammarTopic(slug);
  if (!topic) return undefined;
  return {
    slug: topic.slug,
    title: pick(topic.title, locale),
    lead: pick(topic.lead, locale),
    sections: topic.sections.map((section) => ({
      id: section.id,
      title: pick(section.title, locale),
      intro: pick(section.intro, locale),
      ...(section.points ? { points: section.points.map((point) => pick(point, locale)) } : {}),
      ...(section.formulas ? { formulas: section.formulas } : {}),
      ...(section.table
        ? {
            table: {
              head: section.table.head.map((cell) => pick(cell, locale)),
              rows: section.table.rows.map((row) =>
                row.map((cell) => (typeof cell === 'string' ? cell : pick(cell, locale))),
              ),
            },
          }
        : {}),
      examples: section.examples.map((example) => localizeExample(example, locale)),
    })),
    mistakes: topic.mistakes.map((mistake) => localizeMistake(mistake, locale)),
    practice: topic.practice.map((question) => ({
      sentence: question.sentence,
      options: question.options,
      answer: question.answer,
      explanation: pick(question.explanation, locale),
    })),
  };
}

/** The cards of /grammar: the tenses, comparison, then every topic lesson. */
export function getGrammarHub(locale: Locale): GrammarHubEntry[] {
  const t = getServerT(locale, 'site');
  return [
    { to: '/grammar/tense', title: t('grammar.tense.title'), text: t('grammar.tense.card') },
    { to: '/grammar/comparison', title: t('grammar.comparison.title'), text: t('grammar.comparison.card') },
    ...GRAMMAR_TOPICS.map((topic) => ({
      to: `/grammar/${topic.slug}`,
      title: pick(topic.title, locale),
      text: pick(topic.card, locale),
    })),
  ];
}
