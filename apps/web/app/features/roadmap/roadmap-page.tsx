import { Alert, Anchor, Badge, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { type Localized, ROADMAP_PATHS } from './paths';
import classes from './roadmap.module.css';

const pick = (text: Localized, language: string) => (language === 'en' ? text.en : text.vi);

/** A published test a practice step can link to. */
export interface RoadmapTest {
  slug: string;
  title: string;
  exam: string;
}

/** The signed-in learner's best result on a test they have submitted. */
export interface RoadmapProgress {
  slug: string;
  best_score: number | null;
  max_score: number | null;
}

/** The catalogue tests of one exam (TOEIC, IELTS), in the order the roadmap hands them to test steps. */
function testsFor(tests: RoadmapTest[], exam: string): RoadmapTest[] {
  return tests.filter((test) => test.exam.toUpperCase().includes(exam));
}

/** /roadmap: ordered steps for each goal, linking grammar lessons and real practice tests. */
export function RoadmapPage({
  signedIn,
  tests = [],
  progress = [],
}: {
  signedIn: boolean;
  tests?: RoadmapTest[];
  progress?: RoadmapProgress[];
}) {
  const { t, i18n } = useTranslation('site');
  const { t: tp } = useTranslation('practice');
  const language = i18n.language;
  const done = new Map(progress.map((item) => [item.slug, item]));
  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Title order={1}>{t('roadmap.title')}</Title>
          <Text c="dimmed" size="lg" mt="xs" maw={720}>
            {t('roadmap.lead')}
          </Text>
          <nav aria-label={t('roadmap.choose')}>
            <ul className={classes.goals}>
              {ROADMAP_PATHS.map((path) => (
                <li key={path.id}>
                  <a href={`#${path.id}`}>{path.goal}</a>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </div>
      <Container size="md" py="xl">
        {signedIn ? (
          <Alert variant="light" mb="lg" data-testid="progress-note">
            {t('roadmap.progressNote')}
          </Alert>
        ) : null}
        {ROADMAP_PATHS.map((path) => (
          <section key={path.id} id={path.id} className={classes.path} aria-labelledby={`${path.id}-title`}>
            <Group gap="sm" align="center">
              <Badge variant="light">{path.exam}</Badge>
              <Title order={2} id={`${path.id}-title`} size="h3">
                {path.goal}
              </Title>
            </Group>
            <Text mt="xs">{pick(path.summary, language)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t('roadmap.from', { level: pick(path.from, language) })} ·{' '}
              {t('roadmap.duration', { duration: pick(path.duration, language) })}
            </Text>
            <ol className={classes.steps}>
              {path.steps.map((step, index) => {
                const examTests = testsFor(tests, path.exam);
                const testIndex = path.steps.slice(0, index).filter((item) => item.kind === 'test').length;
                const test =
                  step.kind === 'test' ? examTests[testIndex % Math.max(1, examTests.length)] : undefined;
                const result = test ? done.get(test.slug) : undefined;
                return (
                  <li
                    key={step.title.en}
                    className={classes.step}
                    data-testid={step.kind === 'test' ? 'test-step' : undefined}
                    data-done={result ? 'true' : undefined}
                  >
                    <h3>{pick(step.title, language)}</h3>
                    <p>{pick(step.text, language)}</p>
                    {step.link ? (
                      <Anchor component={Link} to={step.link.to} size="sm" fw={600}>
                        {t('roadmap.openLesson')}: {pick(step.link.label, language)}
                      </Anchor>
                    ) : test ? (
                      <Group gap="xs" mt={4}>
                        <Anchor
                          component={Link}
                          to={`/tests/${encodeURIComponent(test.slug)}`}
                          size="sm"
                          fw={600}
                        >
                          {tp('roadmap.takeTest', { title: test.title })}
                        </Anchor>
                        {result ? (
                          <Badge color="teal.9" variant="filled" data-testid="step-done">
                            {result.best_score === null
                              ? tp('roadmap.done')
                              : tp('roadmap.doneWithScore', {
                                  score: result.best_score,
                                  max: result.max_score ?? '—',
                                })}
                          </Badge>
                        ) : null}
                      </Group>
                    ) : step.kind === 'test' ? (
                      <Anchor component={Link} to="/tests" size="sm" fw={600}>
                        {tp('roadmap.browse')}
                      </Anchor>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </Container>
    </>
  );
}
