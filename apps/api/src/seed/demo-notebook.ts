import { seedDemoNotebook } from '../modules/notebook/demo-notebook.service';
import type { SeedStep } from './step';

/**
 * Demo (issue 14): the demo learner has practised two tests with some mistakes, so /mistakes shows
 * wrong questions, a note and bookmarks on a first start, and the results offer "Practise my mistakes".
 */
export const demoNotebookStep: SeedStep = {
  name: 'demo-notebook',
  version: '1',
  demo: true,
  async run(tx) {
    await seedDemoNotebook(tx, 'learner@prepwise.vn', new Date());
  },
};
