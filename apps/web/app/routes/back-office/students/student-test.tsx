import { LearnerTestAttemptsPage } from '../../../features/learners';
import type { Route } from './+types/student-test';

/** A learner's attempts of one test: one page of the admin and the portal (features/learners/pages.ts). */
export default function LearnerTestAttemptsRoute({ params }: Route.ComponentProps) {
  return (
    <LearnerTestAttemptsPage key={`${params.id}/${params.testId}`} id={params.id} testId={params.testId} />
  );
}
