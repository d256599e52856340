import { PointConfigEditPage } from '../../../features/exam-structure';
import type { Route } from './+types/point-config-edit';

export default function PointConfigEditRoute({ params }: Route.ComponentProps) {
  return <PointConfigEditPage key={`${params.id}`} id={params.id} />;
}
