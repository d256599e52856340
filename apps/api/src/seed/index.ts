import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings, seedRuns } from '../db/schema';
import { aiDraftsStep } from './ai-drafts';
import { demoBlogCoversStep } from './blog-covers';
import { demoAccountsStep } from './demo-accounts';
import { demoActivityStep } from './demo-activity';
import { demoExamRoomStep } from './demo-exam-room';
import { demoItemAnalysisStep } from './demo-item-analysis';
import { demoNotebookStep } from './demo-notebook';
import { demoOrganizationOwnerStep } from './demo-organization';
import { demoPaymentsStep } from './demo-payments';
import { demoSpeakingAttemptStep } from './demo-speaking-attempt';
import { demoStudentsStep } from './demo-students';
import { englishNamesStep } from './english-names';
import { examStructureStep } from './exam-structure';
import { ieltsAcademicStep } from './ielts-academic';
import { organizationBankStep } from './organization-bank';
import { demoOrganizationPackageStep, organizationPackagesStep } from './organization-packages';
import { partnerOrganizationsStep } from './partner-organizations';
import { practiceTestsStep } from './practice-tests';
import { questionSkillsStep } from './question-skills';
import { demoBlogStep, sitePagesStep } from './site-content';
import { siteEditorRoleStep } from './site-editor-role';
import { speakingPracticeStep } from './speaking-practice';
import type { SeedContext, SeedStep } from './step';
import { vocabularyStep } from './vocabulary';

export type { SeedContext, SeedStep } from './step';

const instanceStep: SeedStep = {
  name: 'instance',
  version: '1',
  demo: false,
  async run(tx) {
    await tx
      .insert(appSettings)
      .values({ key: 'instance', value: { id: randomUUID(), createdAt: new Date().toISOString() } })
      .onConflictDoNothing();
  },
};

export const seedSteps: SeedStep[] = [
  instanceStep,
  examStructureStep,
  // Right after the structure, so the tests published by later steps freeze the parts' English names.
  englishNamesStep,
  demoAccountsStep,
  siteEditorRoleStep,
  demoOrganizationOwnerStep,
  sitePagesStep,
  demoBlogStep,
  demoBlogCoversStep,
  practiceTestsStep,
  speakingPracticeStep,
  ieltsAcademicStep,
  questionSkillsStep,
  partnerOrganizationsStep,
  demoStudentsStep,
  demoPaymentsStep,
  organizationPackagesStep,
  demoOrganizationPackageStep,
  aiDraftsStep,
  organizationBankStep,
  // Issue 29: the demo centre's mini test, taken under delivery rules, with integrity events and a copying pair.
  demoExamRoomStep,
  vocabularyStep,
  demoActivityStep,
  demoNotebookStep,
  demoSpeakingAttemptStep,
  // After every seeded attempt: it computes the item analysis of what is there.
  demoItemAnalysisStep,
];

export interface SeedReport {
  applied: string[];
  skipped: string[];
}

/** Applies each seed step not yet recorded at its version, each in its own transaction. */
export async function seedDatabase(
  db: Db,
  options: { demo: boolean; steps?: SeedStep[]; context: SeedContext },
): Promise<SeedReport> {
  const report: SeedReport = { applied: [], skipped: [] };
  for (const step of options.steps ?? seedSteps) {
    if (step.demo && !options.demo) continue;
    const done = await db.transaction(async (tx) => {
      const [previous] = await tx.select().from(seedRuns).where(eq(seedRuns.name, step.name));
      if (previous?.version === step.version) return false;
      await step.run(tx as unknown as Db, options.context);
      await tx
        .insert(seedRuns)
        .values({ name: step.name, version: step.version })
        .onConflictDoUpdate({ target: seedRuns.name, set: { version: step.version, appliedAt: new Date() } });
      return true;
    });
    (done ? report.applied : report.skipped).push(step.name);
  }
  return report;
}
