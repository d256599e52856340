import { LearnerTestAttemptsPage } from '../../../features/learners';
import type { Route } from './+types/student-test';

/** A learner's attempts of one test; declared again under /organization/students (decision 013). */
export default function LearnerTestAttemptsRoute({ params }: Route.ComponentProps) {
  return (
    <LearnerTestAttemptsPage key={`${params.id}/${params.testId}`} id={params.id} testId={params.testId} />
  );
}
