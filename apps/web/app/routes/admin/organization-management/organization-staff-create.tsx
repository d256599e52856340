import { StaffCreatePage } from '../../../features/admin-accounts';
import { OrganizationStaffScope } from '../../../features/organizations';
import type { Route } from './+types/organization-staff-create';

/** The staff feature's own page, in the scope of one organization. */
export default function OrganizationStaffCreateRoute({ params }: Route.ComponentProps) {
  return (
    <OrganizationStaffScope organizationId={params.organizationId}>
      <StaffCreatePage />
    </OrganizationStaffScope>
  );
}
