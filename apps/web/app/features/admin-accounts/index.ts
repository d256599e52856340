export { RoleCreatePage, RoleEditPage } from './role-form-page';
export { RoleListPage } from './role-list-page';
export { StaffDetailPage } from './staff-detail-page';
export { StaffCreatePage, StaffEditPage } from './staff-form-page';
export { StaffListPage } from './staff-list-page';
