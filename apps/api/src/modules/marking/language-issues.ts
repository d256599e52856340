import type { DraftIssue } from '@prepwise/contract';
import type { Linter } from 'harper.js';
import type NSpell from 'nspell';

/**
 * Spelling and grammar issues of an essay for the offline draft feedback (issue 28, decision 026), from
 * the field's checkers: Hunspell's English dictionary through nspell for spelling, and Harper
 * (Automattic's rule-based grammar checker, compiled to WebAssembly) for grammar. Both run in-process
 * and offline; each is loaded once per process, on first use (the dictionary takes ~0.4 s, Harper ~2 s).
 */

let speller: Promise<NSpell> | undefined;
let linter: Promise<Linter> | undefined;

function spellerOnce(): Promise<NSpell> {
  speller ??= (async () => {
    const [{ default: nspell }, { default: dictionary }] = await Promise.all([
      import('nspell'),
      import('dictionary-en'),
    ]);
    // dictionary-en reads its files as Buffers; its types say Uint8Array, nspell's say Buffer.
    return nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  })();
  return speller;
}

function linterOnce(): Promise<Linter> {
  linter ??= (async () => {
    const [{ LocalLinter, Dialect }, { binary }] = await Promise.all([
      import('harper.js'),
      import('harper.js/binary'),
    ]);
    // British English: what IELTS teaches in Vietnam (American spelling is accepted by the speller below).
    const local = new LocalLinter({ binary, dialect: Dialect.British });
    await local.setup();
    return local;
  })();
  return linter;
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

function spellingIssues(spell: NSpell, text: string): DraftIssue[] {
  const issues: DraftIssue[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    // Acronyms (IELTS, GDP) and single letters are not checked.
    if (word.length < 2 || (word === word.toUpperCase() && /\p{Lu}/u.test(word))) continue;
    const plain = word.replaceAll('’', "'");
    if (spell.correct(plain)) continue;
    if (americanForms(plain.toLowerCase()).some((form) => spell.correct(form))) continue;
    const start = match.index;
    issues.push({
      kind: 'spelling',
      rule: 'hunspell',
      message: `“${word}” is not in the English dictionary.`,
      start,
      end: start + word.length,
      excerpt: word,
      suggestions: spell.suggest(plain).slice(0, MAX_SUGGESTIONS),
    });
  }
  return issues;
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

async function grammarIssues(text: string): Promise<DraftIssue[]> {
  const lints = await (await linterOnce()).lint(text, { language: 'plaintext' });
  const offsets = utf16Offsets(text);
  const issues: DraftIssue[] = [];
  for (const lint of lints) {
    // Spelling is the dictionary's (above); Harper's own word list would report it twice.
    if (lint.lint_kind() === 'Spelling') continue;
    const span = lint.span();
    const start = offsets[span.start] ?? text.length;
    const end = offsets[span.end] ?? text.length;
    issues.push({
      kind: 'grammar',
      rule: lint.lint_kind(),
      message: lint.message(),
      start,
      end,
      excerpt: text.slice(start, end),
      suggestions: lint
        .suggestions()
        .map((suggestion) => suggestion.get_replacement_text())
        .slice(0, MAX_SUGGESTIONS),
    });
    lint.free();
  }
  return issues;
}

/**
 * The spelling and grammar issues of a text, in reading order. A word both checkers flag (Harper's
 * "alot" → "a lot") is reported once, as grammar, whose suggestion is the better one.
 */
export async function languageIssues(text: string): Promise<DraftIssue[]> {
  if (!text.trim()) return [];
  const [spell, grammar] = await Promise.all([spellerOnce(), grammarIssues(text)]);
  const overlaps = (issue: DraftIssue) =>
    grammar.some((other) => other.start < issue.end && issue.start < other.end);
  const spelling = spellingIssues(spell, text).filter((issue) => !overlaps(issue));
  return [...spelling, ...grammar].sort((a, b) => a.start - b.start || a.end - b.end).slice(0, MAX_ISSUES);
}
