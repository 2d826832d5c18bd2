// Commands to devices over MQTT (remote settings, issue 23; docs/device-commands.md). The server
// publishes a command with a correlation id on portal/command/<sn> and waits for the device's
// answer with the same id on portal/reply/<sn>. Whichever broker carries them (the embedded one
// or MQTT_URL's) is a CommandChannel here, so the waiting and matching is written once.
//
// Each server process matches only its own commands' ids: with several processes on one external
// broker every process hears every reply and ignores the ones it did not send.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export const COMMAND_PREFIX = 'portal/command/';
export const REPLY_PREFIX = 'portal/reply/';

/** What a broker offers for commands: publish a message, and hear every message of a topic filter. */
export interface CommandChannel {
  publish(topic: string, payload: string): Promise<void>;
  subscribe(filter: string, handler: (topic: string, payload: Buffer) => void): Promise<void>;
}

export const COMMANDS = ['getSafetyData', 'setSafetyData', 'setAutoTimeSync', 'setEmsReportEnable'] as const;
export type CommandName = (typeof COMMANDS)[number];

export interface CommandRequest {
  id: string;
  command: CommandName;
  params: Record<string, unknown>;
  /** When the server sent it (ISO 8601): a device may ignore a command that reached it late. */
  sentAt: string;
}

export type CommandReply = { ok: true; data: Record<string, unknown> } | { ok: false; reason: string };

/** The device did not answer within the timeout, or no broker is there to carry the command. */
export class NoAnswer extends Error {
  constructor(readonly unavailable: boolean) {
    super(unavailable ? 'no MQTT broker' : 'no answer');
  }
}

/** The serial of a `<prefix><sn>` topic; undefined for any other topic. */
export function serialOf(topic: string, prefix: string): string | undefined {
  const sn = topic.startsWith(prefix) ? topic.slice(prefix.length) : '';
  return sn && !sn.includes('/') ? sn : undefined;
}

/** A reply's payload, or undefined when it is not one (a device's mistake, logged and dropped). */
export function replyOf(payload: Buffer): ({ id: string } & CommandReply) | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
  const reply = value as Record<string, unknown> | null;
  if (!reply || typeof reply !== 'object' || typeof reply.id !== 'string') return undefined;
  if (reply.ok === true) {
    const data = reply.data ?? {};
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? { id: reply.id, ok: true, data: data as Record<string, unknown> } : undefined;
  }
  if (reply.ok === false) return { id: reply.id, ok: false, reason: typeof reply.reason === 'string' && reply.reason ? reply.reason.slice(0, 200) : 'refused' };
  return undefined;
}

interface Waiting {
  sn: string;
  resolve(reply: CommandReply): void;
}

export class DeviceCommands {
  private channel: CommandChannel | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private markAttached!: () => void;
  /** Settles once commands are carried (the server's tests wait for it after listen). */
  readonly attached = new Promise<void>((resolve) => (this.markAttached = resolve));

  constructor(private readonly timeoutMs: number, private readonly log: FastifyBaseLogger) {}

  /** Starts carrying commands on a broker's channel (once MQTT has started). */
  async attach(channel: CommandChannel): Promise<void> {
    await channel.subscribe(`${REPLY_PREFIX}+`, (topic, payload) => this.heard(topic, payload));
    this.channel = channel;
    this.markAttached();
  }

  /** Stops carrying commands: the ones waiting fail as unanswered. */
  detach(): void {
    this.channel = undefined;
  }

  /** Sends a command and resolves with the device's answer; rejects NoAnswer after the timeout. */
  async send(sn: string, command: CommandName, params: Record<string, unknown>): Promise<CommandReply> {
    const channel = this.channel;
    if (!channel) throw new NoAnswer(true);
    const request: CommandRequest = { id: randomUUID(), command, params, sentAt: new Date().toISOString() };
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<CommandReply>((resolve, reject) => {
      this.waiting.set(request.id, { sn, resolve });
      timer = setTimeout(() => reject(new NoAnswer(false)), this.timeoutMs);
    });
    try {
      await channel.publish(`${COMMAND_PREFIX}${sn}`, JSON.stringify(request));
      return await answered;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(request.id);
    }
  }

  private heard(topic: string, payload: Buffer) {
    const sn = serialOf(topic, REPLY_PREFIX);
    const reply = replyOf(payload);
    if (!sn || !reply) {
      this.log.info({ topic }, 'mqtt: command reply dropped: not a reply');
      return;
    }
    const waiting = this.waiting.get(reply.id);
    // Another process's command, or one that timed out already.
    if (!waiting) return;
    // Only the device the command went to may answer it.
    if (waiting.sn.toLowerCase() !== sn.toLowerCase()) {
      this.log.warn({ topic, id: reply.id }, 'mqtt: command reply from another device dropped');
      return;
    }
    const { id: _id, ...answer } = reply;
    waiting.resolve(answer);
  }
}
