import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText } from './html';

describe('plainText', () => {
  it('gives the text a reader sees: tags dropped, entities as characters, spaces collapsed', () => {
    expect(plainText('<p>Part 3 &amp; 4:\n <b>Tom</b> &quot;said&quot; &lt;hi&gt;</p>')).toBe(
      'Part 3 & 4: Tom "said" <hi>',
    );
    // A title typed with an ampersand survives a save and a re-save unchanged.
    expect(plainText(plainText('Questions 1 & 2'))).toBe('Questions 1 & 2');
  });

  it('keeps paragraphs and lines apart, words split by inline tags whole, and decodes named entities', () => {
    expect(
      plainText('<p>Read the notice.</p><p>Choose&nbsp;one.</p><ul><li>A</li><li>B</li></ul>x<br>y'),
    ).toBe('Read the notice. Choose one. A B x y');
    expect(plainText('<p>An <b>im</b>portant caf&eacute; &#8211; &apos;open&apos;</p>')).toBe(
      "An important café – 'open'",
    );
  });

  it('drops markup and scripts entirely', () => {
    expect(plainText('<script>alert(1)</script><img src=x onerror=alert(2)>Hello')).toBe('Hello');
    expect(sanitizeRichText('<p onclick="x()">Hi</p>')).toBe('<p>Hi</p>');
  });
});

describe('sanitizeRichText', () => {
  it('keeps the images a reader’s page may show (own media, https) and drops the ones its policy blocks', () => {
    const html = sanitizeRichText(
      '<p><img src="/api/media/a.png" alt="own"><img src="https://cdn.example.org/b.png" alt="https"><img src="http://example.org/c.png" alt="http"><img src="data:image/png;base64,AAAA" alt="data"></p>',
    );
    expect(html).toContain('<img src="/api/media/a.png" alt="own" />');
    expect(html).toContain('<img src="https://cdn.example.org/b.png" alt="https" />');
    expect(html).not.toContain('http://example.org');
    expect(html).not.toContain('data:image');
  });
});
