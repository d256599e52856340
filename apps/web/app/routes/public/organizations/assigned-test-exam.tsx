import '../../../styles/mantine-rest.css';
import { assignedResultPath } from '../../../features/assignments';
import { ExamRunnerPage } from '../../../features/exam-runner';
import { i18nHandle } from '../../../lib/i18n';
import type { Route } from './+types/assigned-test-exam';

export const handle = i18nHandle('exam');

/** /organizations/{slug}/test/{testSlug}/exam/{examId}: the existing exam runner on an assigned test. */
export const meta: Route.MetaFunction = () => [{ title: 'Prepwise' }, { name: 'robots', content: 'noindex' }];

export default function AssignedTestExamRoute({ params }: Route.ComponentProps) {
  return (
    <ExamRunnerPage
      key={params.examId}
      attemptId={params.examId}
      slug={params.testSlug}
      resultHref={assignedResultPath(params.slug, params.testSlug, params.examId)}
    />
  );
}
