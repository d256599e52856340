import { OrganizationEditPage } from '../../../features/organizations';
import type { Route } from './+types/organization-edit';

export default function OrganizationEditRoute({ params }: Route.ComponentProps) {
  return <OrganizationEditPage key={params.organizationId} id={params.organizationId} />;
}
