import { WEB_PATHS } from '@prepwise/contract';
import type { ComponentType } from 'react';
import {
  BuildingIcon,
  DashboardIcon,
  KeyIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
} from '../../components/icons';
import type { PermissionRequirement } from '../../components/permission-gate';

export interface MenuItemData {
  to: string;
  /** Key in the `admin` namespace. */
  labelKey: string;
  icon: ComponentType<{ size?: number }>;
  /** Seed-spec §6: `''` means any signed-in user of the area. */
  permission: PermissionRequirement;
  end?: boolean;
}

export interface MenuSectionData {
  labelKey?: string;
  items: MenuItemData[];
}

/** The admin area's sidebar; each item carries the permission its page is guarded by. */
export const ADMIN_MENU: MenuSectionData[] = [
  {
    items: [
      { to: WEB_PATHS.admin, labelKey: 'menu.dashboard', icon: DashboardIcon, permission: '', end: true },
    ],
  },
  {
    labelKey: 'menu.accounts',
    items: [
      { to: '/admin/staffs/list', labelKey: 'menu.staffs', icon: UsersIcon, permission: 'view_user' },
      { to: '/admin/staffs/role', labelKey: 'menu.roles', icon: ShieldIcon, permission: 'view_role' },
    ],
  },
  {
    labelKey: 'menu.myAccount',
    items: [
      { to: '/admin/profile', labelKey: 'menu.profile', icon: UserIcon, permission: '', end: true },
      {
        to: '/admin/profile/change-password',
        labelKey: 'menu.changePassword',
        icon: KeyIcon,
        permission: '',
      },
    ],
  },
];

/** The organization portal's sidebar. */
export const ORGANIZATION_MENU: MenuSectionData[] = [
  {
    items: [
      {
        to: WEB_PATHS.organization,
        labelKey: 'menu.overview',
        icon: BuildingIcon,
        permission: '',
        end: true,
      },
    ],
  },
  {
    labelKey: 'menu.myAccount',
    items: [{ to: '/organization/profile', labelKey: 'menu.profile', icon: UserIcon, permission: '' }],
  },
];

export const ADMIN_USER_LINKS = [
  { to: '/admin/profile', labelKey: 'menu.profile', icon: UserIcon },
  { to: '/admin/profile/change-password', labelKey: 'menu.changePassword', icon: KeyIcon },
] as const;

export const ORGANIZATION_USER_LINKS = [
  { to: '/organization/profile', labelKey: 'menu.profile', icon: UserIcon },
  { to: '/organization/profile#password', labelKey: 'menu.changePassword', icon: KeyIcon },
] as const;
