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

  it('drops markup and scripts entirely', () => {
    expect(plainText('<script>alert(1)</script><img src=x onerror=alert(2)>Hello')).toBe('Hello');
    expect(sanitizeRichText('<p onclick="x()">Hi</p>')).toBe('<p>Hi</p>');
  });
});
