// Bounds on what an MQTT connection may make the broker hold. mqtt-packet (aedes's parser) buffers
// a packet until all the bytes its fixed header announces have arrived, and that header may
// announce up to 256 MB: a client that announces a huge CONNECT and trickles it would have the
// server hold it all before anyone checked who it is. So the announced size is read here, from
// the bytes as aedes reads them off the socket, and a connection that announces too much is
// closed at once, before the rest of the packet comes.
import type { Socket } from 'node:net';

/**
 * The CONNECT, the one packet allowed before authentication: a device's carries an MQTT client id
 * (aedes allows 23 characters), its API clientId (28) and secret (43) as user name and password,
 * and at most a small will; a few hundred bytes. 16 KiB is far more, and what an unauthenticated
 * connection can make the server hold, until MQTT_CONNECT_TIMEOUT_MS ends it. (What a client
 * sends after its CONNECT mostly waits in the socket's buffer: aedes stops reading while it
 * authenticates; any of it read before is held to MQTT_MAX_PACKET_BYTES, for that short while.)
 */
export const MAX_CONNECT_BYTES = 16 * 1024;

const CONNECT = 1;

/** Follows the packets of one connection's byte stream through their fixed headers, whatever the chunking. */
export class PacketSizeGate {
  private packets = 0;
  /** Whether the current packet's fixed header is still being read, its remaining length so far and that field's bytes read. */
  private inHeader = false;
  private length = 0;
  private lengthBytes = 0;
  /** Body bytes of the current packet not seen yet. */
  private body = 0;

  constructor(private readonly maxPacketBytes: number) {}

  /** Reads a chunk; the reason to close the connection when a packet breaks a limit, else undefined. */
  check(chunk: Buffer): string | undefined {
    let i = 0;
    while (i < chunk.length) {
      if (this.body > 0) {
        const skipped = Math.min(this.body, chunk.length - i);
        this.body -= skipped;
        i += skipped;
        continue;
      }
      const byte = chunk[i++]!;
      if (!this.inHeader) {
        this.packets++;
        if (this.packets === 1 && byte >> 4 !== CONNECT) return 'the first packet is not a CONNECT';
        this.inHeader = true;
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      // The remaining length: 7 bits a byte, least significant first, at most 4 bytes.
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return 'a malformed remaining length';
        continue;
      }
      // The header is complete: its packet is judged before any of its body is read.
      const announced = 1 + this.lengthBytes + this.length;
      const limit = this.packets === 1 ? Math.min(MAX_CONNECT_BYTES, this.maxPacketBytes) : this.maxPacketBytes;
      if (announced > limit) {
        return this.packets === 1 ? `a CONNECT of ${announced} bytes, over ${limit}`
          : `a packet of ${announced} bytes, over MQTT_MAX_PACKET_BYTES (${limit})`;
      }
      this.inHeader = false;
      this.body = this.length;
    }
    return undefined;
  }
}

/**
 * Closes `socket` as soon as the bytes read from it announce a packet over the limits. To be
 * called after aedes has taken the socket: aedes reads it with 'readable' and read(), and a 'data'
 * listener added then sees each chunk inside that read(), before aedes parses it, without putting
 * the socket into flowing mode (Node's stream docs: 'readable' takes precedence). The chunk that
 * announced too much still reaches aedes's parser, as it is read already; nothing after it does,
 * and the closed connection's parser goes with it.
 */
export function limitPacketSize(socket: Socket, maxPacketBytes: number, refused: (reason: string) => void): void {
  const gate = new PacketSizeGate(maxPacketBytes);
  const onData = (chunk: Buffer) => {
    const reason = gate.check(chunk);
    if (reason === undefined) return;
    socket.off('data', onData);
    socket.destroy();
    refused(reason);
  };
  socket.on('data', onData);
}
