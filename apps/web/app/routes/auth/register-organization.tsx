import { RegisterOrganizationPage } from '../../features/auth';

export default function RegisterOrganizationRoute() {
  return <RegisterOrganizationPage />;
}
