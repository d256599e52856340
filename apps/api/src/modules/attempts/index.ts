/** What other modules (history, statistics, the organization portal) use of attempts. */
export type { StoredResult } from './attempt-rows';
export type { Counts, PartResult, SectionScore } from './grading';
export { gradeAttempt, normalizeText } from './grading';
export { practiseMistakes, startQuestionPractice } from './practice.service';
export { type KeysRelease, keysRelease, keysReleasedSql, keysWithheldSql } from './release';
export { buildAttemptResult, getOwnAttemptModel, getStudentResult } from './results.service';
export { startAttempt } from './start.service';
export { onFullAttemptSubmitted, type SubmitListener, submitAttempt } from './submission.service';
export { getTestModel, type ModelGroup, type ModelQuestion, narrowModel, type TestModel } from './test-model';
