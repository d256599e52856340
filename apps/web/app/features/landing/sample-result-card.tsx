import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import classes from './landing.module.css';

const SECTION_MAX = 495;

function ScoreBar({ label, score }: { label: string; score: number }) {
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {score} / {SECTION_MAX}
        </Text>
      </Group>
      {/* A plain bar: the landing page does not load Mantine's Progress for one illustration. */}
      <div
        className={classes.scoreBar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={SECTION_MAX}
        aria-valuenow={score}
      >
        <div className={classes.scoreBarFill} style={{ width: `${(score / SECTION_MAX) * 100}%` }} />
      </div>
    </div>
  );
}

/** An illustrative result, labelled as a sample, showing what a scored practice test looks like. */
export function SampleResultCard() {
  const { t } = useTranslation('home');

  return (
    <Paper radius="lg" p="xl" className={classes.sampleCard}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text size="sm" fw={600}>
            {t('sample.test')}
          </Text>
          <Badge variant="light" color="gray" radius="sm" style={{ flex: 'none' }}>
            {t('sample.badge')}
          </Badge>
        </Group>
        <div>
          <Text size="sm" c="dimmed">
            {t('sample.total')}
          </Text>
          <Group gap={6} align="baseline">
            <span className={classes.score}>785</span>
            <Text c="dimmed">/ 990</Text>
          </Group>
        </div>
        <Stack gap="md">
          <ScoreBar label={t('sample.listening')} score={410} />
          <ScoreBar label={t('sample.reading')} score={375} />
        </Stack>
        <hr className={classes.sampleRule} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('sample.focusLabel')}
          </Text>
          <Text size="sm" fw={600}>
            {t('sample.focus')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
