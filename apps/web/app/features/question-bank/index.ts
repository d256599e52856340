export { type GroupListItem, useGroupList, useQuestionList } from './api';
// The bank's editor pieces, for features that edit a question of the bank's shape (AI drafts).
export {
  draftFromQuestion,
  kindOf,
  plainText,
  QUESTION_EDITOR_FIELDS,
  type QuestionDraft,
  questionFields,
} from './draft';
export { GroupCreatePage, GroupEditPage, GroupListPage } from './group-pages';
export { ImportPage } from './import-page';
export { MediaField } from './media-field';
export { QuestionEditor } from './question-editor';
export { QuestionCreatePage, QuestionEditPage, QuestionListPage } from './question-pages';
export { QuestionPreview, RichText } from './question-preview';
export { ExamFilter, ExportMenu, PartSelect, usePartOptions } from './shared';
