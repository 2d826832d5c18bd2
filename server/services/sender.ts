// How the portal reaches people: every message is written to the outbox (the mailbox screen);
// with SMTP_URL set, e-mails also go out over SMTP. SMS has no provider here. The server log only
// notes that a message went out (purpose, channel, masked target, outbox id): its bodies carry
// one-time and reset codes, and its targets are people's contact details, neither of which
// belongs in a log that operators and log pipelines read.
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { maskAccount } from '../domain/plants/share-permissions.ts';
import { addOutboxMessage, markOutboxFailed, markOutboxSent, type MessagePurpose } from '../repositories/outbox.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** Phone number or e-mail address. */
  target: string;
  subject: string;
  body: string;
  /** A code's purpose or a notice's kind, shown in the mailbox. */
  purpose: MessagePurpose;
}

export interface Sender {
  /** Resolves once the message is recorded (and, over SMTP, accepted); rejects when delivery failed. */
  send(message: OutgoingMessage): Promise<void>;
}

/** The part of Fastify's logger the sender writes to. */
export interface SenderLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SmtpSettings {
  host: string;
  port: number | undefined;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  from: string;
}

/** smtp(s)://user:pass@host:port?from=addr; smtps is TLS from the start, smtp upgrades with STARTTLS when offered. */
export function parseSmtpUrl(url: string): SmtpSettings {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}`);
  if (!parsed.hostname) throw new Error('SMTP_URL names no host');
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : undefined,
    secure: parsed.protocol === 'smtps:',
    auth: user ? { user, pass } : undefined,
    from: parsed.searchParams.get('from') || (user.includes('@') ? user : `no-reply@${parsed.hostname}`),
  };
}

export function createSender(config: Pick<Config, 'smtpUrl'>, db: Db, log: SenderLog): Sender {
  const smtp = config.smtpUrl ? parseSmtpUrl(config.smtpUrl) : undefined;
  const transport = smtp && nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: smtp.secure, auth: smtp.auth });
  return {
    async send(message) {
      const id = await addOutboxMessage(db, message);
      const target = maskAccount(message.target);
      log.info({ outboxId: id, channel: message.channel, target, purpose: message.purpose }, 'message written to the outbox');
      if (!transport || message.channel !== 'email') return;
      try {
        await transport.sendMail({ from: smtp!.from, to: message.target, subject: message.subject, text: message.body });
        await markOutboxSent(db, id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await markOutboxFailed(db, id, reason);
        // The outbox keeps the full reason; an SMTP server's refusal may quote the address.
        log.error({ outboxId: id, target, reason: reason.replaceAll(message.target, target) }, 'e-mail could not be sent over SMTP');
        throw error;
      }
    },
  };
}
