/** Escapes plain text for HTML. */
export const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A reading passage: a heading and paragraphs, lettered A, B, C … when `lettered`. */
export function passageHtml(title: string, paragraphs: string[], lettered = true): string {
  const body = paragraphs
    .map((text, index) =>
      lettered
        ? `<p><strong>${String.fromCharCode(65 + index)}</strong> ${esc(text)}</p>`
        : `<p>${esc(text)}</p>`,
    )
    .join('');
  return `<h3>${esc(title)}</h3>${body}`;
}
