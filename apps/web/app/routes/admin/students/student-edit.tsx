import { LearnerEditPage } from '../../../features/learners';
import type { Route } from './+types/student-edit';

export default function AdminLearnerEditRoute({ params }: Route.ComponentProps) {
  return <LearnerEditPage key={params.id} id={params.id} />;
}
