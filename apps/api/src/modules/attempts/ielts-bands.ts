import {
  bandWeightOf,
  IELTS_SKILLS,
  type IeltsBands,
  ieltsBand,
  type Outcome,
  rubricOf,
} from '@prepwise/contract';
import type { ScoringConfig, SectionScore } from './grading';
import type { ModelSection } from './test-model';

type Skill = (typeof IELTS_SKILLS)[number];

/** The rubric each marked skill's answers must use for the attempt to be banded the IELTS way. */
const RUBRIC_OF_SKILL: Partial<Record<Skill, string>> = {
  writing: 'ielts_writing',
  speaking: 'ielts_speaking',
};

/**
 * The IELTS bands of a full attempt (issue 28), or null when the attempt is not banded the IELTS way: every
 * listening and reading part must be scored by a band table (scale 0–9) and every writing and speaking
 * answer marked on the IELTS writing or speaking rubric.
 *
 * - Listening, reading: the band of the part's score section, as graded at submission.
 * - Writing, speaking: the mean of the teachers' overall bands of the skill's answers, each weighted by the
 *   band weight its author set (`band_weight`, 1–3, none is 1: the real test's Writing Task 2 counts twice
 *   as much as Task 1, so 6 and 7 make 20 / 3 = 6.67), to the nearest half band by `ieltsBand` (an answer
 *   left blank counts 0); null while any answer waits for a teacher.
 * - Overall: once the attempt holds all four skills and each has its band, their mean to the nearest half
 *   band, .25 and .75 rounding up (`ieltsBand`).
 */
export function ieltsBands(input: {
  mode: 'full' | 'practice';
  sections: ModelSection[];
  scoring: ScoringConfig[];
  scores: SectionScore[];
  outcomes: Map<string, Outcome>;
  /** Teachers' final overall bands by question id. */
  marks: Map<string, number>;
}): IeltsBands | null {
  if (input.mode !== 'full' || input.sections.length === 0) return null;
  const skills = IELTS_SKILLS.filter((skill) => input.sections.some((section) => section.skill === skill));
  const result: IeltsBands['skills'] = [];
  for (const skill of skills) {
    const sections = input.sections.filter((section) => section.skill === skill);
    const rubric = RUBRIC_OF_SKILL[skill];
    if (!rubric) {
      const names = new Set(sections.map((section) => section.scoreSection));
      if (names.size !== 1) return null;
      const [name] = names;
      const config = input.scoring.find((entry) => entry.section === name);
      const top = config?.table?.reduce((best, row) => Math.max(best, row.score), 0);
      if (config?.method !== 'table' || top !== 9) return null;
      const score = input.scores.find((entry) => entry.section === name)?.score;
      result.push({ skill, band: score ?? null, marked_by_teacher: false });
      continue;
    }
    const questions = sections.flatMap((section) => section.questions);
    if (
      questions.some(
        (question) => rubricOf((question.answer as { rubric?: string } | null)?.rubric).id !== rubric,
      )
    )
      return null;
    const bands: number[] = [];
    const weights: number[] = [];
    let waiting = false;
    for (const question of questions) {
      const mark = input.marks.get(question.id);
      if (mark === undefined && (input.outcomes.get(question.id) ?? 'skipped') !== 'skipped') waiting = true;
      bands.push(mark ?? 0);
      weights.push(bandWeightOf(question.answer));
    }
    result.push({ skill, band: waiting ? null : ieltsBand(bands, weights), marked_by_teacher: true });
  }
  const fourSkills = result.length === IELTS_SKILLS.length;
  const waiting = result.filter((entry) => entry.band === null).map((entry) => entry.skill);
  const overall =
    fourSkills && waiting.length === 0 ? ieltsBand(result.map((entry) => entry.band as number)) : null;
  return { skills: result, overall, waiting, four_skills: fourSkills };
}
