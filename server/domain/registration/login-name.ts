// The login name a new account starts with: its phone number, or its e-mail address made to fit
// the login-name rule (schemas/entities/user-profile.schema.json: letters, digits and . _ @ + -,
// starting with a letter or digit, 4 to 100 characters).
export const LOGIN_NAME_MAX = 100;

export function loginNameForEmail(email: string): string {
  const fitted = email.toLowerCase().replace(/[^a-z0-9._@+-]/g, '-').replace(/^[^a-z0-9]+/, '');
  return fitted.padEnd(4, '0').slice(0, LOGIN_NAME_MAX);
}

/** The e-mail address's local part, within the 30 characters of a nickname. */
export const nicknameForEmail = (email: string): string => (email.split('@')[0] || email).slice(0, 30);
