import { TestEditPage } from '../../../features/practice-tests';
import type { Route } from './+types/test-edit';

export default function TestEditRoute({ params }: Route.ComponentProps) {
  return <TestEditPage key={`${params.id}`} id={params.id} />;
}
