export { OrganizationContactFields, useContactLabels } from './contact-fields';
export { LogoField } from './logo-field';
export { OrganizationDetailPage } from './organization-detail-page';
export { OrganizationCreatePage, OrganizationEditPage } from './organization-form-page';
export { OrganizationListPage } from './organization-list-page';
export { OwnerAccountFields, useOwnerLabels } from './owner-account-fields';
export { type OrganizationProfileValues, profileBodyOf, profileValuesOf } from './profile-values';
export { OrganizationStaffScope } from './staff-scope';
