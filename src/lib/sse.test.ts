import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SseEvent } from './sse';

function parse(...chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('the event-stream parser', () => {
  it('dispatches an event at the blank line, with its type, data and id', () => {
    expect(parse('event: flow\nid: 1700000000000\ndata: {"a":1}\n\n')).toEqual([{ type: 'flow', data: '{"a":1}', id: '1700000000000' }]);
  });

  it('waits for the blank line: an event cut between chunks is dispatched once whole', () => {
    const events = parse('event: fl', 'ow\ndata: {"pv', 'Power":5}\n', '\n');
    expect(events).toEqual([{ type: 'flow', data: '{"pvPower":5}' }]);
  });

  it('accepts CRLF and CR line ends, also a CRLF split between chunks', () => {
    expect(parse('event: flow\r\ndata: x\r\n\r\n')).toEqual([{ type: 'flow', data: 'x' }]);
    expect(parse('data: y\r\r')).toEqual([{ type: 'message', data: 'y' }]);
    // The CR ends one chunk and the LF opens the next: one line end, not an empty line.
    expect(parse('data: a\r', '\ndata: b\r', '\n\r\n')).toEqual([{ type: 'message', data: 'a\nb' }]);
  });

  it('joins data lines with LF and keeps a value\'s own spaces but the first', () => {
    expect(parse('data:  one\ndata:two\n\n')).toEqual([{ type: 'message', data: ' one\ntwo' }]);
  });

  it('ignores comments (keep-alive), unknown fields and events without data', () => {
    expect(parse(': keep-alive\n\nretry: 5000\nfoo: bar\n\nevent: flow\n\n')).toEqual([]);
  });

  it('keeps the last id for later events and resets the type after each one', () => {
    expect(parse('id: 7\nevent: flow\ndata: a\n\ndata: b\n\n')).toEqual([{ type: 'flow', data: 'a', id: '7' }, { type: 'message', data: 'b', id: '7' }]);
  });

  it('drops a leading byte-order mark', () => {
    expect(parse('\uFEFFdata: x\n\n')).toEqual([{ type: 'message', data: 'x' }]);
  });

  it('reads a byte stream whose multi-byte characters straddle chunks', async () => {
    const bytes = new TextEncoder().encode('event: flow\ndata: {"name":"光伏"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Cut inside the first Chinese character (3 bytes in UTF-8).
        const cut = bytes.indexOf(0xe5) + 1;
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSse(body, (e) => events.push(e));
    expect(events).toEqual([{ type: 'flow', data: '{"name":"光伏"}' }]);
  });
});
