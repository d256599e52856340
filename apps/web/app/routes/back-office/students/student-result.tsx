import { StudentResultPage } from '../../../features/practice';
import type { Route } from './+types/student-result';

/** A learner's result: one page in the admin and in the portal (features/learners/pages.ts). */
export default function StudentResultRoute({ params }: Route.ComponentProps) {
  return (
    <StudentResultPage
      key={params.resultId}
      userId={params.id}
      testId={params.testId}
      attemptId={params.resultId}
    />
  );
}
