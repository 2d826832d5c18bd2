// The time-zone picker's list: IANA zones (of one country, or all), each with its current UTC
// offset, ordered west to east. Offsets come from the runtime's ICU data, so DST is current.
import { zonesOf } from '../registration/time-zones.ts';

export interface TimeZoneOption {
  timeZone: string;
  label: string;
  utcOffset: number;
}

/** Minutes east of UTC that `timeZone` is at `at`. */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function timeZoneOptions(countryCode?: string, at: Date = new Date()): TimeZoneOption[] {
  const zones = countryCode ? zonesOf(countryCode) : Intl.supportedValuesOf('timeZone');
  return zones
    .map((timeZone) => {
      const utcOffset = utcOffsetMinutes(timeZone, at);
      const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
      return { timeZone, utcOffset, label: `(${offsetText(utcOffset)}) ${city}` };
    })
    .sort((a, b) => a.utcOffset - b.utcOffset || a.timeZone.localeCompare(b.timeZone));
}
