import { describe, expect, it } from 'vitest';
import { aboutHtml } from './about-html.ts';

describe('aboutHtml', () => {
  it('makes paragraphs of blank-line-separated text and keeps single line breaks', () => {
    expect(aboutHtml('First line\nsecond line\n\n  Next paragraph  ')).toBe('<p>First line<br>second line</p><p>Next paragraph</p>');
  });

  it('escapes markup', () => {
    expect(aboutHtml('<img src=x onerror="alert(1)"> & \'co\'')).toBe('<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;</p>');
  });

  it('answers nothing for no text', () => {
    expect(aboutHtml(null)).toBe('');
    expect(aboutHtml(' \n\n ')).toBe('');
  });
});
