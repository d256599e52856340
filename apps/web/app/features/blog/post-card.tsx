import { Badge, Group, Text } from '@mantine/core';
import { localName, type PublicBlogPostSummary } from '@prepwise/contract';
import { Link } from 'react-router';
import { BookIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { formatDate } from '../pages';
import classes from './blog.module.css';

export type PublicPostSummary = Omit<PublicBlogPostSummary, 'state'>;

/** A post in a list: cover, category, title, excerpt, date and reading time. */
export function PostCard({ post, headingLevel = 2 }: { post: PublicPostSummary; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('site');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link to={`/blog/${post.slug}`} className={classes.card} data-testid="post-card">
      {post.cover ? (
        <img
          src={post.cover.url}
          alt={post.cover_alt ?? ''}
          className={classes.cover}
          loading="lazy"
          width={640}
          height={360}
          data-testid="post-cover"
        />
      ) : (
        <div className={classes.coverPlaceholder} aria-hidden="true">
          <BookIcon size={40} />
        </div>
      )}
      <div className={classes.cardBody}>
        {post.category ? (
          <Badge variant="light" size="sm" w="fit-content">
            {localName(post.category, i18n.language)}
          </Badge>
        ) : null}
        <Heading className={classes.cardTitle}>{post.title}</Heading>
        {post.excerpt ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {post.excerpt}
          </Text>
        ) : null}
        <Group gap="xs" mt="auto" c="dimmed">
          <Text size="xs" c="dimmed">
            {formatDate(post.published_at, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Text size="xs" c="dimmed">
            {t('blog.readingTime', { count: post.reading_minutes })}
          </Text>
        </Group>
      </div>
    </Link>
  );
}
