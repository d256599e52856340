import { OrganizationDetailPage } from '../../../features/organizations';
import type { Route } from './+types/organization-review';

export default function OrganizationReviewRoute({ params }: Route.ComponentProps) {
  return <OrganizationDetailPage key={params.id} id={params.id} review />;
}
