import type { AiScriptLine, AiTask, AnswerKind } from '@prepwise/contract';

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
  /** The words of the job's vocabulary topic: the word list to write from. */
  words?: WordListEntry[] | null;
  /** A cloze job's passage and gaps; item N is about gap N + 1. */
  cloze?: ClozeMaterial | null;
  /** A listening job's script (written as the job's first step); item N asks its question N + 1. */
  listening?: ListeningMaterial | null;
}

/**
 * What a listening question about the script asks, when the built-in generator wrote the script: the
 * key is what the cited line says (`evidence`, word for word in it); no distractor's is in the script.
 */
export interface ListeningFact {
  question: string;
  answer: string;
  distractors: string[];
  /** The index of the line that says it. */
  line: number;
  evidence: string;
  distractorEvidence: string[];
}

/** A listening script: a conversation (Part 3) or a talk (Part 4), with its facts when written by rules. */
export interface ListeningMaterial {
  kind: 'conversation' | 'talk';
  title: string;
  lines: AiScriptLine[];
  /** The script spoken by the offline synthesizer (a media row), once made. */
  audioId?: string | null;
  /** The built-in generator's questions; null when a model wrote the script (it writes the questions too). */
  facts: ListeningFact[] | null;
}

export type ScriptOutcome =
  | { ok: true; material: ListeningMaterial; prompt: string; attempts: number }
  | { ok: false; error: string; detail?: string; prompt: string; attempts: number };

/** A word of a vocabulary topic as the generators use it. */
export interface WordListEntry {
  word: string;
  /** noun, verb, adjective, adverb (other parts of speech are not gapped). */
  pos: string;
  /** CEFR code. */
  level: string;
  /** Its example sentences (English). */
  examples: string[];
}

/** One numbered gap of a cloze passage: the word taken out, what distractors must match, its sentence. */
export interface ClozeGap {
  number: number;
  word: string;
  pos: string;
  level: string;
  /** The sentence of the passage with this gap shown as _______ (plain text). */
  sentence: string;
}

/** A passage (HTML) whose gaps read "(1) _______", and the gaps in order. */
export interface ClozeMaterial {
  passage: string;
  gaps: ClozeGap[];
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
  /** A listening job's first step: the script its questions are about. */
  writeScript(request: GenerationRequest): Promise<ScriptOutcome>;
}
