import { describe, expect, it } from 'vitest';
import { parseProductImages } from './product-images.ts';

const uploaded = (n: number) => `/dev-api/resource/file/${String(n).padStart(32, '0')}.png`;

describe('parseProductImages', () => {
  it('takes 1 to 9 pictures uploaded here or bundled with the demo, in order', () => {
    expect(parseProductImages(`${uploaded(1)},/mall/tote-bag.png`, '/dev-api')).toEqual([uploaded(1), '/mall/tote-bag.png']);
    expect(parseProductImages(Array.from({ length: 9 }, (_, i) => uploaded(i)).join(','), '/dev-api')).toHaveLength(9);
  });

  it('refuses ten pictures, another site\'s, another prefix\'s or a file that is no picture', () => {
    expect(() => parseProductImages(Array.from({ length: 10 }, (_, i) => uploaded(i)).join(','), '/dev-api')).toThrow('rule.imageCount');
    for (const url of ['https://example.com/a.png', uploaded(1).replace('/dev-api', '/other'), uploaded(1).replace('.png', '.pdf'), '/mall/../secret.png']) {
      expect(() => parseProductImages(url, '/dev-api'), url).toThrow('rule.uploadedImage');
    }
  });
});
