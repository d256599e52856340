import { ExamRunnerPage } from '../../../features/exam-runner';
import type { Route } from './+types/test-exam';

/** /tests/{slug}/exam/{examId}: the exam runner, on its own focused screen (no site header). */
export const meta: Route.MetaFunction = () => [{ title: 'Prepwise' }, { name: 'robots', content: 'noindex' }];

export default function TestExamRoute({ params }: Route.ComponentProps) {
  return <ExamRunnerPage key={params.examId} attemptId={params.examId} slug={params.slug} />;
}
