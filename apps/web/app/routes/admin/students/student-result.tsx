import { StudentResultPage } from '../../../features/practice';
import type { Route } from './+types/student-result';

/** A learner's result; declared again under /organization/students (decision 013). */
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
