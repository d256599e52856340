export { OrganizationContactFields, useContactLabels } from './contact-fields';
export { LogoField } from './logo-field';
export { OrganizationDetailPage } from './organization-detail-page';
export { OrganizationCreatePage, OrganizationEditPage } from './organization-form-page';
export { OrganizationListPage } from './organization-list-page';
export { OrganizationStaffScope } from './staff-scope';
