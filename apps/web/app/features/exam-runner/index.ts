export { fetchHighlights, resultPath } from './api';
export { ExamRunnerPage } from './exam-runner-page';
export { ReviewPassage } from './passage-highlights';
