// The live figures of one plant: first the snapshot (getDeviceEneryFlowData), then every `flow`
// event of the live stream (liveStream, opened with openStream so that it is signed like any
// call). A dropped stream is opened again after a growing pause; a refusal (no permission, not
// implemented) is final, since asking again would answer the same.
import { useEffect, useState } from 'react';
import { ApiError, call, openStream } from '@/api/client';
import { readSse } from '@/lib/sse';
import { pause, retryDelay } from '@/lib/stream-retry';
import { applySample, applySnapshot, parseFlowEvent, type FlowState } from './flow-model';

export type LiveStatus = 'connecting' | 'live' | 'retrying' | 'closed';

export interface LiveFlow {
  flow?: FlowState;
  /** The snapshot's failure (the diagram may still fill from the stream). */
  snapshotError?: unknown;
  /** Why the stream was given up, when it was. */
  streamError?: unknown;
  status: LiveStatus;
}

/** A refusal the server gave on purpose; transport failures (-1, -2) are worth another try. */
const final = (error: unknown) => error instanceof ApiError && error.errCode > 0;

export function useLiveFlow(plantUid: string): LiveFlow {
  const [state, setState] = useState<LiveFlow>({ status: 'connecting' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: 'connecting' });

    call('getDeviceEneryFlowData', { query: { plantUid }, silent: true }).then(
      (data) => !signal.aborted && setState((s) => ({ ...s, flow: applySnapshot(s.flow, data) })),
      (error: unknown) => !signal.aborted && setState((s) => ({ ...s, snapshotError: error })),
    );

    void (async () => {
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          const response = await openStream('liveStream', { query: { plantUid }, signal });
          if (!response.body) throw new ApiError(-1, 'no stream', [], 'liveStream');
          attempt = 0;
          setState((s) => ({ ...s, status: 'live', streamError: undefined }));
          await readSse(response.body, (event) => {
            if (event.type !== 'flow') return;
            const sample = parseFlowEvent(event.data);
            if (sample && sample.plantUid === plantUid) setState((s) => ({ ...s, flow: applySample(s.flow, sample) }));
          });
        } catch (error) {
          if (signal.aborted) return;
          if (final(error)) {
            setState((s) => ({ ...s, status: 'closed', streamError: error }));
            return;
          }
        }
        if (signal.aborted) return;
        setState((s) => ({ ...s, status: 'retrying' }));
        await pause(retryDelay(attempt), signal);
      }
    })();

    return () => controller.abort();
  }, [plantUid]);

  return state;
}
