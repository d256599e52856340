import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for every rich-text field the API stores (question stems, passages, explanations,
 * instructions, posts): formatting, lists, tables, links and images, nothing executable.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'code',
    'pre',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
    span: ['class'],
  },
  allowedClasses: { span: ['blank', 'underline'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images: our own media (relative URLs) or https, which the Content-Security-Policy's img-src admits;
  // an http image would be blocked on the page, so the editor must not keep one either.
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export function sanitizeOptionalRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeRichText(html);
  return clean === '' ? null : clean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The end of a block and a line break: where words on either side must not run together. */
const BREAKS = /<\/(p|div|li|h[1-6]|blockquote|pre|td|th|tr|figcaption)>|<br\s*\/?>/gi;

/**
 * Plain text of HTML, for search, titles, previews and comparisons: tags (and scripts) dropped, blocks and
 * line breaks turned into spaces, entities turned back into the characters they stand for. It is text,
 * never HTML: render it escaped (React does), not as markup.
 */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(BREAKS, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
