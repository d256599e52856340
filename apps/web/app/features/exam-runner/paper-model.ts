import type { Paper, PaperGroup, PaperQuestion, PaperSection } from '@prepwise/contract';

/** One question in exam order, with where it sits. */
export interface Slot {
  index: number;
  question: PaperQuestion;
  section: PaperSection;
  sectionIndex: number;
  /** Key of the page the question is shown on: its group, or the question itself. */
  itemKey: string;
  group: PaperGroup | null;
}

export function slotsOf(paper: Paper): Slot[] {
  const slots: Slot[] = [];
  paper.sections.forEach((section, sectionIndex) => {
    for (const item of section.items) {
      if (item.kind === 'question') {
        slots.push({
          index: slots.length,
          question: item.question,
          section,
          sectionIndex,
          itemKey: `q:${item.question.id}`,
          group: null,
        });
      } else {
        for (const question of item.group.questions) {
          slots.push({
            index: slots.length,
            question,
            section,
            sectionIndex,
            itemKey: `g:${item.group.id}`,
            group: item.group,
          });
        }
      }
    }
  });
  return slots;
}

/** The part's instructions in the page language, falling back to the other language. */
export function instructionsFor(section: PaperSection, language: string): string | null {
  return language === 'en'
    ? (section.instructions_en ?? section.instructions_vi)
    : (section.instructions_vi ?? section.instructions_en);
}
