import { JobDetailPage } from '../../../features/ai-generation';
import type { Route } from './+types/generate-detail';

export default function GenerateDetailRoute({ params }: Route.ComponentProps) {
  return <JobDetailPage key={params.id} id={params.id} />;
}
