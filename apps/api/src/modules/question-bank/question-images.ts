import type { RemoteImageLocalizer } from '../media/remote-images.service';

interface RichTextOption {
  key: string;
  content: string;
}

interface QuestionRichText {
  stem: string;
  options: RichTextOption[];
  items: RichTextOption[];
  explanation_vi: string | null;
  explanation_en: string | null;
}

interface GroupRichText<Q extends QuestionRichText> {
  passage: string | null;
  transcript: string | null;
  questions: Q[];
}

async function localizeOptions(localize: RemoteImageLocalizer, options: RichTextOption[], field: string) {
  const out: RichTextOption[] = [];
  for (const [index, option] of options.entries()) {
    out.push({ ...option, content: await localize(option.content, `${field}.${index}.content`) });
  }
  return out;
}

/** A question's rich text with other sites' pictures stored in the organization's media (issue 26). */
export async function localizeQuestionImages<Q extends QuestionRichText>(
  localize: RemoteImageLocalizer,
  question: Q,
  prefix = '',
): Promise<Q> {
  return {
    ...question,
    stem: await localize(question.stem, `${prefix}stem`),
    options: await localizeOptions(localize, question.options, `${prefix}options`),
    items: await localizeOptions(localize, question.items, `${prefix}items`),
    explanation_vi: await localize(question.explanation_vi, `${prefix}explanation_vi`),
    explanation_en: await localize(question.explanation_en, `${prefix}explanation_en`),
  };
}

/** A group's passage, transcript and questions, likewise. */
export async function localizeGroupImages<Q extends QuestionRichText, G extends GroupRichText<Q>>(
  localize: RemoteImageLocalizer,
  group: G,
  prefix = '',
): Promise<G> {
  const questions: Q[] = [];
  for (const [index, question] of group.questions.entries()) {
    questions.push(await localizeQuestionImages(localize, question, `${prefix}questions.${index}.`));
  }
  return {
    ...group,
    passage: await localize(group.passage, `${prefix}passage`),
    transcript: await localize(group.transcript, `${prefix}transcript`),
    questions,
  };
}
