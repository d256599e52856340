import { GroupEditPage } from '../../../features/question-bank';
import type { Route } from './+types/group-edit';

export default function GroupEditRoute({ params }: Route.ComponentProps) {
  return <GroupEditPage key={`${params.id}`} id={params.id} />;
}
