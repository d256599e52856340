import {
  type AnswerKind,
  answerShapes,
  type FieldErrors,
  fieldErrorsFromIssues,
  QUESTION_KEYS,
  SPEAKING_KEYS,
  speakingSettingsSchema,
} from '@prepwise/contract';
import type { QuestionOption } from '../../db/schema';

const NEEDS_OPTIONS: AnswerKind[] = ['single_choice', 'multiple_choice', 'matching', 'ordering'];

/** Checks the options, items and answer of a question against its answer kind; answers field errors. */
export function checkQuestionShape(
  kind: AnswerKind,
  question: { options: QuestionOption[]; items: QuestionOption[]; answer: unknown; audio_id?: string | null },
): FieldErrors {
  const errors: FieldErrors = {};
  const optionKeys = question.options.map((option) => option.key);
  if (NEEDS_OPTIONS.includes(kind) && question.options.length < 2)
    errors.options = QUESTION_KEYS.optionsRequired;
  if (new Set(optionKeys).size !== optionKeys.length) errors.options = QUESTION_KEYS.optionKeysUnique;
  const itemKeys = question.items.map((item) => item.key);
  if (kind === 'matching' && question.items.length === 0) errors.items = QUESTION_KEYS.itemsRequired;
  if (new Set(itemKeys).size !== itemKeys.length) errors.items = QUESTION_KEYS.optionKeysUnique;

  if (kind === 'speaking') return { ...errors, ...checkSpeaking(question) };
  const parsed = answerShapes[kind].safeParse(kind === 'essay' ? (question.answer ?? null) : question.answer);
  if (!parsed.success) {
    // An essay's settings are a form: each bad field is named (`answer.band_weight` → its key).
    if (kind === 'essay')
      for (const [field, key] of Object.entries(fieldErrorsFromIssues(parsed.error.issues)))
        errors[field === '_' ? 'answer' : `answer.${field}`] =
          field === '_' ? QUESTION_KEYS.answerShape : key;
    else errors.answer = QUESTION_KEYS.answerShape;
    return errors;
  }
  const known = new Set(optionKeys);
  const answer = parsed.data as Record<string, unknown> | null;
  const unknownKey =
    (kind === 'single_choice' && !known.has(answer!.key as string)) ||
    (kind === 'multiple_choice' && (answer!.keys as string[]).some((key) => !known.has(key))) ||
    (kind === 'ordering' &&
      ((answer!.order as string[]).length !== optionKeys.length ||
        new Set(answer!.order as string[]).size !== optionKeys.length ||
        (answer!.order as string[]).some((key) => !known.has(key)))) ||
    (kind === 'matching' &&
      (Object.keys(answer!.pairs as object).length !== itemKeys.length ||
        Object.entries(answer!.pairs as Record<string, string>).some(
          ([item, option]) => !itemKeys.includes(item) || !known.has(option),
        )));
  if (unknownKey) errors.answer = QUESTION_KEYS.answerUnknownOption;
  return errors;
}

/**
 * A speaking question's settings (its `answer`), field by field: `answer.speaking_seconds` → its key. A
 * prompt read aloud needs the question's audio.
 */
function checkSpeaking(question: { answer: unknown; audio_id?: string | null }): FieldErrors {
  const parsed = speakingSettingsSchema.safeParse(question.answer ?? {});
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const [field, key] of Object.entries(fieldErrorsFromIssues(parsed.error.issues)))
      errors[field === '_' ? 'answer' : `answer.${field}`] = key;
    return errors;
  }
  if (parsed.data.prompt_mode === 'audio' && question.audio_id === null)
    return { 'answer.prompt_mode': SPEAKING_KEYS.audioRequired };
  return {};
}

/** The stored form of an answer: parsed (so extra fields are dropped) and normalized. */
export function normalizeAnswer(kind: AnswerKind, answer: unknown): unknown {
  const parsed = answerShapes[kind].parse(kind === 'essay' ? (answer ?? null) : answer) as Record<
    string,
    unknown
  > | null;
  if (kind === 'multiple_choice') {
    const keys = [...new Set(parsed!.keys as string[])].sort();
    return parsed!.keep_order ? { keys, keep_order: true } : { keys };
  }
  if (kind === 'single_choice') return parsed!.keep_order ? parsed : { key: parsed!.key };
  return parsed;
}
