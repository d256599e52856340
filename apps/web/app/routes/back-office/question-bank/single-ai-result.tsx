import { SingleResultPage } from '../../../features/ai-generation';
import type { Route } from './+types/single-ai-result';

export default function SingleAiResultRoute({ params }: Route.ComponentProps) {
  return <SingleResultPage key={params.id} id={params.id} />;
}
