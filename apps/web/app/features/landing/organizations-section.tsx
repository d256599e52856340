import { Container, Paper, Text, Title } from '@mantine/core';
import { CheckIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import classes from './landing.module.css';

const POINTS = ['staff', 'tests', 'analytics', 'privacy'] as const;

export function OrganizationsSection() {
  const { t } = useTranslation('home');

  return (
    <section id="organizations" className={classes.section} aria-labelledby="organizations-title">
      <Container size="lg" className={classes.orgGrid}>
        <div>
          <Text fw={700} size="sm" tt="uppercase" className={classes.eyebrowText}>
            {t('organizations.eyebrow')}
          </Text>
          <Title order={2} id="organizations-title" className={classes.sectionTitle} mt="xs">
            {t('organizations.title')}
          </Title>
          <Text c="dimmed" size="lg" mt="md" lh={1.65}>
            {t('organizations.text')}
          </Text>
        </div>
        <Paper radius="lg" p="xl" className={classes.orgPanel}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {POINTS.map((point) => (
              <li key={point} className={classes.orgPoint}>
                <span className={classes.orgCheck}>
                  <CheckIcon size={16} />
                </span>
                {t(`organizations.${point}`)}
              </li>
            ))}
          </ul>
        </Paper>
      </Container>
    </section>
  );
}
