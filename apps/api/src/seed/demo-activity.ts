import { seedDemoActivity } from '../modules/learners/demo-activity.service';
import type { SeedStep } from './step';

/**
 * Demo (issue 15): the demo center's students have taken the platform's practice tests over the last
 * six weeks, so /organization/analytics and /admin/analytics show something alive on the first start.
 */
export const demoActivityStep: SeedStep = {
  name: 'demo-activity',
  version: '1',
  demo: true,
  async run(tx) {
    await seedDemoActivity(tx, {
      organizationSlug: 'prepwise-demo-center',
      testSlugs: [
        'toeic-listening-reading-de-luyen-1',
        'ielts-academic-reading-de-luyen-1',
        'grammar-writing-check-de-luyen-1',
      ],
      now: new Date(),
    });
  },
};
