import { Badge, Group, Text } from '@mantine/core';
import { localName, type PublicBlogPostSummary } from '@prepwise/contract';
import { Link } from 'react-router';
import { BookIcon } from '../../components/icons';
import { useTranslation } from '../../lib/i18n-react';
import { responsiveImage } from '../../lib/responsive-image';
import { formatDate } from '../pages';
import classes from './blog.module.css';

export type PublicPostSummary = Omit<PublicBlogPostSummary, 'state'>;

/** The slot a card's cover fills: the grid's columns are at least 17rem wide in a `lg` container. */
const COVER_SIZES = '(min-width: 75em) 22rem, (min-width: 36em) 50vw, 100vw';

/**
 * A post in a list: cover, category, title, excerpt, date and reading time. `priority` marks the first
 * card of a page, whose cover is the page's largest paint: loaded at once and first, not lazily.
 */
export function PostCard({
  post,
  headingLevel = 2,
  priority = false,
}: {
  post: PublicPostSummary;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation('site');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link to={`/blog/${post.slug}`} className={classes.card} data-testid="post-card">
      {post.cover ? (
        <img
          {...responsiveImage(post.cover.url, COVER_SIZES)}
          alt={post.cover_alt ?? ''}
          className={classes.cover}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
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
