import { TestResultPage } from '../../../features/practice-tests';
import type { Route } from './+types/manual-result';

export default function ManualTestResultRoute({ params }: Route.ComponentProps) {
  return (
    <TestResultPage key={params.resultId} testId={params.id} attemptId={params.resultId} kind="manual" />
  );
}
