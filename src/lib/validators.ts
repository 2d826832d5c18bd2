// Helper rules of 000 section 5 and the account limits, shared by the web forms and the server
// (which imports these constants, so that each limit is written once).

/** Mainland mobile: optional +86 or 0086, then 1, a digit 3-9, then 9 digits. */
export const MAINLAND_MOBILE = /^(\+86|0086)?1[3-9][0-9]{9}$/;
/** The looser mobile rule of 000 section 5: any 11 digits starting with 1 (no prefix). */
export const ELEVEN_DIGIT_MOBILE = /^1[0-9]{10}$/;
/** The +86 or 0086 a mainland mobile may carry, before the 11 digits the accounts store. */
const MAINLAND_PREFIX = /^(\+86|0086)(?=1[0-9]{10}$)/;
/** local-part@domain. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Verification codes are 6 digits; a new one may be asked for 60 s after the last. */
export const CODE = /^[0-9]{6}$/;
export const CODE_RESEND_S = 60;
/** Password limits of the account calls. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const isMainlandMobile = (value: string) => MAINLAND_MOBILE.test(value.trim());
export const isElevenDigitMobile = (value: string) => ELEVEN_DIGIT_MOBILE.test(value.trim());
export const isEmail = (value: string) => EMAIL.test(value.trim());

/** A mobile number as accounts store it: trimmed, without the +86 or 0086 of an 11-digit number. */
export const withoutMainlandPrefix = (phone: string) => phone.trim().replace(MAINLAND_PREFIX, '');

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

/** Time of day HH:mm:ss: 00-23 hours by default, 01-12 on the 12-hour clock (an AM/PM marker may follow). */
const TIME_24 = /^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
const TIME_12 = /^(0[1-9]|1[0-2]):[0-5][0-9]:[0-5][0-9]( ?[AaPp][Mm])?$/;
export const isTimeOfDay = (value: string, clock: 12 | 24 = 24) => (clock === 12 ? TIME_12 : TIME_24).test(value);
