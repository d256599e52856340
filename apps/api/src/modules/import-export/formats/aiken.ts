import { IMPORT_KEYS } from '@prepwise/contract';
import { htmlOfText, type ParsedEntry, type ParseResult } from '../model';

const OPTION = /^([A-Za-z])\s*[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

interface Draft {
  line: number;
  stem: string[];
  options: { key: string; content: string }[];
}

/**
 * Aiken: a question line, options "A." or "A)" one per line, then "ANSWER: B".
 * Blank lines between questions are optional; "ANSWER: A, C" marks several correct options.
 */
export function parseAiken(bytes: Uint8Array): ParseResult {
  const lines = new TextDecoder('utf-8')
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const entries: ParsedEntry[] = [];
  let draft: Draft | null = null;
  const fail = (d: Draft, field: string, key: string, message: string) => {
    entries.push({
      location: `line ${d.line}`,
      problems: [
        { field, key, message: message.startsWith('line') ? message : `line ${d.line}: ${message}` },
      ],
    });
  };
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const number = index + 1;
    if (!line) {
      if (draft && draft.options.length > 0) {
        fail(draft, 'answer', IMPORT_KEYS.missingAnswer, 'the question has no "ANSWER:" line');
        draft = null;
      }
      return;
    }
    if (!draft) {
      draft = { line: number, stem: [line], options: [] };
      return;
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      const keys = answer[1]!
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean);
      const known = new Set(draft.options.map((option) => option.key));
      const location = `line ${draft.line}`;
      if (draft.options.length < 2)
        fail(draft, 'options', 'question.options_required', 'fewer than two options');
      else if (keys.length === 0 || keys.some((key) => !known.has(key)))
        fail(
          draft,
          'answer',
          IMPORT_KEYS.invalidAnswer,
          `line ${number}: answer "${answer[1]}" is not one of the options ${[...known].join(', ')}`,
        );
      else
        entries.push({
          location,
          problems: [],
          question: {
            kind: keys.length > 1 ? 'multiple_choice' : 'single_choice',
            stem: htmlOfText(draft.stem.join('\n')),
            options: draft.options,
            items: [],
            answer: keys.length > 1 ? { keys } : { key: keys[0] },
            explanation_vi: null,
            explanation_en: null,
            tags: [],
            level: null,
            location,
          },
        });
      draft = null;
      return;
    }
    const option = OPTION.exec(line);
    if (option) draft.options.push({ key: option[1]!.toUpperCase(), content: htmlOfText(option[2]!.trim()) });
    else if (draft.options.length === 0) draft.stem.push(line);
    else {
      fail(
        draft,
        'options',
        IMPORT_KEYS.malformedFile,
        `line ${number}: expected an option "X." or "ANSWER:"`,
      );
      draft = null;
    }
  });
  if (draft) fail(draft, 'answer', IMPORT_KEYS.missingAnswer, 'the question has no "ANSWER:" line');
  return { entries, warnings: [] };
}
