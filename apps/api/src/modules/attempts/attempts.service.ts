/**
 * The attempts service as one name, as it was before its split on its seams (issue 27), for code written
 * against it (essay-marks.service.ts, branches in progress). New code imports the part it uses: starting
 * (start.service.ts), the paper and its audio (paper.service.ts), saving answers (answers.service.ts),
 * submitting and grading (submission.service.ts), results (results.service.ts), practising questions
 * (practice.service.ts); what they share is in attempt-rows.ts.
 */

export { saveAnswers } from './answers.service';
export { attemptModel, type StoredResult } from './attempt-rows';
export { getPaper, recordAudioPlay } from './paper.service';
export {
  practiseMistakes,
  type QuestionPracticeInput,
  startQuestionPractice,
} from './practice.service';
export {
  buildAttemptResult,
  getOwnAttemptModel,
  getOwnResult,
  getStudentResult,
  submitOwnAttempt,
} from './results.service';
export { type AssignedStart, type StartInput, startAttempt } from './start.service';
export {
  gradeColumns,
  markItemAnalysisStale,
  onFullAttemptSubmitted,
  regradeAttempt,
  type SubmitListener,
  storeAnswerOutcomes,
  submitAttempt,
  submitOverdueAttempts,
} from './submission.service';
