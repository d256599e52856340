export { type AccountPaths, ChangePasswordPage, ProfilePage } from './account-pages';
export { ACCOUNT_PATHS, ADMIN_ACCOUNT_PATHS } from './account-paths';
export { ChangePasswordForm } from './change-password-form';
export { ProfileForm } from './profile-form';
