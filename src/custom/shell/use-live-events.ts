// The user's live event stream (userEventStream), read once by the shell: every `alarm` event
// moves `version` and carries the untreated counts; every `message` event moves `messages`.
// Opened with openStream, signed like any call. A dropped stream is opened again after a growing
// pause, and the reconnection moves `version` too, since events may have been missed meanwhile;
// a refusal (no permission, a server without the stream) is final.
import { useEffect, useState } from 'react';
import { ApiError, openStream } from '@/api/client';
import { readSse } from '@/lib/sse';
import { pause, retryDelay } from '@/lib/stream-retry';

export interface LiveEvents {
  /** Moves on every alarm raised, reported again, recovered or closed that the user may see. */
  version: number;
  /** Untreated alarms started in the last 3 days (the panel's badge), as of the last event. */
  untreatedNum?: number;
  /** Moves on every message that reaches the user. */
  messages: number;
}

/** The counts of an `alarm` event's data, when it is what the contract says. */
export function untreatedOf(data: string): number | undefined {
  try {
    const value = (JSON.parse(data) as { untreatedNum?: unknown }).untreatedNum;
    return typeof value === 'number' && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function useLiveEvents(): LiveEvents {
  const [state, setState] = useState<LiveEvents>({ version: 0, messages: 0 });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      for (let attempt = 0, connections = 0; !signal.aborted; attempt++) {
        try {
          const response = await openStream('userEventStream', { signal });
          if (!response.body) throw new ApiError(-1, 'no stream', [], 'userEventStream');
          attempt = 0;
          // The first event of a connection is the state on connect: after a reconnection it
          // may differ from what the pages show, so it moves the version; on the first it does not.
          let first = connections++ === 0;
          await readSse(response.body, (event) => {
            if (event.type === 'message') setState((s) => ({ ...s, messages: s.messages + 1 }));
            if (event.type !== 'alarm') return;
            const untreatedNum = untreatedOf(event.data);
            const moves = !first;
            first = false;
            setState((s) => ({ ...s, version: moves ? s.version + 1 : s.version, ...(untreatedNum === undefined ? {} : { untreatedNum }) }));
          });
        } catch (error) {
          if (signal.aborted || (error instanceof ApiError && error.errCode > 0)) return;
        }
        if (signal.aborted) return;
        await pause(retryDelay(attempt), signal);
      }
    })();
    return () => controller.abort();
  }, []);
  return state;
}
