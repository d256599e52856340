import { AdminResultPage } from '../../../features/practice';
import type { Route } from './+types/student-result';

export default function StudentResultRoute({ params }: Route.ComponentProps) {
  return (
    <AdminResultPage
      key={params.resultId}
      userId={params.id}
      testId={params.testId}
      attemptId={params.resultId}
    />
  );
}
