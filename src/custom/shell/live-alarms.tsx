// Alarms as they happen, for every open view that lists them (the floating panel, the alarm
// centre, a plant's alarms tab): the shell reads the user's live event stream once
// (use-live-events.ts); a view reads its alarms again whenever the alarm version moves.
import { createContext, useContext, type ReactNode } from 'react';
import { useLiveEvents, type LiveEvents } from './use-live-events';

const Live = createContext<LiveEvents>({ version: 0, messages: 0 });

export function LiveAlarmsProvider({ children }: { children: ReactNode }) {
  return <Live.Provider value={useLiveEvents()}>{children}</Live.Provider>;
}

/** Moves on every alarm raised, updated, recovered or closed that the user may see. */
export const useAlarmVersion = () => useContext(Live).version;

/** The whole state of the stream: the alarm version, the untreated count it last gave, the message version. */
export const useLiveEventState = () => useContext(Live);
