import { TestResultPage } from '../../../features/practice-tests';
import type { Route } from './+types/smart-result';

export default function SmartTestResultRoute({ params }: Route.ComponentProps) {
  return <TestResultPage key={params.resultId} testId={params.id} attemptId={params.resultId} kind="smart" />;
}
