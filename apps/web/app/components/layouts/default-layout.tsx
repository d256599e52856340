import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import classes from './default-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The default layout of seed-spec §2: header, page, footer. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
