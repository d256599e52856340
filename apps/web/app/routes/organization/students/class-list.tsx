import { ClassListPage } from '../../../features/students';

export default function OrganizationClassListRoute() {
  return <ClassListPage />;
}
