import { Button, Container, Group, Text, Title } from '@mantine/core';
import type { CatalogueItem } from '@prepwise/contract';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { TestCard } from '../practice';
import classes from './landing.module.css';

/**
 * A few popular published tests from the catalogue, rendered on the server with the home page. They come
 * most taken first, then newest: while none has been taken they are simply the newest, and the lead says so.
 */
export function FeaturedTestsSection({ tests }: { tests: CatalogueItem[] }) {
  const { t } = useTranslation('practice');
  if (tests.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="featured-tests-title">
      <Container size="lg">
        <Group justify="space-between" align="flex-end" mb="lg">
          <div>
            <Title order={2} id="featured-tests-title" className={classes.sectionTitle}>
              {t('featured.title')}
            </Title>
            <Text c="dimmed" mt={4}>
              {tests.some((test) => test.attempt_count > 0) ? t('featured.lead') : t('featured.leadNewest')}
            </Text>
          </div>
          <Button component={Link} to="/tests" variant="subtle" rightSection={<ArrowRightIcon size={16} />}>
            {t('featured.all')}
          </Button>
        </Group>
        <div
          style={{
            display: 'grid',
            gap: '1.25rem',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))',
          }}
          data-testid="featured-tests"
        >
          {tests.map((test) => (
            <TestCard key={test.id} test={test} headingLevel={3} />
          ))}
        </div>
      </Container>
    </section>
  );
}
