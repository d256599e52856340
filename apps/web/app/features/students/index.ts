export { AdminOrganizationStudentsScope, useClassOptions, useStudentList } from './api';
export { ClassListPage, ImportPage, InvitePage } from './organization-pages';
export { StudentDetailPage, StudentEditPage, StudentListPage } from './student-pages';
