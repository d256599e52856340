import type { ComponentType } from 'react';
import {
  BookIcon,
  BuildingIcon,
  CardsIcon,
  ChartIcon,
  ClipboardCheckIcon,
  DashboardIcon,
  KeyIcon,
  PenIcon,
  ShieldIcon,
  SparklesIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/icons';
import type { PermissionRequirement } from '../../components/permission-gate';
import { BACK_OFFICE_PAGES } from '../../lib/back-office-pages';
import type { BackOfficeArea, MenuGroup, MenuIcon, ScopedPage } from '../../lib/page-manifest';

export interface MenuItemData {
  to: string;
  /** Key in the `admin` namespace. */
  labelKey: string;
  icon: ComponentType<{ size?: number }>;
  /** Seed-spec §6: `''` means any signed-in user of the area. */
  permission: PermissionRequirement;
  /** Only for the organization's owner (its orders and money), whatever the role holds. */
  ownerOnly?: boolean;
  end?: boolean;
}

export interface MenuSectionData {
  labelKey?: string;
  items: MenuItemData[];
}

/** The components of the icons a page manifest names. */
export const MENU_ICONS: Record<MenuIcon, ComponentType<{ size?: number }>> = {
  book: BookIcon,
  building: BuildingIcon,
  cards: CardsIcon,
  chart: ChartIcon,
  'clipboard-check': ClipboardCheckIcon,
  dashboard: DashboardIcon,
  key: KeyIcon,
  pen: PenIcon,
  shield: ShieldIcon,
  sparkles: SparklesIcon,
  user: UserIcon,
  users: UsersIcon,
  wallet: WalletIcon,
};

/**
 * Each area's menu sections in order, with their titles (an `admin` key, or `namespace:key`); the
 * items come from the page manifests (lib/page-manifest.ts), each in its entry's group and order.
 * A group an area does not list has no section there.
 */
export const MENU_GROUPS: Record<BackOfficeArea, ReadonlyArray<{ group: MenuGroup; labelKey?: string }>> = {
  admin: [
    { group: 'home' },
    // Exam content authoring (issue 4); labels live in the `content` namespace.
    { group: 'content', labelKey: 'content:menu.section' },
    // The public website (issue 6); labels live in the `siteAdmin` namespace.
    { group: 'site', labelKey: 'siteAdmin:menu.section' },
    // Vocabulary (issue 17); labels live in the `vocabulary` namespace.
    { group: 'vocabulary', labelKey: 'vocabulary:admin.menu.section' },
    // Learners and analytics (issue 15); labels live in the `learners` and `analytics` namespaces.
    { group: 'learners', labelKey: 'learners:menu.section' },
    { group: 'accounts', labelKey: 'menu.accounts' },
    // Organizations (issue 12); labels live in the `organizations` namespace.
    { group: 'organizations', labelKey: 'organizations:menu.section' },
    // Payments (issue 16); labels live in the `payments` namespace.
    { group: 'payments' },
    { group: 'my-account', labelKey: 'menu.myAccount' },
  ],
  organization: [
    { group: 'home' },
    // Students and classes (issue 12 §4); labels live in the `students` namespace.
    { group: 'learners', labelKey: 'students:menu.students' },
    // The exam structure in the organization's scope (the admin's pages); labels in `content`.
    { group: 'content', labelKey: 'content:menu.section' },
    { group: 'accounts', labelKey: 'menu.accounts' },
    // The organization's package and orders (issue 16); labels live in the `payments` namespace.
    { group: 'payments', labelKey: 'payments:organization.menuSection' },
    { group: 'my-account', labelKey: 'menu.myAccount' },
  ],
};

/** An area's sidebar from the page manifests; each item carries the permission its page is guarded by. */
export function menuFor(
  area: BackOfficeArea,
  pages: readonly ScopedPage[] = BACK_OFFICE_PAGES,
): MenuSectionData[] {
  const entries = pages.filter((page) => page.area === area && page.menu);
  return MENU_GROUPS[area].flatMap(({ group, labelKey }) => {
    const items = entries
      .filter((page) => page.menu?.group === group)
      .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))
      .map((page): MenuItemData => {
        const menu = page.menu!;
        return {
          to: page.pattern,
          labelKey: menu.labelKey,
          icon: MENU_ICONS[menu.icon],
          permission: page.permission ?? '',
          ...(page.owner ? { ownerOnly: true } : {}),
          ...(menu.end ? { end: true } : {}),
        };
      });
    return items.length > 0 ? [{ ...(labelKey ? { labelKey } : {}), items }] : [];
  });
}

/** The admin area's sidebar. */
export const ADMIN_MENU: MenuSectionData[] = menuFor('admin');

/** The organization portal's sidebar. */
export const ORGANIZATION_MENU: MenuSectionData[] = menuFor('organization');

export const ADMIN_USER_LINKS = [
  { to: '/admin/profile', labelKey: 'menu.profile', icon: UserIcon },
  { to: '/admin/profile/change-password', labelKey: 'menu.changePassword', icon: KeyIcon },
] as const;

export const ORGANIZATION_USER_LINKS = [
  { to: '/organization/profile', labelKey: 'menu.profile', icon: UserIcon },
  { to: '/organization/profile#password', labelKey: 'menu.changePassword', icon: KeyIcon },
] as const;
