import { ImportPage } from '../../../features/students';

export default function OrganizationStudentImportRoute() {
  return <ImportPage />;
}
