import '../../../styles/mantine-rest.css';
import { ExamRunnerPage } from '../../../features/exam-runner';
import { i18nHandle } from '../../../lib/i18n';
import type { Route } from './+types/test-exam';

/** Translations this page ships besides the base ones (lib/i18n.ts). */
export const handle = i18nHandle('exam');

/** /tests/{slug}/exam/{examId}: the exam runner, on its own focused screen (no site header). */
export const meta: Route.MetaFunction = () => [{ title: 'Prepwise' }, { name: 'robots', content: 'noindex' }];

export default function TestExamRoute({ params }: Route.ComponentProps) {
  return <ExamRunnerPage key={params.examId} attemptId={params.examId} slug={params.slug} />;
}
