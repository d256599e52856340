import { Button, CopyButton, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import { useStaticPage } from '../../lib/static-page';

/** Share on Facebook (a plain link, no SDK) and copy the address. */
export function ShareLinks({ url }: { url: string }) {
  const { t } = useTranslation('site');
  const isStatic = useStaticPage();
  return (
    <Group gap="xs" data-testid="share-links">
      <Text size="sm" fw={600}>
        {t('blog.share')}
      </Text>
      <Button
        component="a"
        href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        size="compact-sm"
      >
        Facebook
      </Button>
      {isStatic ? (
        // The static page's script copies it (lib/static-page.ts).
        <Button
          variant="default"
          size="compact-sm"
          aria-live="polite"
          data-copy={url}
          data-copied={t('blog.copied')}
        >
          {t('blog.copyLink')}
        </Button>
      ) : (
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              size="compact-sm"
              onClick={copy}
              aria-live="polite"
            >
              {copied ? t('blog.copied') : t('blog.copyLink')}
            </Button>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
