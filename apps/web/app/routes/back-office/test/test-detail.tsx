import { TestDetailPage } from '../../../features/practice-tests';
import type { Route } from './+types/test-detail';

export default function TestDetailRoute({ params }: Route.ComponentProps) {
  return <TestDetailPage key={`${params.id}`} id={params.id} />;
}
