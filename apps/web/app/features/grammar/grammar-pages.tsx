import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { Exercise } from './exercise';
import classes from './grammar.module.css';
import type {
  ComparisonLesson,
  GrammarHubEntry,
  LessonExample,
  LessonMistake,
  TenseLesson,
  TopicLesson,
} from './types';

function Breadcrumb({ current }: { current: string }) {
  const { t } = useTranslation('site');
  return (
    <nav aria-label={t('grammar.breadcrumb')}>
      <Group gap={6}>
        <Anchor component={Link} to="/grammar" size="sm">
          {t('grammar.title')}
        </Anchor>
        <Text size="sm" c="dimmed" aria-hidden="true">
          /
        </Text>
        <Text size="sm" c="dimmed" aria-current="page">
          {current}
        </Text>
      </Group>
    </nav>
  );
}

function Hero({ title, lead, current }: { title: string; lead: string; current?: string }) {
  return (
    <div className={classes.hero}>
      <Container size="lg">
        {current ? <Breadcrumb current={current} /> : null}
        <Title order={1} mt={current ? 'sm' : 0}>
          {title}
        </Title>
        <Text c="dimmed" size="lg" mt="xs" maw={720}>
          {lead}
        </Text>
      </Container>
    </div>
  );
}

function Toc({ items }: { items: { id: string; label: string }[] }) {
  const { t } = useTranslation('site');
  return (
    <nav aria-label={t('grammar.onThisPage')} className={classes.toc}>
      <Text fw={700} size="sm">
        {t('grammar.onThisPage')}
      </Text>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function MistakeList({ mistakes }: { mistakes: LessonMistake[] }) {
  const { t } = useTranslation('site');
  return (
    <>
      {mistakes.map((mistake) => (
        <div key={mistake.wrong} className={classes.mistake}>
          <p>
            <strong>{t('grammar.mistake.wrong')}:</strong>{' '}
            <span className={classes.wrong}>{mistake.wrong}</span>
          </p>
          <p>
            <strong>{t('grammar.mistake.right')}:</strong> {mistake.right}
          </p>
          <Text size="sm" c="dimmed">
            {mistake.note}
          </Text>
        </div>
      ))}
    </>
  );
}

function ExampleList({ examples }: { examples: LessonExample[] }) {
  return (
    <ul>
      {examples.map((example) => (
        <li key={example.en} className={classes.example}>
          <span lang="en">{example.en}</span>
          {example.translation ? <em>{example.translation}</em> : null}
        </li>
      ))}
    </ul>
  );
}

/** /grammar: the grammar topics. */
export function GrammarIndexPage({ topics }: { topics: GrammarHubEntry[] }) {
  const { t } = useTranslation('site');
  return (
    <>
      <Hero title={t('grammar.title')} lead={t('grammar.lead')} />
      <Container size="lg" py="xl">
        <div className={classes.cards}>
          {topics.map((topic) => (
            <Link key={topic.to} to={topic.to} className={classes.card}>
              <h2>{topic.title}</h2>
              <Text c="dimmed">{topic.text}</Text>
              <Group gap={6} mt="auto" c="var(--mantine-color-anchor)">
                <Text fw={600} c="inherit">
                  {t('grammar.open')}
                </Text>
                <ArrowRightIcon size={16} />
              </Group>
            </Link>
          ))}
        </div>
      </Container>
    </>
  );
}

/** /grammar/tense: the 12 tenses, each with form, use, signals, examples, mistakes and practice. */
export function TensePage({ tenses }: { tenses: TenseLesson[] }) {
  const { t } = useTranslation('site');
  return (
    <>
      <Hero
        title={t('grammar.tense.title')}
        lead={t('grammar.tense.lead')}
        current={t('grammar.tense.title')}
      />
      <Container size="lg" py="xl">
        <div className={classes.layout}>
          <Toc items={tenses.map((tense) => ({ id: tense.id, label: tense.name }))} />
          <div>
            {tenses.map((tense, index) => (
              <section
                key={tense.id}
                id={tense.id}
                className={classes.section}
                aria-labelledby={`${tense.id}-title`}
              >
                <h2 id={`${tense.id}-title`}>
                  {index + 1}. {tense.name}
                  {tense.englishName ? (
                    <Text span c="dimmed" fz="md" fw={400} lang="en">
                      {` (${tense.englishName})`}
                    </Text>
                  ) : null}
                </h2>
                <h3>{t('grammar.sections.form')}</h3>
                <div className={classes.forms}>
                  {(['affirmative', 'negative', 'question'] as const).map((kind) => (
                    <div key={kind} className={classes.formula}>
                      <span>{t(`grammar.sections.${kind}`)}</span>
                      <code lang="en">{tense.forms[kind]}</code>
                    </div>
                  ))}
                </div>
                <h3>{t('grammar.sections.use')}</h3>
                <ul>
                  {tense.uses.map((use) => (
                    <li key={use}>{use}</li>
                  ))}
                </ul>
                <h3>{t('grammar.sections.signals')}</h3>
                <ul className={classes.signals} lang="en">
                  {tense.signals.map((signal) => (
                    <li key={signal}>{signal}</li>
                  ))}
                </ul>
                <h3>{t('grammar.sections.examples')}</h3>
                <ExampleList examples={tense.examples} />
                <h3>{t('grammar.sections.mistakes')}</h3>
                <MistakeList mistakes={tense.mistakes} />
                <h3>{t('grammar.sections.practice')}</h3>
                <Exercise questions={tense.practice} name={tense.id} />
              </section>
            ))}
          </div>
        </div>
      </Container>
    </>
  );
}

/** /grammar/comparison: comparatives, superlatives, irregular forms, as…as and double comparatives. */
export function ComparisonPage({ lesson }: { lesson: ComparisonLesson }) {
  const { t } = useTranslation('site');
  const practiceId = 'practice';
  const mistakesId = 'mistakes';
  return (
    <>
      <Hero
        title={t('grammar.comparison.title')}
        lead={t('grammar.comparison.lead')}
        current={t('grammar.comparison.title')}
      />
      <Container size="lg" py="xl">
        <div className={classes.layout}>
          <Toc
            items={[
              ...lesson.sections.map((section) => ({ id: section.id, label: section.title })),
              { id: mistakesId, label: t('grammar.sections.mistakes') },
              { id: practiceId, label: t('grammar.sections.practice') },
            ]}
          />
          <div>
            {lesson.sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className={classes.section}
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                <Text>{section.intro}</Text>
                {section.formulas ? (
                  <>
                    <h3>{t('grammar.sections.form')}</h3>
                    <div className={classes.forms}>
                      {section.formulas.map((formula) => (
                        <div key={formula} className={classes.formula}>
                          <code lang="en">{formula}</code>
                        </div>
                      ))}
                    </div>
                  </>
                ) : null}
                {section.rules ? (
                  <div style={{ overflowX: 'auto', marginTop: '1rem' }}>
                    <table className={classes.table}>
                      <thead>
                        <tr>
                          <th scope="col">{t('grammar.table.rule')}</th>
                          <th scope="col">{t('grammar.table.comparative')}</th>
                          <th scope="col">{t('grammar.table.superlative')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {section.rules.map((rule) => (
                          <tr key={rule.comparative}>
                            <td>{rule.rule}</td>
                            <td lang="en">{rule.comparative}</td>
                            <td lang="en">{rule.superlative}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
                <h3>{t('grammar.sections.examples')}</h3>
                <ExampleList examples={section.examples} />
              </section>
            ))}
            <section id={mistakesId} className={classes.section} aria-labelledby="mistakes-title">
              <h2 id="mistakes-title">{t('grammar.sections.mistakes')}</h2>
              <MistakeList mistakes={lesson.mistakes} />
            </section>
            <section id={practiceId} className={classes.section} aria-labelledby="practice-title">
              <h2 id="practice-title">{t('grammar.sections.practice')}</h2>
              <Exercise questions={lesson.practice} name="comparison" />
            </section>
          </div>
        </div>
      </Container>
    </>
  );
}

/** /grammar/{slug}: a topic lesson — sections with rules, forms, tables and examples, mistakes, practice. */
export function TopicPage({ lesson }: { lesson: TopicLesson }) {
  const { t } = useTranslation('site');
  const practiceId = 'practice';
  const mistakesId = 'mistakes';
  return (
    <>
      <Hero title={lesson.title} lead={lesson.lead} current={lesson.title} />
      <Container size="lg" py="xl">
        <div className={classes.layout}>
          <Toc
            items={[
              ...lesson.sections.map((section) => ({ id: section.id, label: section.title })),
              { id: mistakesId, label: t('grammar.sections.mistakes') },
              { id: practiceId, label: t('grammar.sections.practice') },
            ]}
          />
          <div>
            {lesson.sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className={classes.section}
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                <Text>{section.intro}</Text>
                {section.points ? (
                  <ul>
                    {section.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                ) : null}
                {section.formulas ? (
                  <>
                    <h3>{t('grammar.sections.form')}</h3>
                    <div className={classes.forms}>
                      {section.formulas.map((formula) => (
                        <div key={formula} className={classes.formula}>
                          <code lang="en">{formula}</code>
                        </div>
                      ))}
                    </div>
                  </>
                ) : null}
                {section.table ? (
                  <div className={classes.tableScroll}>
                    <table className={classes.table}>
                      <thead>
                        <tr>
                          {section.table.head.map((cell) => (
                            <th key={cell} scope="col">
                              {cell}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {section.table.rows.map((row) => (
                          <tr key={row.join('|')}>
                            {row.map((cell, index) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns
                              <td key={index}>{cell}</td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
                <h3>{t('grammar.sections.examples')}</h3>
                <ExampleList examples={section.examples} />
              </section>
            ))}
            <section id={mistakesId} className={classes.section} aria-labelledby="mistakes-title">
              <h2 id="mistakes-title">{t('grammar.sections.mistakes')}</h2>
              <MistakeList mistakes={lesson.mistakes} />
            </section>
            <section id={practiceId} className={classes.section} aria-labelledby="practice-title">
              <h2 id="practice-title">{t('grammar.sections.practice')}</h2>
              <Exercise questions={lesson.practice} name={lesson.slug} />
            </section>
          </div>
        </div>
      </Container>
    </>
  );
}
