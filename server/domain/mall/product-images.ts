// A product's pictures: 1 to 9 URLs, comma-separated on the wire, each one of ours: a file
// uploaded through uploadFile (recognised as an image when it was stored) or one of the demo's
// bundled pictures. A URL elsewhere would be refused by the page's Content-Security-Policy anyway.
import { fieldError } from '../../errors.ts';

export const MAX_PRODUCT_IMAGES = 9;
const UPLOADED_IMAGE = /^\/resource\/file\/[0-9a-f]{32}\.(png|jpg|gif|bmp|webp)$/;
/** The demo's pictures, served from public/mall/ with the web app. */
export const DEMO_IMAGE = /^\/mall\/[a-z0-9-]+\.png$/;

export function parseProductImages(images: string, apiPrefix: string): string[] {
  const urls = images.split(',').map((url) => url.trim()).filter(Boolean);
  if (urls.length < 1 || urls.length > MAX_PRODUCT_IMAGES) throw fieldError('images', 'imageCount', { limit: MAX_PRODUCT_IMAGES });
  for (const url of urls) {
    const ours = DEMO_IMAGE.test(url) || (url.startsWith(`${apiPrefix}/`) && UPLOADED_IMAGE.test(url.slice(apiPrefix.length)));
    if (!ours) throw fieldError('images', 'uploadedImage', { value: url });
  }
  return urls;
}
