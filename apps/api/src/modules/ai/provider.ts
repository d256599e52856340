import type { AiTask, AnswerKind } from '@prepwise/contract';

/** What one item of a generation job asks for. */
export interface GenerationRequest {
  task: AiTask;
  /** CEFR code of the requested level, if any. */
  level: string | null;
  topic: string | null;
  sourceText: string | null;
  explanationLanguage: 'vi' | 'en';
  seed: number;
  /** The item's position in its job (0-based): the built-in generator varies its questions by it. */
  index: number;
}

/** A question as a provider writes it, before it becomes a draft of the bank's shape. */
export interface GeneratedQuestion {
  answer_kind: AnswerKind;
  stem: string;
  options: { key: string; content: string }[];
  items: { key: string; content: string }[];
  answer: unknown;
  explanation: { vi?: string; en?: string };
  tags: string[];
}

export type GenerationOutcome =
  | { ok: true; question: GeneratedQuestion; prompt: string; attempts: number }
  /** `error` is a translation key (`ai.error_*`); `detail` what the provider said, for the audit. */
  | { ok: false; error: string; detail?: string; prompt: string; attempts: number };

export interface QuestionProvider {
  readonly name: 'builtin' | 'openai_compatible';
  readonly model: string;
  generate(request: GenerationRequest): Promise<GenerationOutcome>;
}
