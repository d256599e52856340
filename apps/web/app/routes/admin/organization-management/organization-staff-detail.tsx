import { StaffDetailPage } from '../../../features/admin-accounts';
import { OrganizationStaffScope } from '../../../features/organizations';
import type { Route } from './+types/organization-staff-detail';

export default function OrganizationStaffDetailRoute({ params }: Route.ComponentProps) {
  return (
    <OrganizationStaffScope organizationId={params.organizationId}>
      <StaffDetailPage key={params.id} id={params.id} />
    </OrganizationStaffScope>
  );
}
