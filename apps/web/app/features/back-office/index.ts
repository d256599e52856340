export { AdminHome, InfoRow } from './admin-home';
export { BackOfficeLayout } from './back-office-layout';
export { PermissionSummary } from './permission-summary';
