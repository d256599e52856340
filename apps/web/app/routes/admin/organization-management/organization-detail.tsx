import { OrganizationDetailPage } from '../../../features/organizations';
import type { Route } from './+types/organization-detail';

export default function OrganizationDetailRoute({ params }: Route.ComponentProps) {
  return <OrganizationDetailPage key={params.organizationId} id={params.organizationId} />;
}
