import { Badge, Card, Group, Text, Title } from '@mantine/core';
import type { AttemptResult } from '@prepwise/contract';
import { useTranslation } from '../../../lib/i18n-react';
import { formatScore } from '../format';
import classes from '../practice.module.css';

/**
 * The IELTS bands of an attempt (issue 28): a band per skill (listening and reading at once, writing and
 * speaking once a teacher marks them) and, for a four-skill attempt, the overall band, or which skills it
 * still waits for.
 */
export function IeltsBandsCard({
  bands,
  headingLevel,
}: {
  bands: NonNullable<AttemptResult['ielts_bands']>;
  headingLevel: 2 | 3 | 4;
}) {
  const { t } = useTranslation('practice');
  const skillName = (skill: string) => t(`skills.${skill}` as 'skills.listening');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="ielts-bands">
      <Group justify="space-between" align="flex-start" gap="xl">
        <div>
          <Title order={headingLevel}>{t('ieltsBands.title')}</Title>
          {bands.four_skills ? (
            <div data-testid="ielts-overall">
              <Text size="sm" c="dimmed" mt="xs">
                {t('ieltsBands.overall')}
              </Text>
              {bands.overall === null ? (
                <Text size="sm" mt={4} maw={360}>
                  {t('ieltsBands.waiting', {
                    skills: bands.waiting.map(skillName).join(', '),
                  })}
                </Text>
              ) : (
                <Text className={classes.scoreBig}>{formatScore(bands.overall)}</Text>
              )}
            </div>
          ) : null}
          <Text size="xs" c="dimmed" mt={6} maw={420}>
            {t('ieltsBands.rule')}
          </Text>
        </div>
        <div className={classes.stats} style={{ flex: 1, minWidth: 'min(100%, 20rem)' }}>
          {bands.skills.map((entry) => (
            <div key={entry.skill} className={classes.stat} data-testid={`ielts-band-${entry.skill}`}>
              <Text size="xs" c="dimmed">
                {skillName(entry.skill)}
              </Text>
              {entry.band === null ? (
                <Badge variant="light" color="blue" mt={4}>
                  {t('ieltsBands.waitingTeacher')}
                </Badge>
              ) : (
                <Text fw={800} size="xl">
                  {formatScore(entry.band)}
                </Text>
              )}
            </div>
          ))}
        </div>
      </Group>
    </Card>
  );
}
