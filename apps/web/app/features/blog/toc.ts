import { slugify } from '@prepwise/contract';

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

const HEADING = /<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi;

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Gives every h2/h3 of a post an id (from its text, numbered when repeated) and returns the
 * table of contents. The HTML was sanitized by the API, which strips ids, so none clash.
 */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const out = html.replace(
    HEADING,
    (_match, level: string, attributes: string | undefined, inner: string) => {
      const text = textOf(inner);
      const base = slugify(text, 60) || 'muc';
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      const id = seen ? `${base}-${seen + 1}` : base;
      toc.push({ id, text, level: level === '2' ? 2 : 3 });
      return `<h${level}${attributes ?? ''} id="${id}">${inner}</h${level}>`;
    },
  );
  return { html: out, toc };
}

/** A table of contents is worth showing from this many headings on. */
export const TOC_MIN_HEADINGS = 3;
