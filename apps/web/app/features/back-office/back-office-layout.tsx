import { WEB_PATHS } from '@prepwise/contract';
import type { ReactNode } from 'react';
import { ADMIN_SCOPE, BackOfficeScopeProvider, ORGANIZATION_SCOPE } from '../../components/back-office/scope';
import { BackOfficeShell, type ShellMenuSection } from '../../components/layouts/back-office-shell';
import { QueryProvider } from '../../components/query-provider';
import { useTranslation } from '../../lib/i18n-react';
import { useSessionUser } from '../../lib/session';
import { ForbiddenNotice } from './forbidden-notice';
import {
  ADMIN_MENU,
  ADMIN_USER_LINKS,
  type MenuSectionData,
  ORGANIZATION_MENU,
  ORGANIZATION_USER_LINKS,
} from './menus';

type Area = 'admin' | 'organization';

const AREAS = {
  admin: {
    scope: ADMIN_SCOPE,
    menu: ADMIN_MENU,
    links: ADMIN_USER_LINKS,
    home: WEB_PATHS.admin,
    labelKey: 'area.admin',
  },
  organization: {
    scope: ORGANIZATION_SCOPE,
    menu: ORGANIZATION_MENU,
    links: ORGANIZATION_USER_LINKS,
    home: WEB_PATHS.organization,
    labelKey: 'area.organization',
  },
} as const;

/** The admin layout for /admin or /organization, with that area's menu. */
export function BackOfficeLayout({ area, children }: { area: Area; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const user = useSessionUser();
  if (!user) return null;
  const config = AREAS[area];
  const translate = (key: string) => t(key as 'menu.profile');
  const sections: ShellMenuSection[] = (config.menu as MenuSectionData[]).map((section) => ({
    label: section.labelKey ? translate(section.labelKey) : undefined,
    items: section.items.map((item) => ({ ...item, label: translate(item.labelKey) })),
  }));

  return (
    <QueryProvider>
      <BackOfficeScopeProvider scope={config.scope}>
        <BackOfficeShell
          areaLabel={translate(config.labelKey)}
          homePath={config.home}
          sections={sections}
          user={user}
          userLinks={config.links.map((link) => ({ ...link, label: translate(link.labelKey) }))}
        >
          <ForbiddenNotice />
          {children}
        </BackOfficeShell>
      </BackOfficeScopeProvider>
    </QueryProvider>
  );
}
