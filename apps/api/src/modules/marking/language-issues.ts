import { Worker } from 'node:worker_threads';
import type { DraftIssue } from '@prepwise/contract';

/**
 * Spelling and grammar issues of an essay for the offline draft feedback (issue 28, decision 026), from
 * the field's checkers: Hunspell's English dictionary through nspell for spelling, and Harper
 * (Automattic's rule-based grammar checker, compiled to WebAssembly) for grammar. Both run offline, in one
 * worker thread of the process: loading them takes ~3 s of CPU and checking an essay up to a second, which
 * on the event loop held back every learner's save answered meanwhile (the draft job runs right after a
 * start, on every essay waiting). The worker answers the primitives (is a word known, its suggestions, the
 * grammar lints); what an issue is stays here.
 */

/** The worker's source (CommonJS, evaluated): loads both checkers once, then answers one text per message. */
const CHECKER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = (async () => {
  const [{ default: nspell }, { default: dictionary }, { LocalLinter, Dialect }, { binary }] =
    await Promise.all(workerData.modules.map((url) => import(url)));
  // dictionary-en reads its files as Buffers; nspell wants Buffers.
  const speller = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  // British English: what IELTS teaches in Vietnam (American spelling is accepted by the speller).
  const linter = new LocalLinter({ binary, dialect: Dialect.British });
  await linter.setup();
  return { speller, linter };
})();
parentPort.on('message', async ({ id, text, words, maxSuggestions }) => {
  try {
    const { speller, linter } = await ready;
    const spelling = words.map((forms) =>
      forms.some((form) => speller.correct(form)) ? null : speller.suggest(forms[0]).slice(0, maxSuggestions),
    );
    const lints = [];
    for (const lint of await linter.lint(text, { language: 'plaintext' })) {
      const span = lint.span();
      lints.push({
        kind: lint.lint_kind(),
        message: lint.message(),
        start: span.start,
        end: span.end,
        suggestions: lint.suggestions().map((s) => s.get_replacement_text()).slice(0, maxSuggestions),
      });
      lint.free();
    }
    parentPort.postMessage({ id, spelling, lints });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

/** Harper's lint as the worker sends it: its span counts Unicode code points. */
interface Lint {
  kind: string;
  message: string;
  start: number;
  end: number;
  suggestions: string[];
}
interface CheckerReply {
  id: number;
  /** Per word asked: null when one of its forms is known, else the dictionary's suggestions. */
  spelling?: (string[] | null)[];
  lints?: Lint[];
  error?: string;
}

/** The worker stops after this long without work (it holds ~100 MB); the next essay starts it again. */
const CHECKER_IDLE_MS = 5 * 60_000;

interface Checker {
  worker: Worker;
  waiting: Map<number, { resolve: (reply: CheckerReply) => void; reject: (error: Error) => void }>;
  idle?: NodeJS.Timeout;
}
let checker: Checker | undefined;
let nextId = 0;

function startChecker(): Checker {
  const worker = new Worker(CHECKER_WORKER, {
    eval: true,
    workerData: {
      modules: ['nspell', 'dictionary-en', 'harper.js', 'harper.js/binary'].map((name) =>
        import.meta.resolve(name),
      ),
    },
  });
  // An idle worker never keeps the process alive.
  worker.unref();
  const started: Checker = { worker, waiting: new Map() };
  const fail = (error: Error) => {
    if (checker === started) checker = undefined;
    for (const { reject } of started.waiting.values()) reject(error);
    started.waiting.clear();
  };
  worker.on('message', (reply: CheckerReply) => {
    const waiter = started.waiting.get(reply.id);
    started.waiting.delete(reply.id);
    if (reply.error) waiter?.reject(new Error(reply.error));
    else waiter?.resolve(reply);
    if (started.waiting.size === 0) {
      started.idle = setTimeout(() => {
        if (checker === started) checker = undefined;
        void worker.terminate();
      }, CHECKER_IDLE_MS).unref();
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The language checker stopped (exit code ${code})`)));
  return started;
}

function check(text: string, words: string[][]): Promise<CheckerReply> {
  checker ??= startChecker();
  const current = checker;
  clearTimeout(current.idle);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current.waiting.set(id, { resolve, reject });
    current.worker.postMessage({ id, text, words, maxSuggestions: MAX_SUGGESTIONS });
  });
}

/** Suggestions kept per issue. */
const MAX_SUGGESTIONS = 3;
/** Issues kept per essay: a teacher reads them, a long list of one repeated slip helps nobody. */
const MAX_ISSUES = 100;

/**
 * The American spellings a British one may stand for: IELTS accepts either, and dictionary-en is
 * American English, so "colour", "centre", "realise", "travelled" and "programme" are not mistakes.
 */
function americanForms(word: string): string[] {
  const forms = new Set<string>();
  const rules: [RegExp, string][] = [
    [/our(s|ed|ing|ful|ite|ites|able)?$/u, 'or$1'],
    [/tre(s|d)?$/u, 'ter$1'],
    [/is(e|es|ed|ing|ation|ations)$/u, 'iz$1'],
    [/ys(e|es|ed|ing)$/u, 'yz$1'],
    [/ll(ed|ing|er|ers)$/u, 'l$1'],
    [/ogue(s)?$/u, 'og$1'],
    [/ence$/u, 'ense'],
    [/mme(s)?$/u, 'm$1'],
    [/ae/u, 'e'],
    [/oe/u, 'e'],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) forms.add(word.replace(pattern, replacement));
  }
  return [...forms];
}

/** Words of the text with their UTF-16 offsets: letters with inner apostrophes or hyphens split apart. */
const WORD = /[\p{L}]+(?:['’][\p{L}]+)*/gu;

/** The words the speller checks, with their UTF-16 spans and the forms any of which makes them right. */
function checkedWords(text: string) {
  const words: { word: string; start: number; forms: string[] }[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    // Acronyms (IELTS, GDP) and single letters are not checked.
    if (word.length < 2 || (word === word.toUpperCase() && /\p{Lu}/u.test(word))) continue;
    const plain = word.replaceAll('’', "'");
    // The first form is the word as written: the one the suggestions are for.
    words.push({ word, start: match.index, forms: [plain, ...americanForms(plain.toLowerCase())] });
  }
  return words;
}

/** Harper's spans count Unicode code points; the text's offsets (and the web's) count UTF-16 units. */
function utf16Offsets(text: string): number[] {
  const offsets = [0];
  let at = 0;
  for (const char of text) {
    at += char.length;
    offsets.push(at);
  }
  return offsets;
}

/**
 * The spelling and grammar issues of a text, in reading order. A word both checkers flag (Harper's
 * "alot" → "a lot") is reported once, as grammar, whose suggestion is the better one.
 */
export async function languageIssues(text: string): Promise<DraftIssue[]> {
  if (!text.trim()) return [];
  const words = checkedWords(text);
  const reply = await check(
    text,
    words.map((word) => word.forms),
  );
  const offsets = utf16Offsets(text);
  const grammar: DraftIssue[] = [];
  for (const lint of reply.lints ?? []) {
    // Spelling is the dictionary's (below); Harper's own word list would report it twice.
    if (lint.kind === 'Spelling') continue;
    const start = offsets[lint.start] ?? text.length;
    const end = offsets[lint.end] ?? text.length;
    grammar.push({
      kind: 'grammar',
      rule: lint.kind,
      message: lint.message,
      start,
      end,
      excerpt: text.slice(start, end),
      suggestions: lint.suggestions,
    });
  }
  const overlaps = (issue: DraftIssue) =>
    grammar.some((other) => other.start < issue.end && issue.start < other.end);
  const spelling: DraftIssue[] = [];
  words.forEach(({ word, start }, index) => {
    const suggestions = reply.spelling?.[index];
    if (!suggestions) return;
    const issue: DraftIssue = {
      kind: 'spelling',
      rule: 'hunspell',
      message: `“${word}” is not in the English dictionary.`,
      start,
      end: start + word.length,
      excerpt: word,
      suggestions,
    };
    if (!overlaps(issue)) spelling.push(issue);
  });
  return [...spelling, ...grammar].sort((a, b) => a.start - b.start || a.end - b.end).slice(0, MAX_ISSUES);
}
