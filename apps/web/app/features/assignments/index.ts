export { assignedResultPath, assignedTestPath } from './api';
export { AssignmentsSection } from './assignments-section';
export { AssignedResultPage, AssignedTestPage, MyAssignedTests, OpenAssignedTests } from './learner';
