import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import classes from './landing.module.css';

const STEPS = ['take', 'review', 'practise'] as const;

export function StepsSection() {
  const { t } = useTranslation('home');

  return (
    <section className={classes.sectionAlt} aria-labelledby="steps-title">
      <Container size="lg">
        <div className={classes.sectionHeading}>
          <Title order={2} id="steps-title" className={classes.sectionTitle}>
            {t('steps.title')}
          </Title>
        </div>
        <ol className={classes.stepsGrid}>
          {STEPS.map((step, index) => (
            <Stack component="li" key={step} gap="sm" align="flex-start">
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} size="h4">
                {t(`steps.${step}.title`)}
              </Title>
              <Text c="dimmed" lh={1.65}>
                {t(`steps.${step}.text`)}
              </Text>
            </Stack>
          ))}
        </ol>
      </Container>
    </section>
  );
}
