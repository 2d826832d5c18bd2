// The data of one `flow` event of the live stream (openapi/paths/telemetry.yaml, liveStream),
// written once for the server that sends it and the web app that reads it: a plant's totals over
// its devices' latest records, with the signs of the telemetry record (grid positive importing,
// battery positive discharging). A power is null when no device reports it (no battery, no meter).

/** How long after its last report a device still counts as online. */
export const ONLINE_WINDOW_MINUTES = 15;

export interface PlantFlowEvent {
  plantUid: string;
  /** The newest report of the plant's devices (ISO 8601); null before the first. */
  ts: string | null;
  pvPower: number | null;
  acPower: number | null;
  gridPower: number | null;
  loadPower: number | null;
  batteryPower: number | null;
  /** The mean over the devices that report one: a sum of percentages means nothing. */
  batterySoc: number | null;
  /** Devices that reported within ONLINE_WINDOW_MINUTES. */
  online: number;
}
