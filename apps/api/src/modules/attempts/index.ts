/** What other modules (history, statistics, the organization portal) use of attempts. */
export {
  buildAttemptResult,
  getOwnAttemptModel,
  getStudentResult,
  onFullAttemptSubmitted,
  practiseMistakes,
  type StoredResult,
  type SubmitListener,
  startAttempt,
  startQuestionPractice,
  submitAttempt,
} from './attempts.service';
export type { Counts, PartResult, SectionScore } from './grading';
export { gradeAttempt, normalizeText } from './grading';
export { getTestModel, type ModelGroup, type ModelQuestion, narrowModel, type TestModel } from './test-model';
