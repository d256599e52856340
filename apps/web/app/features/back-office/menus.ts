import { WEB_PATHS } from '@prepwise/contract';
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

/** The admin area's sidebar; each item carries the permission its page is guarded by. */
export const ADMIN_MENU: MenuSectionData[] = [
  {
    items: [
      { to: WEB_PATHS.admin, labelKey: 'menu.dashboard', icon: DashboardIcon, permission: '', end: true },
    ],
  },
  {
    // Exam content authoring (issue 4); labels live in the `content` namespace.
    labelKey: 'content:menu.section',
    items: [
      {
        to: '/admin/category',
        labelKey: 'content:menu.category',
        icon: BookIcon,
        permission: 'view_category',
      },
      {
        to: '/admin/question-bank/single',
        labelKey: 'content:menu.questionSingle',
        icon: CardsIcon,
        permission: 'view_question',
      },
      {
        to: '/admin/question-bank/group',
        labelKey: 'content:menu.questionGroup',
        icon: CardsIcon,
        permission: 'view_question',
      },
      {
        to: '/admin/question-bank/generate',
        labelKey: 'ai:menu.generate',
        icon: SparklesIcon,
        permission: 'view_question',
      },
      {
        to: '/admin/question-bank/ai',
        labelKey: 'ai:menu.review',
        icon: ClipboardCheckIcon,
        permission: 'view_question',
      },
      { to: '/admin/test', labelKey: 'content:menu.test', icon: ClipboardCheckIcon, permission: 'view_test' },
      {
        to: '/admin/pack-exam',
        labelKey: 'content:menu.pack',
        icon: ClipboardCheckIcon,
        permission: 'view_pack',
      },
      {
        to: '/admin/level',
        labelKey: 'content:menu.level',
        icon: PenIcon,
        permission: 'view_question_level',
      },
      {
        to: '/admin/question-type',
        labelKey: 'content:menu.questionType',
        icon: PenIcon,
        permission: 'view_question_type',
      },
      {
        to: '/admin/point-config',
        labelKey: 'content:menu.pointConfig',
        icon: PenIcon,
        permission: 'view_point_config',
      },
    ],
  },
  {
    // The public website (issue 6); labels live in the `siteAdmin` namespace.
    labelKey: 'siteAdmin:menu.section',
    items: [
      { to: '/admin/blog', labelKey: 'siteAdmin:menu.posts', icon: PenIcon, permission: 'view_blog' },
      {
        to: '/admin/blog-category',
        labelKey: 'siteAdmin:menu.categories',
        icon: CardsIcon,
        permission: 'view_blog',
      },
      { to: '/admin/pages', labelKey: 'siteAdmin:menu.pages', icon: BookIcon, permission: 'view_page' },
    ],
  },
  {
    // Vocabulary (issue 17); labels live in the `vocabulary` namespace.
    labelKey: 'vocabulary:admin.menu.section',
    items: [
      {
        to: '/admin/vocabulary/topic',
        labelKey: 'vocabulary:admin.menu.topics',
        icon: CardsIcon,
        permission: 'view_vocabulary',
      },
      {
        to: '/admin/vocabulary/list',
        labelKey: 'vocabulary:admin.menu.words',
        icon: BookIcon,
        permission: 'view_vocabulary',
      },
    ],
  },
  {
    // Learners and analytics (issue 15); labels live in the `learners` and `analytics` namespaces.
    labelKey: 'learners:menu.section',
    items: [
      {
        to: '/admin/students',
        labelKey: 'learners:menu.learners',
        icon: UsersIcon,
        permission: 'view_student',
      },
      {
        to: '/admin/analytics',
        labelKey: 'analytics:menu',
        icon: ChartIcon,
        permission: 'view_analytics',
      },
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
    // Organizations (issue 12); labels live in the `organizations` namespace.
    labelKey: 'organizations:menu.section',
    items: [
      {
        to: '/admin/organization-management/list',
        labelKey: 'organizations:menu.list',
        icon: BuildingIcon,
        permission: 'view_educator',
      },
      {
        to: '/admin/organization-management/approve',
        labelKey: 'organizations:menu.approve',
        icon: ClipboardCheckIcon,
        permission: 'view_educator',
      },
    ],
  },
  {
    // Payments (issue 16); labels live in the `payments` namespace.
    items: [
      {
        to: '/admin/transactions',
        labelKey: 'payments:admin.menu',
        icon: WalletIcon,
        permission: 'view_transaction',
      },
      {
        to: '/admin/organization-packages',
        labelKey: 'payments:packages.menu',
        icon: BuildingIcon,
        permission: 'view_package',
      },
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
    // Students and classes (issue 12 §4); labels live in the `students` namespace.
    labelKey: 'students:menu.students',
    items: [
      {
        to: '/organization/students',
        labelKey: 'students:menu.students',
        icon: UsersIcon,
        permission: 'view_student',
        end: true,
      },
      {
        to: '/organization/classes',
        labelKey: 'students:menu.classes',
        icon: CardsIcon,
        permission: 'view_student',
      },
      {
        to: '/organization/students/invite',
        labelKey: 'students:menu.invite',
        icon: KeyIcon,
        permission: 'view_student',
      },
      {
        to: '/organization/students/import',
        labelKey: 'students:menu.import',
        icon: ClipboardCheckIcon,
        permission: 'update_student',
      },
      {
        to: '/organization/analytics',
        labelKey: 'analytics:menu',
        icon: ChartIcon,
        permission: 'view_analytics',
      },
    ],
  },
  {
    // The exam structure in the organization's scope (the admin's pages); labels in `content`.
    labelKey: 'content:menu.section',
    items: [
      {
        to: '/organization/category',
        labelKey: 'content:menu.category',
        icon: BookIcon,
        permission: 'view_category',
      },
      {
        to: '/organization/level',
        labelKey: 'content:menu.level',
        icon: PenIcon,
        permission: 'view_question_level',
      },
      {
        to: '/organization/question-type',
        labelKey: 'content:menu.questionType',
        icon: PenIcon,
        permission: 'view_question_type',
      },
      {
        to: '/organization/point-config',
        labelKey: 'content:menu.pointConfig',
        icon: PenIcon,
        permission: 'view_point_config',
      },
      {
        to: '/organization/question-bank/single',
        labelKey: 'content:menu.questionSingle',
        icon: CardsIcon,
        permission: 'view_question',
      },
      {
        to: '/organization/question-bank/group',
        labelKey: 'content:menu.questionGroup',
        icon: CardsIcon,
        permission: 'view_question',
      },
      {
        to: '/organization/question-bank/generate',
        labelKey: 'ai:menu.generate',
        icon: SparklesIcon,
        permission: 'view_question',
      },
      {
        to: '/organization/question-bank/ai',
        labelKey: 'ai:menu.review',
        icon: ClipboardCheckIcon,
        permission: 'view_question',
      },
      {
        to: '/organization/test/manual',
        labelKey: 'content:menu.testManual',
        icon: ClipboardCheckIcon,
        permission: 'view_test',
      },
      {
        to: '/organization/test/smart',
        labelKey: 'content:menu.testSmart',
        icon: SparklesIcon,
        permission: 'view_test',
      },
    ],
  },
  {
    labelKey: 'menu.accounts',
    items: [
      { to: '/organization/staffs/list', labelKey: 'menu.staffs', icon: UsersIcon, permission: 'view_user' },
      { to: '/organization/staffs/role', labelKey: 'menu.roles', icon: ShieldIcon, permission: 'view_role' },
    ],
  },
  {
    // The organization's package and orders (issue 16); labels live in the `payments` namespace.
    labelKey: 'payments:organization.menuSection',
    items: [
      {
        to: '/organization/package',
        labelKey: 'payments:organization.menu',
        icon: WalletIcon,
        permission: '',
      },
      {
        to: '/organization/transactions',
        labelKey: 'payments:organization.transactionsMenu',
        icon: WalletIcon,
        permission: '',
        ownerOnly: true,
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
