import { ActionIcon, Box, useMantineColorScheme } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { MoonIcon, SunIcon } from '../icons';
import classes from './default-layout.module.css';

/**
 * Light/dark switch. Icons swap through CSS so server and client markup never differ. A form, so that
 * it works on a static page too (its inline script flips the scheme in place, or without it the post
 * to /preferences/color-scheme sets the cookie and comes back); with React, Mantine switches.
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const { pathname, search } = useLocation();

  return (
    <form
      method="post"
      action="/preferences/color-scheme"
      data-scheme-toggle=""
      className={classes.schemeForm}
      onSubmit={(event) => {
        event.preventDefault();
        toggleColorScheme();
      }}
    >
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <ActionIcon
        type="submit"
        name="scheme"
        value={colorScheme === 'dark' ? 'light' : 'dark'}
        variant="default"
        size="lg"
        aria-label={t('colorScheme.toggle')}
        title={t('colorScheme.toggle')}
        data-testid="color-scheme-toggle"
      >
        <Box component="span" className={classes.schemeIcon} darkHidden>
          <MoonIcon size={18} />
        </Box>
        <Box component="span" className={classes.schemeIcon} lightHidden>
          <SunIcon size={18} />
        </Box>
      </ActionIcon>
    </form>
  );
}
