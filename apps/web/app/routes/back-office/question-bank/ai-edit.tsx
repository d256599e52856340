import { ReviewEditPage } from '../../../features/ai-generation';
import type { Route } from './+types/ai-edit';

export default function AiReviewEditRoute({ params }: Route.ComponentProps) {
  return <ReviewEditPage key={params.id} id={params.id} />;
}
