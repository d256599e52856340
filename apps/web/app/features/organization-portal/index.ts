export { OrganizationDashboard } from './dashboard';
export { OrganizationProfilePage } from './profile-page';
