export { useMarkingItem } from './api';
export { MarkForm } from './mark-form';
export { MarkingQueuePage } from './marking-queue-page';
