import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { AI_TASK_KINDS, type AiTask } from '@prepwise/contract';
import { APICallError, generateText, Output } from 'ai';
import { z } from 'zod';
import { checkQuestionShape } from '../question-bank/question-rules';
import type {
  GeneratedQuestion,
  GenerationOutcome,
  GenerationRequest,
  QuestionProvider,
  ScriptOutcome,
} from './provider';

export interface OpenAiCompatibleSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

const singleChoiceOutput = z.object({
  stem: z.string().min(5).max(1000),
  options: z.array(z.string().min(1).max(300)).length(4),
  correct_option: z.number().int().min(0).max(3),
  explanation: z.string().min(1).max(2000),
});

const orderingOutput = z.object({
  parts: z.array(z.string().min(1).max(200)).min(3).max(6),
  explanation: z.string().min(1).max(2000),
});

/** A listening script as the model writes it: the first step of a listening job. */
const scriptOutput = z.object({
  kind: z.enum(['conversation', 'talk']),
  title: z.string().min(1).max(120),
  lines: z
    .array(z.object({ speaker: z.string().min(1).max(40), text: z.string().min(1).max(800) }))
    .min(3)
    .max(16),
});

/** A script's length in words, and the range a TOEIC Part 3/4 script keeps to (with some slack). */
const SCRIPT_WORDS = { min: 100, max: 230 } as const;
const wordCount = (lines: { text: string }[]) =>
  lines.reduce((sum, line) => sum + line.text.split(/\s+/).filter(Boolean).length, 0);

/** The script as the question prompts quote it: one "Speaker: text" line each. */
export const scriptText = (lines: { speaker: string; text: string }[]) =>
  lines.map((line) => `${line.speaker}: ${line.text}`).join('\n');

const TASK_INSTRUCTIONS: Record<AiTask, string> = {
  word_form:
    'Write one TOEIC Part 5 style sentence with one gap (shown as _______). The four options are forms of one word family (noun, verb, adjective, adverb); exactly one fits the grammar of the gap.',
  vocabulary:
    'Write one sentence with one gap (shown as _______). The four options are words of the same part of speech and similar level; exactly one fits the meaning.',
  synonym:
    'Write one sentence with one word wrapped in <u></u>, then ask which option is closest in meaning to it. The four options share its part of speech; exactly one is a synonym.',
  antonym:
    'Write one sentence with one word wrapped in <u></u>, then ask which option is most nearly opposite in meaning. The four options share its part of speech; exactly one is an antonym.',
  sentence_order:
    'Write one sentence of 8 to 14 words and split it into 4 or 5 parts, listed in their correct order.',
  reading:
    'Write one reading-comprehension question about the text below: its main idea, a detail it states, or the meaning of one of its words in context. The four options are short; exactly one is supported by the text.',
  collocation:
    'Write one sentence with one gap (shown as _______) where a verb or an adjective forms a common English collocation with the word next to it (like "make a decision", "heavy traffic"). The four options share the part of speech and are in the same form; exactly one collocates, the other three are words learners wrongly use there.',
  cloze:
    'The passage below has numbered gaps. Write the question for the gap named below: its stem is the gap number and its sentence as given; the four options are words of the same part of speech and form as the word taken out; exactly one, the word taken out, fits the sentence and the passage.',
  listening:
    'Write one TOEIC Part 3/4 style listening question about the script below (what a speaker wants, a detail, what will happen next). The stem is the question only; the four options are short; exactly one is what the script says, the other three are plausible but not said.',
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** The model's stem as HTML: only <u> is kept from what it wrote. */
const stemHtml = (text: string) =>
  `<p>${escapeHtml(text).replaceAll('&lt;u&gt;', '<u>').replaceAll('&lt;/u&gt;', '</u>')}</p>`;

const plainPassage = (html: string) =>
  html
    .replace(/<\/p>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .trim();

function promptFor(request: GenerationRequest): string {
  const gap = request.task === 'cloze' ? request.cloze?.gaps[request.index] : undefined;
  const words = (request.words ?? []).map((word) => `${word.word} (${word.pos})`);
  const lines = [
    'You write English exam questions for Vietnamese learners.',
    TASK_INSTRUCTIONS[request.task],
    `Level (CEFR): ${request.level ?? 'B1'}.`,
    request.topic ? `Topic: ${request.topic}.` : '',
    words.length > 0 && request.task !== 'cloze'
      ? `Test one of these words of the learner's word list: ${words.slice(0, 60).join(', ')}.`
      : '',
    request.task === 'listening' && request.listening
      ? `The script (listeners hear it once and do not see it):\n"""\n${scriptText(request.listening.lines)}\n"""`
      : gap && request.cloze
        ? `The passage:\n"""\n${plainPassage(request.cloze.passage).slice(0, 4000)}\n"""\nWrite the question for gap (${gap.number}): "${gap.sentence}". The word taken out is "${gap.word}" (${gap.pos}); it is the correct option.`
        : request.sourceText
          ? `Base the question on this text:\n"""\n${request.sourceText.slice(0, 4000)}\n"""`
          : '',
    `Write the explanation in ${request.explanationLanguage === 'vi' ? 'Vietnamese' : 'English'}.`,
    `This is question ${request.index + 1} of a set: make it different from the others (variation ${request.seed}-${request.index}).`,
  ];
  return lines.filter(Boolean).join('\n');
}

function toQuestion(request: GenerationRequest, output: unknown): GeneratedQuestion {
  const explanation = (text: string) => ({ [request.explanationLanguage]: `<p>${escapeHtml(text)}</p>` });
  if (AI_TASK_KINDS[request.task] === 'ordering') {
    const parsed = orderingOutput.parse(output);
    // Shown in a fixed scrambled order: reversed, then rotated, so never the answer's order.
    const presented = [...parsed.parts].reverse();
    const options = presented.map((content, index) => ({ key: String.fromCharCode(65 + index), content }));
    return {
      answer_kind: 'ordering',
      stem: '<p>Put the parts in the right order to make a sentence.</p>',
      options,
      items: [],
      answer: { order: parsed.parts.map((part) => options.find((option) => option.content === part)!.key) },
      explanation: explanation(parsed.explanation),
      tags: ['ai', request.task],
    };
  }
  const parsed = singleChoiceOutput.parse(output);
  const gap = request.task === 'cloze' ? request.cloze?.gaps[request.index] : undefined;
  const options = parsed.options.map((content, index) => ({ key: 'ABCD'[index]!, content }));
  return {
    answer_kind: 'single_choice',
    // A cloze question's stem is its gap and sentence as the passage has them, whatever the model wrote.
    stem: gap ? `<p>(${gap.number}) ${escapeHtml(gap.sentence)}</p>` : stemHtml(parsed.stem),
    options,
    items: [],
    answer: { key: options[parsed.correct_option]!.key },
    explanation: explanation(parsed.explanation),
    tags: ['ai', request.task],
  };
}

/**
 * The checks the bank applies, plus distinct options and, for a cloze gap, that the correct option is the
 * word taken out (so the key is right by construction): what a retry is told to fix.
 */
function problemsOf(request: GenerationRequest, question: GeneratedQuestion): string[] {
  const problems = Object.entries(checkQuestionShape(question.answer_kind, question)).map(
    ([field, key]) => `${field}: ${key}`,
  );
  const contents = question.options.map((option) => option.content.trim().toLowerCase());
  if (new Set(contents).size !== contents.length) problems.push('options: two options are the same');
  const gap = request.task === 'cloze' ? request.cloze?.gaps[request.index] : undefined;
  if (gap) {
    const key = question.options.find(
      (option) => option.key === (question.answer as { key?: string }).key,
    )?.content;
    if (key?.trim().toLowerCase() !== gap.word.toLowerCase())
      problems.push(`correct_option: the correct option must be the word taken out, "${gap.word}"`);
  }
  return problems;
}

const isAbort = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'AbortError' || error.name === 'TimeoutError' || /aborted|timeout/i.test(error.message));

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Gemini's compatible endpoint, Ollama, vLLM)
 * through the AI SDK, with structured output. An invalid answer is retried once with what was wrong.
 */
export class OpenAiCompatibleProvider implements QuestionProvider {
  readonly name = 'openai_compatible' as const;
  readonly model: string;
  readonly #settings: OpenAiCompatibleSettings;
  readonly #provider: ReturnType<typeof createOpenAICompatible>;

  constructor(settings: OpenAiCompatibleSettings) {
    this.#settings = settings;
    this.model = settings.model;
    this.#provider = createOpenAICompatible({
      name: 'prepwise-ai',
      baseURL: settings.baseUrl,
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      supportsStructuredOutputs: true,
    });
  }

  async generate(request: GenerationRequest): Promise<GenerationOutcome> {
    const prompt = promptFor(request);
    const schema = AI_TASK_KINDS[request.task] === 'ordering' ? orderingOutput : singleChoiceOutput;
    return this.#generateWithRetry<GenerationOutcome>(schema, prompt, (output, attempts) => {
      const question = toQuestion(request, output);
      const problems = problemsOf(request, question);
      return problems.length === 0 ? { ok: true, question, prompt, attempts } : problems.join('; ');
    });
  }

  /** The script of a listening job, retried once when it is invalid or of the wrong length. */
  async writeScript(request: GenerationRequest): Promise<ScriptOutcome> {
    const prompt = [
      'You write English listening scripts for TOEIC practice, for Vietnamese learners.',
      `Write one short ${request.seed % 2 === 0 ? 'conversation between a woman and a man (TOEIC Part 3)' : 'talk by one speaker: an announcement, message or broadcast (TOEIC Part 4)'} of ${SCRIPT_WORDS.min + 20} to ${SCRIPT_WORDS.max - 30} words.`,
      'Label every line with its speaker: "Woman" and "Man" in a conversation, "Speaker" in a talk. Include concrete details (a place, a time, a problem, a request) that questions can ask about.',
      `Level (CEFR): ${request.level ?? 'B1'}.`,
      request.topic ? `Topic: ${request.topic}.` : '',
      `Give it a short title. Make it original (variation ${request.seed}).`,
    ]
      .filter(Boolean)
      .join('\n');
    return this.#generateWithRetry<ScriptOutcome>(scriptOutput, prompt, (answer, attempts) => {
      const output = scriptOutput.parse(answer);
      const words = wordCount(output.lines);
      if (words >= SCRIPT_WORDS.min && words <= SCRIPT_WORDS.max)
        return {
          ok: true,
          material: { kind: output.kind, title: output.title, lines: output.lines, facts: null },
          prompt,
          attempts,
        };
      return `lines: the script has ${words} words; it must have ${SCRIPT_WORDS.min} to ${SCRIPT_WORDS.max}`;
    });
  }

  /**
   * Asks the model for an answer of `schema`, twice at most: a second time, told what was wrong, when
   * the answer does not parse or match the schema, or when `check` finds it wrong. `check` turns the
   * answer into the success outcome, or returns what is wrong with it; it may throw as a parse does. A
   * failure not worth a retry (a 429, a timeout, a server error) ends it at once.
   */
  async #generateWithRetry<Outcome>(
    schema: z.ZodType,
    prompt: string,
    check: (output: unknown, attempts: number) => Outcome | string,
  ): Promise<Outcome | FailedOutcome> {
    let feedback: string | null = null;
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const result = await generateText({
          model: this.#provider(this.#settings.model),
          output: Output.object({ schema }),
          prompt: feedback
            ? `${prompt}\n\nYour previous answer was invalid: ${feedback}\nAnswer again, following the schema.`
            : prompt,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(this.#settings.timeoutMs),
        });
        const checked = check(result.output, attempt);
        if (typeof checked !== 'string') return checked;
        feedback = checked;
      } catch (error) {
        const failure = failureOf(error, prompt, attempt);
        if (failure) return failure;
        // The answer did not parse or match the schema: ask once more with what was wrong.
        feedback = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      }
    }
    return {
      ok: false,
      error: 'ai.error_invalid_output',
      detail: feedback ?? undefined,
      prompt,
      attempts: 2,
    };
  }
}

/** How a generation fails; a script fails the same way (`ScriptOutcome`). */
type FailedOutcome = Extract<GenerationOutcome, { ok: false }>;

/** A provider's failure that is not worth a retry (a 429, a timeout, a server error), as an outcome. */
function failureOf(error: unknown, prompt: string, attempts: number) {
  if (APICallError.isInstance(error)) {
    if (error.statusCode === 429)
      return { ok: false as const, error: 'ai.error_rate_limited', detail: error.message, prompt, attempts };
    if (isAbort(error.cause) || isAbort(error))
      return { ok: false as const, error: 'ai.error_timeout', detail: error.message, prompt, attempts };
    return { ok: false as const, error: 'ai.error_provider', detail: error.message, prompt, attempts };
  }
  if (isAbort(error))
    return { ok: false as const, error: 'ai.error_timeout', detail: String(error), prompt, attempts };
  return null;
}
