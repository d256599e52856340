import { LearnerDetailPage } from '../../../features/learners';
import type { Route } from './+types/student-detail';

export default function AdminLearnerDetailRoute({ params }: Route.ComponentProps) {
  return <LearnerDetailPage key={params.id} id={params.id} />;
}
