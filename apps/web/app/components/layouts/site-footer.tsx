import { Container, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react';
import { LogoMark } from '../icons';
import classes from './default-layout.module.css';

export function SiteFooter() {
  const { t } = useTranslation();

  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Stack gap={4} maw={520}>
          <span className={classes.footerWordmark}>
            <LogoMark size={20} />
            {t('brand')}
          </span>
          <Text size="sm" c="dimmed">
            {t('footer.tagline')}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed">
          {t('footer.licence')}
        </Text>
      </Container>
    </footer>
  );
}
