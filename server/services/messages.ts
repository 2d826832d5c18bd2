// Private messages (group 3/2) that other areas send to one user inside their own transaction:
// alarm notifications, feedback answers, shares. The message exists only if the caller's
// transaction commits, so that a rolled-back alarm leaves no notice behind.
import type { Tx } from '../db/client.ts';
import { messages } from '../db/schema/messages.ts';

export interface PrivateMessageInput {
  userId: string;
  title: string;
  body: string;
  plantUid?: string;
  deviceSn?: string;
}

/** The contract's limits (message.schema.json): longer texts are cut rather than refused, since the sender is the system. */
const TITLE_MAX = 100;
const BODY_MAX = 5000;

/** Writes the message in the caller's transaction and answers its id. */
export async function sendPrivateMessage(tx: Tx, input: PrivateMessageInput): Promise<number> {
  const [row] = await tx.insert(messages).values({
    messageType: 3, sendRange: 2, userId: input.userId,
    title: input.title.slice(0, TITLE_MAX), body: input.body.slice(0, BODY_MAX),
    plantUid: input.plantUid ?? null, deviceSn: input.deviceSn ?? null,
  }).returning({ id: messages.id });
  return row!.id;
}
