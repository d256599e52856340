import { Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { LogoMark } from '../icons';
import classes from './default-layout.module.css';

/** The site's links, grouped as visitors look for them; `mailto:` opens the mail app. */
const FOOTER_LINKS = [
  {
    key: 'practice',
    links: [
      { key: 'tests', to: '/tests' },
      { key: 'vocabulary', to: '/vocabulary' },
      { key: 'dictation', to: '/dictation' },
      { key: 'grammar', to: '/grammar' },
      { key: 'roadmap', to: '/roadmap' },
    ],
  },
  {
    key: 'about',
    links: [
      { key: 'blog', to: '/blog' },
      { key: 'organizations', to: '/organizations' },
      { key: 'registerOrganization', to: '/register-organization' },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'terms', to: '/term' },
      { key: 'privacy', to: '/privacy' },
      { key: 'contact', to: 'mailto:hotro@prepwise.vn' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();

  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Stack gap={4} maw={360}>
          <span className={classes.footerWordmark}>
            <LogoMark size={20} />
            {t('brand')}
          </span>
          <Text size="sm" c="dimmed">
            {t('footer.tagline')}
          </Text>
        </Stack>
        <nav className={classes.footerLinks} aria-label={t('footer.navigation')}>
          {FOOTER_LINKS.map((group) => (
            <div key={group.key}>
              <p className={classes.footerHeading}>{t(`footer.groups.${group.key}`)}</p>
              <ul className={classes.footerList}>
                {group.links.map((link) => (
                  <li key={link.key}>
                    {link.to.startsWith('mailto:') ? (
                      <a href={link.to} className={classes.footerLink}>
                        {t(`footer.links.${link.key}`)}
                      </a>
                    ) : (
                      <Link to={link.to} className={classes.footerLink}>
                        {t(`footer.links.${link.key}`)}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </Container>
      <Container size="lg" mt="md">
        <Text size="xs" c="dimmed">
          {t('footer.licence')}
        </Text>
      </Container>
    </footer>
  );
}
