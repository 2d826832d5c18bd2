import { describe, expect, it } from 'vitest';
import { MAX_CONNECT_BYTES, PacketSizeGate } from './mqtt-limits.ts';
import { remainingLength } from '../../tests/fixtures/mqtt-packets.ts';


/** A packet of `type` whose whole size, header included, is `size` bytes (a body of zeros). */
function packet(type: number, size: number): Buffer {
  let body = size - 2;
  while (1 + remainingLength(body).length + body > size) body--;
  return Buffer.concat([Buffer.from([type << 4, ...remainingLength(body)]), Buffer.alloc(body)]);
}

const CONNECT = 1;
const PUBLISH = 3;
const MAX = 64 * 1024;

/** The gate's verdict on `bytes` fed in chunks of `chunkSize`. */
function feed(bytes: Buffer, chunkSize: number): string | undefined {
  const gate = new PacketSizeGate(MAX);
  for (let i = 0; i < bytes.length; i += chunkSize) {
    const reason = gate.check(bytes.subarray(i, i + chunkSize));
    if (reason !== undefined) return reason;
  }
  return undefined;
}

describe('PacketSizeGate', () => {
  it('lets through a CONNECT and packets up to the limit, however the bytes are cut', () => {
    const stream = Buffer.concat([packet(CONNECT, 200), packet(PUBLISH, MAX), Buffer.from([0xc0, 0]), packet(PUBLISH, 130), packet(PUBLISH, 16_400)]);
    for (const chunkSize of [1, 2, 3, 7, 1000, stream.length]) expect(feed(stream, chunkSize), `chunks of ${chunkSize}`).toBeUndefined();
  });

  it('refuses a packet one byte over the limit', () => {
    const stream = Buffer.concat([packet(CONNECT, 200), packet(PUBLISH, MAX + 1)]);
    for (const chunkSize of [1, 5, stream.length]) expect(feed(stream, chunkSize)).toMatch(/MQTT_MAX_PACKET_BYTES/);
  });

  it('holds the CONNECT to its own, smaller limit', () => {
    expect(feed(packet(CONNECT, MAX_CONNECT_BYTES), 1)).toBeUndefined();
    expect(feed(packet(CONNECT, MAX_CONNECT_BYTES + 1), 1)).toMatch(/CONNECT/);
    expect(new PacketSizeGate(1024).check(packet(CONNECT, 1025))).toMatch(/over 1024/);
  });

  it('refuses an announced 250 MB CONNECT from its header alone, even a byte at a time', () => {
    const header = Buffer.from([CONNECT << 4, ...remainingLength(250 * 1024 * 1024)]);
    const gate = new PacketSizeGate(MAX);
    const verdicts = [...header].map((byte) => gate.check(Buffer.from([byte])));
    expect(verdicts.slice(0, -1)).toEqual([undefined, undefined, undefined, undefined]);
    expect(verdicts.at(-1)).toBe(`a CONNECT of ${1 + 4 + 250 * 1024 * 1024} bytes, over ${MAX_CONNECT_BYTES}`);
  });

  it('refuses a first packet that is not a CONNECT, and a remaining length of more than 4 bytes', () => {
    expect(feed(packet(PUBLISH, 100), 1)).toMatch(/not a CONNECT/);
    expect(feed(Buffer.concat([packet(CONNECT, 100), Buffer.from([0xc0, 0x80, 0x80, 0x80, 0x80, 0])]), 1)).toMatch(/malformed/);
  });
});
