import { Anchor, Badge, Container, Divider, Group, Text, Title } from '@mantine/core';
import { localName, type PublicBlogPost } from '@prepwise/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { responsiveImage } from '../../lib/responsive-image';
import { formatDate, LanguageNote, Prose } from '../pages';
import classes from './blog.module.css';
import { PostCard } from './post-card';
import { ShareLinks } from './share-links';
import { TOC_MIN_HEADINGS, type TocEntry } from './toc';

/** /blog/{slug}: the article with its table of contents, share links and related posts. */
export function BlogPostPage({
  post,
  html,
  toc,
  url,
}: {
  post: PublicBlogPost;
  /** The content with heading ids (see withHeadingIds). */
  html: string;
  toc: TocEntry[];
  url: string;
}) {
  const { t, i18n } = useTranslation('site');
  const showToc = toc.length >= TOC_MIN_HEADINGS;
  // Posts are written in Vietnamese only: in English mode the article says so and is marked as Vietnamese.
  const english = i18n.language === 'en';

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <nav aria-label={t('blog.breadcrumb')}>
        <Group gap={6}>
          <Anchor component={Link} to="/blog" size="sm">
            {t('blog.title')}
          </Anchor>
          {post.category ? (
            <>
              <Text size="sm" c="dimmed" aria-hidden="true">
                /
              </Text>
              <Anchor component={Link} to={`/blog?category=${post.category.slug}`} size="sm">
                {localName(post.category, i18n.language)}
              </Anchor>
            </>
          ) : null}
        </Group>
      </nav>
      <div className={classes.postLayout}>
        <article lang={english ? 'vi' : undefined}>
          {english ? (
            <LanguageNote lang="en" mt="md" testId="post-language-note">
              {t('blog.onlyVietnamese')}
            </LanguageNote>
          ) : null}
          <header>
            {post.category ? (
              <Badge variant="light" mt="md">
                {localName(post.category, i18n.language)}
              </Badge>
            ) : null}
            <Title order={1} mt="sm" style={{ lineHeight: 1.2 }}>
              {post.title}
            </Title>
            <Group gap="xs" mt="sm" c="dimmed" data-testid="post-meta" lang={english ? 'en' : undefined}>
              <Text size="sm" data-testid="post-byline">
                {t('blog.by', { name: post.byline ?? t('blog.editorialTeam') })}
              </Text>
              <Text size="sm" aria-hidden="true">
                ·
              </Text>
              <Text size="sm" component="time" dateTime={post.published_at ?? undefined}>
                {formatDate(post.published_at, i18n.language)}
              </Text>
              <Text size="sm" aria-hidden="true">
                ·
              </Text>
              <Text size="sm">{t('blog.readingTime', { count: post.reading_minutes })}</Text>
            </Group>
            {post.cover ? (
              <img
                {...responsiveImage(post.cover.url, '(min-width: 75em) 54rem, 100vw')}
                alt={post.cover_alt ?? ''}
                className={classes.postCover}
                width={1200}
                height={630}
                fetchPriority="high"
                data-testid="post-cover"
              />
            ) : (
              <Divider my="lg" />
            )}
          </header>
          <Prose html={html} testId="post-content" />
          <Divider my="xl" />
          <ShareLinks url={url} />
        </article>
        {showToc ? (
          <aside className={classes.aside}>
            <nav aria-label={t('blog.toc')} className={classes.toc} data-testid="toc">
              <Text fw={700} size="sm">
                {t('blog.toc')}
              </Text>
              <ol>
                {toc.map((entry) => (
                  <li key={entry.id} data-level={entry.level}>
                    <a href={`#${entry.id}`}>{entry.text}</a>
                  </li>
                ))}
              </ol>
            </nav>
          </aside>
        ) : null}
      </div>
      {post.related.length > 0 ? (
        <section aria-labelledby="related-title" style={{ marginTop: '3rem' }}>
          <Title order={2} id="related-title" size="h3" mb="md">
            {t('blog.related')}
          </Title>
          <div className={classes.grid}>
            {post.related.map((related) => (
              <PostCard key={related.id} post={related} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </Container>
  );
}
