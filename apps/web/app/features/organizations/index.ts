export { LogoField } from './logo-field';
export { OrganizationDetailPage } from './organization-detail-page';
export { OrganizationCreatePage, OrganizationEditPage } from './organization-form-page';
export { OrganizationListPage } from './organization-list-page';
export { type OrganizationProfileValues, profileBodyOf, profileValuesOf } from './profile-values';
export { OrganizationStaffScope } from './staff-scope';
