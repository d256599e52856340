import { Badge, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import classes from './dictation.module.css';

/** An exercise as the list shows it: labels already in the page's language (the loader picks). */
export interface DictationCard {
  id: string;
  questions: string;
  test: string;
  level: string | null;
  sentence_count: number;
  word_count: number;
}

/** The exercises of one part of one exam. */
export interface DictationGroup {
  key: string;
  exam: string;
  part: string;
  exercises: DictationCard[];
}

/** /dictation: the exercises by exam and part. */
export function DictationListPage({ groups }: { groups: DictationGroup[] }) {
  const { t } = useTranslation('dictation');
  return (
    <>
      <div className={classes.hero}>
        <Container size="lg">
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed" size="lg" mt="xs" maw={720}>
            {t('list.lead')}
          </Text>
          <Text size="sm" c="dimmed" mt="sm" maw={720}>
            {t('list.rule')}
          </Text>
        </Container>
      </div>
      <Container size="lg" pb="xl">
        {groups.length === 0 && <Text my="xl">{t('list.empty')}</Text>}
        {groups.map((group) => (
          <section key={group.key} className={classes.group} aria-labelledby={`dictation-${group.key}`}>
            <Title order={2} size="h3" id={`dictation-${group.key}`}>
              {group.exam} · {group.part}
            </Title>
            <ul className={classes.grid}>
              {group.exercises.map((exercise) => (
                <li key={exercise.id}>
                  <Link
                    to={`/dictation/${exercise.id}`}
                    className={classes.card}
                    data-testid="dictation-card"
                  >
                    <Text fw={600}>{exercise.questions}</Text>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {t('list.fromTest', { title: exercise.test })}
                    </Text>
                    <div className={classes.meta}>
                      {exercise.level && (
                        <Badge variant="outline" size="sm">
                          {exercise.level}
                        </Badge>
                      )}
                      <span>{t('list.sentences', { count: exercise.sentence_count })}</span>
                      <span aria-hidden="true">·</span>
                      <span>{t('list.words', { count: exercise.word_count })}</span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Container>
    </>
  );
}
