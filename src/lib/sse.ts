// A Server-Sent Events parser for streams read with fetch (openStream): EventSource cannot send
// the bearer token and the signature, so the browser's own parser is not available. It follows
// the WHATWG "event stream interpretation": lines end in CRLF, LF or CR (a CRLF may be split
// between two chunks); `data` lines join with LF; a blank line dispatches; comments (`: keep-alive`)
// and unknown fields are ignored; an event without data is not dispatched.

export interface SseEvent {
  /** The `event` field, `message` when absent. */
  type: string;
  data: string;
  /** The last `id` seen on the stream, if any. */
  id?: string;
}

export interface SseParser {
  /** Feeds decoded text; complete events are dispatched synchronously. */
  push(chunk: string): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let started = false;
  // The previous chunk ended on CR: a LF opening this one completes that CRLF, not a blank line.
  let pendingCr = false;
  let type = '';
  let data: string[] = [];
  let lastId: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ type: type || 'message', data: data.join('\n'), ...(lastId === undefined ? {} : { id: lastId }) });
    type = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  return {
    push(chunk) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (pendingCr && text.length > 0) {
        if (text.startsWith('\n')) text = text.slice(1);
        pendingCr = false;
      }
      buffer += text;
      const breaks = /\r\n|\r|\n/g;
      let start = 0;
      for (let match = breaks.exec(buffer); match; match = breaks.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        line(buffer.slice(start, match.index));
        start = breaks.lastIndex;
      }
      buffer = buffer.slice(start);
    },
  };
}

/** Reads a stream body to its end, feeding decoded text to a parser (multi-byte characters may straddle chunks). */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
