export { resultPath } from './api';
export { ExamRunnerPage } from './exam-runner-page';
