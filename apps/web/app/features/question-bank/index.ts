export { type GroupListItem, useGroupList, useQuestionList } from './api';
export { plainText } from './draft';
export { GroupCreatePage, GroupEditPage, GroupListPage } from './group-pages';
export { ImportPage } from './import-page';
export { QuestionCreatePage, QuestionEditPage, QuestionListPage } from './question-pages';
export { ExamFilter, ExportMenu } from './shared';
