/** The goals of the learning paths: all the home page's roadmap teaser needs (paths.ts has the steps). */
export interface RoadmapGoal {
  id: string;
  exam: 'TOEIC' | 'IELTS';
  goal: string;
}

export const ROADMAP_GOALS = [
  { id: 'toeic-450', exam: 'TOEIC', goal: 'TOEIC 450' },
  { id: 'toeic-650', exam: 'TOEIC', goal: 'TOEIC 650' },
  { id: 'toeic-850', exam: 'TOEIC', goal: 'TOEIC 850+' },
  { id: 'ielts-5', exam: 'IELTS', goal: 'IELTS 5.0' },
  { id: 'ielts-65', exam: 'IELTS', goal: 'IELTS 6.5+' },
] as const satisfies readonly RoadmapGoal[];

export type RoadmapGoalId = (typeof ROADMAP_GOALS)[number]['id'];

export function roadmapGoal(id: RoadmapGoalId): RoadmapGoal {
  return ROADMAP_GOALS.find((goal) => goal.id === id) as RoadmapGoal;
}
