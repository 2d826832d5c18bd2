// Images recognised by their first bytes, never by the name or type the client claims.
export { MAX_IMAGE_BYTES as MAX_AVATAR_BYTES } from '../../../src/lib/validators.ts';

export interface ImageKind {
  ext: 'png' | 'jpg' | 'gif' | 'bmp' | 'webp';
  mime: string;
}

const startsWith = (data: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(data: Uint8Array): ImageKind | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return { ext: 'gif', mime: 'image/gif' };
  // BMP: "BM", then the file size and the pixel offset; a 14-byte header at least.
  if (data.length >= 26 && startsWith(data, ascii('BM'))) return { ext: 'bmp', mime: 'image/bmp' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return { ext: 'webp', mime: 'image/webp' };
  return undefined;
}

const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp' };

/** The content type of a stored avatar file, from the extension it was stored with. */
export const avatarMime = (fileName: string): string | undefined => MIME_BY_EXT[fileName.split('.').pop() ?? ''];
