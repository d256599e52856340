import { PackageEditPage } from '../../../features/payments';
import type { Route } from './+types/package-edit';

export default function PackageEditRoute({ params }: Route.ComponentProps) {
  return <PackageEditPage key={params.id} id={params.id} />;
}
