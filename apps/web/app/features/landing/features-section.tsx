import { Container, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { BookIcon, CardsIcon, ClipboardCheckIcon, PenIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import classes from './landing.module.css';

const FEATURES: {
  key: 'tests' | 'vocabulary' | 'grammar' | 'blog';
  Icon: ComponentType<{ size?: number }>;
}[] = [
  { key: 'tests', Icon: ClipboardCheckIcon },
  { key: 'vocabulary', Icon: CardsIcon },
  { key: 'grammar', Icon: BookIcon },
  { key: 'blog', Icon: PenIcon },
];

export function FeaturesSection() {
  const { t } = useTranslation('home');

  return (
    <section id="features" className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <div className={classes.sectionHeading}>
          <Title order={2} id="features-title" className={classes.sectionTitle}>
            {t('features.title')}
          </Title>
          <Text c="dimmed" size="lg" mt="sm">
            {t('features.lead')}
          </Text>
        </div>
        <div className={classes.featuresGrid}>
          {FEATURES.map(({ key, Icon }) => (
            <Paper key={key} withBorder radius="lg" p="xl" className={classes.featureCard}>
              <ThemeIcon variant="light" size={48} radius="md">
                <Icon size={24} />
              </ThemeIcon>
              <Title order={3} size="h4" mt="lg" mb="xs">
                {t(`features.${key}.title`)}
              </Title>
              <Text c="dimmed" size="sm" lh={1.65}>
                {t(`features.${key}.text`)}
              </Text>
            </Paper>
          ))}
        </div>
      </Container>
    </section>
  );
}
