import { StaffEditPage } from '../../../features/admin-accounts';
import { OrganizationStaffScope } from '../../../features/organizations';
import type { Route } from './+types/organization-staff-edit';

export default function OrganizationStaffEditRoute({ params }: Route.ComponentProps) {
  return (
    <OrganizationStaffScope organizationId={params.organizationId}>
      <StaffEditPage key={params.id} id={params.id} />
    </OrganizationStaffScope>
  );
}
