import { Button, Group } from '@mantine/core';
import { LOCALES } from '@prepwise/contract';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import classes from './default-layout.module.css';

/** The page's query without `?lang=`, which would otherwise override the choice made here. */
function withoutLangParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('lang');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * vi/en switch. A plain form post to /preferences/locale sets the `locale` cookie and comes back
 * to the same page, so it works before hydration too; with JS it runs as a fetcher and the root
 * loader re-renders the page in the new language.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const pendingLocale = fetcher.formData?.get('locale');
  const current = typeof pendingLocale === 'string' ? pendingLocale : i18n.language;

  return (
    <fetcher.Form
      method="post"
      action="/preferences/locale"
      preventScrollReset
      onSubmit={(event) => {
        // The address bar may already show a navigation whose render is still pending (a busy phone):
        // come back to where the learner is now, not to the page this form was last rendered on.
        const target = event.currentTarget.elements.namedItem('redirectTo');
        if (target instanceof HTMLInputElement) {
          target.value = `${window.location.pathname}${withoutLangParam(window.location.search)}`;
        }
      }}
    >
      <input type="hidden" name="redirectTo" value={`${pathname}${withoutLangParam(search)}`} />
      <Group gap={4} wrap="nowrap" role="group" aria-label={t('language.label')}>
        {LOCALES.map((locale) => (
          <Button
            key={locale}
            type="submit"
            name="locale"
            value={locale}
            size="compact-sm"
            variant={locale === current ? 'light' : 'subtle'}
            color={locale === current ? undefined : 'gray'}
            aria-pressed={locale === current}
            aria-label={t(`language.${locale}`)}
            lang={locale}
            className={classes.languageButton}
          >
            {locale.toUpperCase()}
          </Button>
        ))}
      </Group>
    </fetcher.Form>
  );
}
