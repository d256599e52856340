import { Badge, Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { ROADMAP_GOALS } from './goals';
import classes from './roadmap.module.css';

/** The home page's invitation to the roadmap. */
export function RoadmapTeaser() {
  const { t } = useTranslation('site');
  return (
    <section
      aria-labelledby="roadmap-teaser-title"
      style={{ paddingBlock: '3.5rem', background: 'var(--mantine-color-default-hover)' }}
    >
      <Container size="lg">
        <Title order={2} id="roadmap-teaser-title">
          {t('home.roadmapTitle')}
        </Title>
        <Text c="dimmed" size="lg" mt="xs" maw={720}>
          {t('home.roadmapLead')}
        </Text>
        <ul className={classes.teaser}>
          {ROADMAP_GOALS.map((path) => (
            <li key={path.id}>
              <Link to={`/roadmap#${path.id}`}>
                <Badge variant="light" size="sm">
                  {path.exam}
                </Badge>
                <Text fw={700} size="lg" mt={6}>
                  {path.goal}
                </Text>
              </Link>
            </li>
          ))}
        </ul>
        <Group mt="lg" gap="sm">
          <Button component={Link} to="/roadmap" rightSection={<ArrowRightIcon size={16} />}>
            {t('home.roadmapAction')}
          </Button>
          <Button component={Link} to="/grammar" variant="default">
            {t('home.grammarAction')}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
