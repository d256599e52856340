import { ActionIcon, Box, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import { MoonIcon, SunIcon } from '../icons';
import classes from './default-layout.module.css';

/** Light/dark switch. Icons swap through CSS so server and client markup never differ. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { toggleColorScheme } = useMantineColorScheme();

  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={toggleColorScheme}
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
  );
}
