import { describe, expect, it } from 'vitest';
import { parseSmtpUrl } from './sender.ts';

describe('SMTP_URL', () => {
  it('gives host, port, credentials and sender address', () => {
    expect(parseSmtpUrl('smtps://mailer%40example.com:p%40ss%3Aword@smtp.example.com:465?from=portal@example.com')).toEqual({
      host: 'smtp.example.com', port: 465, secure: true, auth: { user: 'mailer@example.com', pass: 'p@ss:word' }, from: 'portal@example.com',
    });
  });

  it('upgrades plain smtp with STARTTLS, and defaults the sender to the user or the host', () => {
    expect(parseSmtpUrl('smtp://mailer%40example.com:secret@mail.example.com')).toMatchObject({ port: undefined, secure: false, from: 'mailer@example.com' });
    expect(parseSmtpUrl('smtp://relay.internal:25')).toMatchObject({ port: 25, auth: undefined, from: 'no-reply@relay.internal' });
  });

  it('refuses other schemes', () => {
    expect(() => parseSmtpUrl('http://mail.example.com')).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
