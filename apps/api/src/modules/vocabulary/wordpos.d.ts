/** The part of `wordpos` (no published types) that word-help.ts uses. */
declare module 'wordpos' {
  interface WordposSense {
    /** n, v, a, s (satellite adjective) or r. */
    pos: string;
    def: string;
    synonyms: string[];
    exp?: string[];
  }
  export default class WordPOS {
    constructor(options?: Record<string, unknown>);
    lookup(word: string): Promise<WordposSense[]>;
  }
}
