export { OrganizationDetailPage } from './organization-detail-page';
export { OrganizationCreatePage, OrganizationEditPage } from './organization-form-page';
export { OrganizationListPage } from './organization-list-page';
export { OrganizationStaffScope } from './staff-scope';
