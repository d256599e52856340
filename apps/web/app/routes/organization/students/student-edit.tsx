import { StudentEditPage } from '../../../features/students';
import type { Route } from './+types/student-edit';

export default function OrganizationStudentEditRoute({ params }: Route.ComponentProps) {
  return <StudentEditPage id={params.id} />;
}
