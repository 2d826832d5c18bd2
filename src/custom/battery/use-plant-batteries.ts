// The battery figures of each plant on a page of the battery list. The contract has no list of
// batteries across plants: getHomeBatteryStatisticsData answers one plant's batteries (state of
// charge of the online ones, summed power, counts by state, today's energy), so each plant of
// the page is asked on its own, in parallel, and each row fills in as its answer arrives.
import { useEffect, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { todayIn } from '@/custom/monitoring/period';

export type PlantBatteries = DataOf<'getHomeBatteryStatisticsData'>;

/** One plant's answer: data, or the failure (a row shows it without failing the page). */
export type BatteryAnswer = { data: PlantBatteries } | { error: unknown };

export function usePlantBatteries(plants: readonly { plantUid?: string; timeZone?: string }[]) {
  const [answers, setAnswers] = useState<ReadonlyMap<string, BatteryAnswer>>(new Map());
  // Today in each plant's own calendar: "charged today" is the plant's day, not the browser's.
  const key = JSON.stringify(plants.filter((p) => p.plantUid).map((p) => [p.plantUid, todayIn(p.timeZone)]));
  useEffect(() => {
    let live = true;
    setAnswers(new Map());
    for (const [plantUid, date] of JSON.parse(key) as [string, string][]) {
      const settle = (answer: BatteryAnswer) => live && setAnswers((before) => new Map(before).set(plantUid, answer));
      call('getHomeBatteryStatisticsData', { query: { plantUid, dateType: 'day', date }, silent: true })
        .then((data) => settle({ data }), (error: unknown) => settle({ error }));
    }
    return () => {
      live = false;
    };
  }, [key]);
  return answers;
}
