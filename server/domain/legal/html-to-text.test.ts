import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.ts';
import { textToHtml } from './text-to-html.ts';

describe('htmlToText', () => {
  it('gives back the text that was written, marks and lists included', () => {
    const text = 'Terms of **use**.\nRead them _carefully_.\n\n- one\n- two\n\n1. first\n2. second';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });

  it('unescapes once, so that saving the text again stores the same HTML (no double escaping)', () => {
    for (const text of ['<img src=x onerror="alert(1)"> & **<b>**', 'Typed &amp;lt; literally', "it's _all_ (fine)", 'snake_case_name stays', '_**both**_']) {
      const html = textToHtml(text);
      expect(htmlToText(html)).toBe(text);
      expect(textToHtml(htmlToText(html))).toBe(html);
    }
  });

  it('keeps the HTML stable even where the text is normalised (numbering, blank lines)', () => {
    const html = textToHtml('\r\n3. a\r\n7. b\r\n\r\n\r\nTail\r\n');
    expect(htmlToText(html)).toBe('1. a\n2. b\n\nTail');
    expect(textToHtml(htmlToText(html))).toBe(html);
  });
});
