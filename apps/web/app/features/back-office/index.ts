export { AdminHome, InfoRow } from './admin-home';
export { BackOfficeLayout } from './back-office-layout';
export { OrganizationHome } from './organization-home';
export { PermissionSummary } from './permission-summary';
