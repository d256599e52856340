import type { Highlight } from '@prepwise/contract';

/*
 * Highlights and notes on reading passages (issue 14). A highlight is a range of character offsets in the
 * passage's text (its text nodes in order, as `Range.toString()` reads them), so it survives re-rendering
 * the passage's HTML. The set of an attempt is saved whole: in the journal at once, then on the server;
 * the newer `updated_at` wins.
 */

export interface HighlightRecord {
  attemptId: string;
  highlights: Highlight[];
  /** When this device changed the set (ISO); null: never changed. */
  updatedAt: string | null;
  /** The server holds this set. */
  synced: boolean;
}

/** Which set to show on load: the journal's when newer and not yet saved, else the server's. */
export function pickHighlights(
  local: HighlightRecord | null,
  server: { highlights: Highlight[]; updated_at: string | null } | null,
  attemptId: string,
): HighlightRecord {
  const fromServer: HighlightRecord = {
    attemptId,
    highlights: server?.highlights ?? [],
    updatedAt: server?.updated_at ?? null,
    synced: server !== null,
  };
  if (!local) return fromServer;
  if (!server) return local;
  if (!local.synced && (server.updated_at === null || local.updatedAt! > server.updated_at)) return local;
  return fromServer;
}

/** Text nodes of a container with their offsets in its text. */
function textNodes(container: HTMLElement): { node: Text; start: number }[] {
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const nodes: { node: Text; start: number }[] = [];
  let offset = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, start: offset });
    offset += (node as Text).data.length;
  }
  return nodes;
}

/** The selection's offsets in a container's text, or null when it is empty or reaches outside. */
export function rangeOffsets(
  container: HTMLElement,
  range: Range,
): { start: number; end: number; text: string } | null {
  if (range.collapsed) return null;
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const before = container.ownerDocument.createRange();
  before.selectNodeContents(container);
  before.setEnd(range.startContainer, range.startOffset);
  const raw = range.toString();
  // Spaces at the edges are left out (a double-click selects the word and the space after it).
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (!text) return null;
  const start = before.toString().length + lead;
  return { start, end: start + text.length, text };
}

/**
 * Wraps the highlighted stretches of a container's text in `<mark>` elements (a stretch under several
 * highlights is marked once, by the first). Run on a freshly rendered passage.
 */
export function markHighlights(
  container: HTMLElement,
  highlights: Pick<Highlight, 'id' | 'start' | 'end'>[],
) {
  if (highlights.length === 0) return;
  const document = container.ownerDocument;
  for (const { node, start } of textNodes(container)) {
    const end = start + node.data.length;
    const over = highlights.filter((h) => h.start < end && h.end > start);
    if (over.length === 0) continue;
    const cuts = new Set([0, node.data.length]);
    for (const h of over) {
      cuts.add(Math.max(h.start - start, 0));
      cuts.add(Math.min(h.end - start, node.data.length));
    }
    const points = [...cuts].sort((a, b) => a - b);
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < points.length - 1; i++) {
      const from = points[i]!;
      const to = points[i + 1]!;
      if (to <= from) continue;
      const piece = document.createTextNode(node.data.slice(from, to));
      const by = over.find((h) => h.start <= start + from && h.end >= start + to);
      if (by) {
        const mark = document.createElement('mark');
        mark.dataset.highlightId = by.id;
        mark.dataset.testid = 'highlight-mark';
        mark.appendChild(piece);
        fragment.appendChild(mark);
      } else fragment.appendChild(piece);
    }
    node.replaceWith(fragment);
  }
}

/** A new highlight's id (unique enough within one attempt's set). */
export function newHighlightId(): string {
  return `h${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Takes the marks out again (the text nodes they held are joined back). */
export function unmarkHighlights(container: HTMLElement) {
  for (const mark of container.querySelectorAll('mark[data-highlight-id]'))
    mark.replaceWith(...mark.childNodes);
  container.normalize();
}
