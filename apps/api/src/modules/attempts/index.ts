/** What other modules (history, statistics, the organization portal) use of attempts. */
export {
  buildAttemptResult,
  getStudentResult,
  type StoredResult,
  startAttempt,
  submitAttempt,
} from './attempts.service';
export type { Counts, PartResult, SectionScore } from './grading';
export { gradeAttempt, normalizeText } from './grading';
export { getTestModel } from './test-model';
