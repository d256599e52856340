import { StudentDetailPage } from '../../../features/students';
import type { Route } from './+types/student-detail';

export default function OrganizationStudentDetailRoute({ params }: Route.ComponentProps) {
  return <StudentDetailPage id={params.id} />;
}
