import { GroupResultPage } from '../../../features/ai-generation';
import type { Route } from './+types/group-ai-result';

export default function GroupAiResultRoute({ params }: Route.ComponentProps) {
  return <GroupResultPage key={params.id} id={params.id} />;
}
