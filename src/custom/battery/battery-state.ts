// What a plant's batteries are doing, from getHomeBatteryStatisticsData: no battery at all, none
// online (no reading to show), or the summed power's direction (flow-model.ts thresholds, so the
// list, the home card and the energy flow agree).
import { batteryState } from '@/custom/plant/flow/flow-model';
import type { PlantBatteries } from './use-plant-batteries';

export type BatteriesState = 'none' | 'offline' | 'charging' | 'discharging' | 'idle';

export function batteriesState(d: Pick<PlantBatteries, 'batteryNum' | 'averageSoc' | 'batteryPower'>): BatteriesState {
  if (d.batteryNum === 0) return 'none';
  if (d.averageSoc === null) return 'offline';
  return batteryState(d.batteryPower) as BatteriesState;
}

export const STATE_COLOURS: Record<BatteriesState, string> = {
  none: 'default', offline: 'default', charging: 'blue', discharging: 'orange', idle: 'green',
};
