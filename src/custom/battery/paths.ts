// The fixed battery routes of 000 section 2 (list "Battery2", and the detail); the detail takes a
// plant (?plantUid=) or one device (?deviceSn=, with its plant when known, for the time zone).
export const BATTERY_LIST = '/battery/index';
export const BATTERY_DETAIL = '/battery/detail';

export function batteryDetailPath(target: { plantUid?: string; deviceSn?: string }): string {
  const query = new URLSearchParams();
  if (target.plantUid) query.set('plantUid', target.plantUid);
  if (target.deviceSn) query.set('deviceSn', target.deviceSn);
  return `${BATTERY_DETAIL}?${query.toString()}`;
}
