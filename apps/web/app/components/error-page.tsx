import { Button, Code, Container, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n-react';
import classes from './error-page.module.css';

/**
 * The generic error page of seed-spec §2/§8: 'Page Not Found' with the requested path for a
 * 404, 'Internal Server Error' for anything else. English defaults cover a failed root loader.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = isNotFound
    ? t('notFound.title', 'Page Not Found')
    : t('serverError.title', 'Internal Server Error');
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <Container size="sm" className={classes.root}>
      <title>{`${title} · Prepwise`}</title>
      <meta name="robots" content="noindex" />
      <Text className={classes.code} aria-hidden="true">
        {status}
      </Text>
      <Title order={1}>{title}</Title>
      {isNotFound ? (
        <Text c="dimmed" size="lg">
          {t('notFound.description', 'We could not find the page you asked for:')}{' '}
          <Code className={classes.path} data-testid="error-path">
            {pathname}
          </Code>
        </Text>
      ) : (
        <Text c="dimmed" size="lg">
          {t('serverError.description', 'Something went wrong on our side. Please try again in a moment.')}
        </Text>
      )}
      {stack ? (
        <Code block className={classes.stack}>
          {stack}
        </Code>
      ) : null}
      <Button component={Link} to="/" size="md" mt="sm">
        {t('backHome', 'Back to the home page')}
      </Button>
    </Container>
  );
}
