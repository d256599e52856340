import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { PostCard, type PublicPostSummary } from '../blog';
import classes from './landing.module.css';

/** The newest blog posts, rendered on the server with the home page. */
export function LatestPostsSection({ posts }: { posts: PublicPostSummary[] }) {
  const { t } = useTranslation('site');
  if (posts.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="latest-posts-title">
      <Container size="lg">
        <Group justify="space-between" align="flex-end" mb="lg">
          <div>
            <Title order={2} id="latest-posts-title" className={classes.sectionTitle}>
              {t('home.latestTitle')}
            </Title>
            <Text c="dimmed" mt={4}>
              {t('home.latestLead')}
            </Text>
          </div>
          <Button component={Link} to="/blog" variant="subtle" rightSection={<ArrowRightIcon size={16} />}>
            {t('home.allPosts')}
          </Button>
        </Group>
        <div
          style={{
            display: 'grid',
            gap: '1.25rem',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))',
          }}
          data-testid="latest-posts"
        >
          {posts.map((post) => (
            <PostCard key={post.id} post={post} headingLevel={3} />
          ))}
        </div>
      </Container>
    </section>
  );
}
