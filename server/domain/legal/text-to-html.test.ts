import { describe, expect, it } from 'vitest';
import { textToHtml } from './text-to-html.ts';

describe('textToHtml', () => {
  it('makes paragraphs, line breaks, lists, bold and italic', () => {
    expect(textToHtml('Terms of **use**.\nRead them _carefully_.\n\n- one\n- two\n\n1. first\n2. second')).toBe(
      '<p>Terms of <strong>use</strong>.<br>Read them <em>carefully</em>.</p><ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>');
  });

  it('escapes everything else, so that no tag or attribute can be written', () => {
    expect(textToHtml('<img src=x onerror="alert(1)"> & **<b>**')).toBe('<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; <strong>&lt;b&gt;</strong></p>');
    expect(textToHtml('snake_case_name stays')).toBe('<p>snake_case_name stays</p>');
  });

  it('ignores blank lines around and between paragraphs and Windows line ends', () => {
    expect(textToHtml('\r\n\r\nA\r\n\r\n\r\nB\r\n')).toBe('<p>A</p><p>B</p>');
  });
});
