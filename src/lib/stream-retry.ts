// How the web app's live streams (a plant's power flow, the user's events) come back after a drop:
// after a growing pause, the last one repeating, cut short when the reader lets the stream go.

/** Pauses before reopening a dropped stream; the last one repeats. */
export const STREAM_RETRY_MS = [1_000, 3_000, 10_000, 30_000] as const;

/** The pause before the attempt-th reopening (from 0). */
export const retryDelay = (attempt: number): number => STREAM_RETRY_MS[Math.min(attempt, STREAM_RETRY_MS.length - 1)]!;

/** Waits `ms`, or less when `signal` aborts meanwhile. */
export const pause = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    resolve();
  }, { once: true });
});
