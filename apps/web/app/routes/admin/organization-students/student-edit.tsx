import { AdminOrganizationStudentsScope, StudentEditPage } from '../../../features/students';
import type { Route } from './+types/student-edit';

/** /admin/organization-management/list/:organizationId/:id/edit */
export default function AdminOrganizationStudentEditRoute({ params }: Route.ComponentProps) {
  return (
    <AdminOrganizationStudentsScope organizationId={params.organizationId}>
      <StudentEditPage id={params.id} />
    </AdminOrganizationStudentsScope>
  );
}
