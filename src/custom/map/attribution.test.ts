import { describe, expect, it } from 'vitest';
import { attributionHtml } from './attribution';

describe('tile attribution', () => {
  it('links the credit to its page', () => {
    expect(attributionHtml({ tileUrl: '', attribution: '© OpenStreetMap contributors', attributionUrl: 'https://www.openstreetmap.org/copyright' }))
      .toBe('<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">© OpenStreetMap contributors</a>');
  });

  it('lets no markup or script URL through', () => {
    expect(attributionHtml({ tileUrl: '', attribution: '<img src=x onerror=alert(1)>' })).toBe('&#60;img src=x onerror=alert(1)&#62;');
    expect(attributionHtml({ tileUrl: '', attribution: 'Maps', attributionUrl: 'javascript:alert(1)' })).toBe('Maps');
    expect(attributionHtml({ tileUrl: '', attribution: 'Maps', attributionUrl: 'https://x.example/"><b>' })).toBe('<a href="https://x.example/&#34;&#62;&#60;b&#62;" target="_blank" rel="noopener noreferrer">Maps</a>');
  });
});
