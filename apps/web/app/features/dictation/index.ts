// The exercise (word diff, audio) is imported from './exercise-page' by its route, so the list stays light.
export { type DictationCard, type DictationGroup, DictationListPage } from './list-page';
