import { Badge, Button, Container, Group, Title } from '@mantine/core';
import { WEB_PATHS } from '@prepwise/contract';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import classes from './landing.module.css';
import { SampleResultCard } from './sample-result-card';

export function HeroSection() {
  const { t } = useTranslation('home');
  const user = useSessionUser();

  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" className={classes.heroGrid}>
        <div>
          <Badge variant="light" size="lg" radius="xl" className={classes.eyebrow}>
            {t('hero.eyebrow')}
          </Badge>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            {t('hero.title')}
          </Title>
          <p className={classes.heroLead}>{t('hero.lead')}</p>
          <Group gap="sm" className={classes.heroActions}>
            {user?.scope === 'user' ? (
              // A signed-in learner lands here: their study home is the next step.
              <Button
                component={Link}
                to={WEB_PATHS.dashboard}
                size="lg"
                rightSection={<ArrowRightIcon size={18} />}
                data-testid="hero-dashboard"
              >
                {t('hero.dashboardAction')}
              </Button>
            ) : (
              <Button component="a" href="#features" size="lg" rightSection={<ArrowRightIcon size={18} />}>
                {t('hero.primaryAction')}
              </Button>
            )}
            <Button component="a" href="#organizations" size="lg" variant="default">
              {t('hero.secondaryAction')}
            </Button>
          </Group>
        </div>
        <SampleResultCard />
      </Container>
    </section>
  );
}
