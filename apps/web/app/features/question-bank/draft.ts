import type { AnswerKind, Media, Question, QuestionType } from '@prepwise/contract';

export interface OptionDraft {
  key: string;
  content: string;
}

/** A question as the editor holds it (the answer in the shape of its answer kind). */
export interface QuestionDraft {
  id?: string;
  question_type_id: string | null;
  level_id: string | null;
  stem: string;
  options: OptionDraft[];
  items: OptionDraft[];
  answer: Record<string, unknown> | null;
  explanation_vi: string;
  explanation_en: string;
  tags: string[];
  source_note: string;
  audio: Media | null;
  image: Media | null;
}

export const OPTION_KINDS: AnswerKind[] = ['single_choice', 'multiple_choice', 'matching', 'ordering'];

export const letter = (index: number) => String.fromCharCode(65 + index);

export function defaultOptions(): OptionDraft[] {
  return ['A', 'B', 'C', 'D'].map((key) => ({ key, content: '' }));
}

export function emptyDraft(): QuestionDraft {
  return {
    question_type_id: null,
    level_id: null,
    stem: '',
    options: defaultOptions(),
    items: [],
    answer: null,
    explanation_vi: '',
    explanation_en: '',
    tags: [],
    source_note: '',
    audio: null,
    image: null,
  };
}

export function draftFromQuestion(question: Question): QuestionDraft {
  return {
    id: question.id,
    question_type_id: question.question_type.id,
    level_id: question.level?.id ?? null,
    stem: question.stem,
    options: question.options,
    items: question.items,
    answer: (question.answer as Record<string, unknown> | null) ?? null,
    explanation_vi: question.explanation_vi ?? '',
    explanation_en: question.explanation_en ?? '',
    tags: question.tags,
    source_note: question.source_note ?? '',
    audio: question.audio,
    image: question.image,
  };
}

/** The answer a kind starts with, keeping what still fits. */
export function defaultAnswer(
  kind: AnswerKind | undefined,
  draft: QuestionDraft,
): Record<string, unknown> | null {
  switch (kind) {
    case 'single_choice':
      return { key: '' };
    case 'multiple_choice':
      return { keys: [] };
    case 'true_false_not_given':
      return { value: '' };
    case 'gap_fill':
    case 'short_answer':
      return { accepted: [] };
    case 'matching':
      return { pairs: {} };
    case 'ordering':
      return { order: draft.options.map((option) => option.key) };
    case 'essay':
      return { guidance: '' };
    case 'speaking':
      return { preparation_seconds: 0, speaking_seconds: 60, prompt_mode: 'text', cue_card: '' };
    default:
      return null;
  }
}

/** The body fields of one question (the answer cleaned for its kind). */
export function questionFields(draft: QuestionDraft, kind: AnswerKind | undefined) {
  const usesOptions = kind ? OPTION_KINDS.includes(kind) : false;
  let answer: unknown = draft.answer;
  if (kind === 'essay') {
    const guidance = String(draft.answer?.guidance ?? '').trim();
    answer = guidance ? { guidance } : null;
  }
  if (kind === 'ordering' && draft.answer) {
    const keys = draft.options.map((option) => option.key);
    const order = ((draft.answer.order as string[]) ?? []).filter((key) => keys.includes(key));
    answer = { order: [...order, ...keys.filter((key) => !order.includes(key))] };
  }
  return {
    ...(draft.id ? { id: draft.id } : {}),
    level_id: draft.level_id,
    question_type_id: draft.question_type_id ?? '',
    stem: draft.stem,
    options: usesOptions ? draft.options : [],
    items: kind === 'matching' ? draft.items : [],
    answer,
    explanation_vi: draft.explanation_vi || null,
    explanation_en: draft.explanation_en || null,
    tags: draft.tags,
    source_note: draft.source_note || null,
    audio_id: draft.audio?.id ?? null,
    image_id: draft.image?.id ?? null,
  };
}

export function kindOf(types: QuestionType[] | undefined, id: string | null): AnswerKind | undefined {
  return types?.find((type) => type.id === id)?.answer_kind;
}

/** Plain text of a stored rich-text field, for lists and previews of one line. */
export function plainText(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The fields of a question its editor shows, by the API's names (for errors the form can place). */
export const QUESTION_EDITOR_FIELDS = [
  'question_type_id',
  'level_id',
  'stem',
  'options',
  'items',
  'answer',
  'explanation_vi',
  'explanation_en',
  'tags',
] as const;
