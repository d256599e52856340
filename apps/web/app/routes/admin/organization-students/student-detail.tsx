import { AdminOrganizationStudentsScope, StudentDetailPage } from '../../../features/students';
import type { Route } from './+types/student-detail';

/** /admin/organization-management/list/:organizationId/:id: the portal's student page on one organization. */
export default function AdminOrganizationStudentDetailRoute({ params }: Route.ComponentProps) {
  return (
    <AdminOrganizationStudentsScope organizationId={params.organizationId}>
      <StudentDetailPage id={params.id} />
    </AdminOrganizationStudentsScope>
  );
}
