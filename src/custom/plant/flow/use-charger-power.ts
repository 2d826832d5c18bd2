// The EV chargers' consumption, for the charger node. Neither the snapshot nor the live event
// carries it, so it comes from the site layout (getPlantSiteLayoutData: a charger's power is its
// consumption). It is read again when the live figures move on, at most once a minute: the
// charger node is a detail of the load, and the layout call is heavier than the stream.
import { useEffect, useRef, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

const CHARGER = 6;
const REFRESH_MS = 60_000;

type Layout = DataOf<'getPlantSiteLayoutData'>;

/** The chargers' summed power in W, or undefined when the plant has none. */
export function chargerPower(layout: Layout): number | undefined {
  const chargers = layout.devices.filter((d) => d.deviceType === CHARGER);
  return chargers.length === 0 ? undefined : chargers.reduce((sum, d) => sum + Math.max(0, d.power ?? 0), 0);
}

export function useChargerPower(plantUid: string, liveTime: string | null | undefined): number | undefined {
  const [read, setRead] = useState<{ plantUid: string; power: number | undefined }>();
  // Not a cleanup flag: a new live event must not discard the answer to the read it did not repeat.
  const asked = useRef<{ plantUid: string; at: number }>(undefined);
  useEffect(() => {
    const last = asked.current;
    if (last?.plantUid === plantUid && Date.now() - last.at < REFRESH_MS) return;
    asked.current = { plantUid, at: Date.now() };
    // A failure leaves the node as it was: the rest of the diagram does not depend on it.
    call('getPlantSiteLayoutData', { query: { plantUid }, silent: true }).then((layout) => {
      if (asked.current?.plantUid === plantUid) setRead({ plantUid, power: chargerPower(layout) });
    }, () => undefined);
  }, [plantUid, liveTime]);
  return read?.plantUid === plantUid ? read.power : undefined;
}
