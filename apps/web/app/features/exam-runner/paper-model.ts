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

/** The first and last question numbers of a group, for its neutral label ("Questions 32–34"). */
export function groupRange(group: Pick<PaperGroup, 'questions'>): { from: number; to: number } {
  const numbers = group.questions.map((question) => question.number);
  return { from: Math.min(...numbers), to: Math.max(...numbers) };
}

/** Text of rich text, without tags (entities decoded when the DOM is there). */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '').trim();
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/**
 * Whether the stem says more than the question's number: a stem that is only "131." (TOEIC Part 6, whose
 * gaps are numbered in the text) or empty (heard-only parts) is not printed under "Question 131".
 */
export function showsStem(question: Pick<PaperQuestion, 'stem' | 'number'>): boolean {
  const text = plainText(question.stem);
  if (!text) return false;
  return !new RegExp(`^\\(?${question.number}\\)?[.:]?$`).test(text);
}

/** A list of options several matching questions share (IELTS "List of Headings"). */
export interface SharedList {
  /** The options are the shared list: each question's choice shows their keys only. */
  shared: boolean;
  /** This question is the first of the run: the list is printed once, above it. */
  printHere: boolean;
}

const optionSignature = (question: PaperQuestion) =>
  question.answer_kind === 'matching' && question.options.length > 0
    ? question.options.map((option) => `${option.key}\u0000${option.content}`).join('\u0001')
    : null;

/**
 * Matching questions next to each other with the same options (headings i–viii, features A–E) share one
 * printed list, as on the real paper: printed above the first of them, chosen by key in each.
 */
export function sharedOptionList(slots: Pick<Slot, 'question'>[], position: number): SharedList {
  const signature = optionSignature(slots[position]!.question);
  if (signature === null) return { shared: false, printHere: false };
  const previous = position > 0 ? optionSignature(slots[position - 1]!.question) : null;
  const next = position + 1 < slots.length ? optionSignature(slots[position + 1]!.question) : null;
  const shared = previous === signature || next === signature;
  return { shared, printHere: shared && previous !== signature };
}
