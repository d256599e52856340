import { PackEditPage } from '../../../features/practice-tests';
import type { Route } from './+types/pack-edit';

export default function PackEditRoute({ params }: Route.ComponentProps) {
  return <PackEditPage key={`${params.id}`} id={params.id} />;
}
