import { Alert, Anchor, Badge, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Localized, ROADMAP_PATHS } from './paths';
import classes from './roadmap.module.css';

const pick = (text: Localized, language: string) => (language === 'en' ? text.en : text.vi);

/** /roadmap: ordered steps for each goal, linking the grammar lessons that exist today. */
export function RoadmapPage({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation('site');
  const language = i18n.language;
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
              {path.steps.map((step) => (
                <li key={step.title.en} className={classes.step}>
                  <h3>{pick(step.title, language)}</h3>
                  <p>{pick(step.text, language)}</p>
                  {step.link ? (
                    <Anchor component={Link} to={step.link.to} size="sm" fw={600}>
                      {t('roadmap.openLesson')}: {pick(step.link.label, language)}
                    </Anchor>
                  ) : step.kind === 'test' ? (
                    <Badge variant="outline" color="gray" mt={4}>
                      {t('roadmap.testStep')}
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </Container>
    </>
  );
}
