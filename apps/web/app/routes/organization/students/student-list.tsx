import { StudentListPage } from '../../../features/students';

export default function OrganizationStudentListRoute() {
  return <StudentListPage />;
}
