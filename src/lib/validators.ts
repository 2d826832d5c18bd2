// Helper rules of 000 section 5 and the account limits, shared by the web forms and the server
// (which imports these constants, so that each limit is written once).

/** Mainland mobile: optional +86 or 0086, then 1, a digit 3-9, then 9 digits. */
export const MAINLAND_MOBILE = /^(\+86|0086)?1[3-9][0-9]{9}$/;
/** local-part@domain. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Verification codes are 6 digits; a new one may be asked for 60 s after the last. */
export const CODE = /^[0-9]{6}$/;
export const CODE_RESEND_S = 60;
/** Password limits of the account calls. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const isMainlandMobile = (value: string) => MAINLAND_MOBILE.test(value.trim());
export const isEmail = (value: string) => EMAIL.test(value.trim());

/** Where a code goes: an e-mail address, a mainland mobile number, or neither. */
export function codeChannel(target: string): 'email' | 'sms' | undefined {
  if (isEmail(target)) return 'email';
  if (isMainlandMobile(target)) return 'sms';
  return undefined;
}

/** Uploaded pictures (avatars, logos) stay under 5 MB (001 section 8). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|bmp|webp|svg)$/i;

/** An image file: mime type image/*, or an image extension (000 section 5). */
export const isImageFile = (file: { name: string; type: string }) => file.type.startsWith('image/') || IMAGE_EXTENSIONS.test(file.name);
