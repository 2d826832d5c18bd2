// Daily time ranges (charging and discharging windows, schedules) by the rules of 000 section 5:
// HH:mm times with hours 0-23 and minutes 0-59, a start not later than its end, and no two
// ranges sharing a minute on a day they both apply to. The error texts are the spec's own.

export interface TimeRange {
  start: string;
  end: string;
  /** The weekdays it applies to, comma-separated 1 (Monday) to 7; every day when absent. */
  days?: string | undefined;
}

const HH_MM = /^([0-9]{1,2}):([0-9]{2})$/;
const DAYS = /^[1-7](,[1-7])*$/;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** Minutes after midnight of an HH:mm time; throws 'Invalid time format' otherwise. */
export function minutesOf(time: string): number {
  const match = HH_MM.exec(time.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new Error('Invalid time format');
  return hours * 60 + minutes;
}

function daysOf(range: TimeRange, index: number): number[] {
  if (range.days === undefined) return EVERY_DAY;
  const days = range.days.replace(/\s/g, '');
  if (!DAYS.test(days)) throw new Error(`Invalid day string at index ${index}`);
  return [...new Set(days.split(',').map(Number))];
}

/** Throws the spec's error for the first malformed range; the ranges may still overlap. */
export function checkTimeRanges(ranges: readonly TimeRange[]): void {
  ranges.forEach((range, index) => {
    if (minutesOf(range.start) > minutesOf(range.end)) throw new Error(`Invalid time range at index ${index}: start time is later than end time`);
    daysOf(range, index);
  });
}

export interface Overlap {
  day: number;
  /** Indexes of the two ranges, the earlier-listed first. */
  first: number;
  second: number;
}

/**
 * The pairs of ranges that share time on a day both apply to, per day in list order. Ranges that
 * only touch (08:00-12:00 and 12:00-14:00) do not overlap. Malformed ranges throw as checkTimeRanges.
 */
export function findOverlaps(ranges: readonly TimeRange[]): Overlap[] {
  checkTimeRanges(ranges);
  const parsed = ranges.map((range, index) => ({ index, start: minutesOf(range.start), end: minutesOf(range.end), days: daysOf(range, index) }));
  const overlaps: Overlap[] = [];
  for (const day of EVERY_DAY) {
    const that = parsed.filter((range) => range.days.includes(day));
    for (const [i, a] of that.entries()) {
      for (const b of that.slice(i + 1)) {
        if (a.start < b.end && b.start < a.end) overlaps.push({ day, first: a.index, second: b.index });
      }
    }
  }
  return overlaps;
}
