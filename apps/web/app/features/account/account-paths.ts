import { WEB_PATHS } from '@prepwise/contract';
import type { AccountPaths } from './account-pages';

export const ACCOUNT_PATHS: AccountPaths = {
  profile: WEB_PATHS.profile,
  changePassword: WEB_PATHS.changePassword,
};
export const ADMIN_ACCOUNT_PATHS: AccountPaths = {
  profile: '/admin/profile',
  changePassword: '/admin/profile/change-password',
};
