// The alarm centre's filters and what each call takes of them: the list and the export take them
// all; the level counts take all but the level, since they answer one figure per level.
import type { BodyOf, QueryOf } from '@/api/contract-types';
import type { AlarmLevel, AlarmState } from './alarm-labels';

export interface AlarmFilters {
  level?: AlarmLevel;
  alarmCommonState?: AlarmState;
  deviceType?: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  alarmName?: string;
  deviceSn?: string;
  /** First and last day, YYYY-MM-DD, both inclusive. */
  queryStartDate?: string;
  queryEndDate?: string;
  plantUid?: string;
}

/** 1: start time, newest first (the contract's default). */
export const DEFAULT_ORDER = 1 as const;

/** The filters that are set: an empty text or a cleared select sends nothing. */
export function setFilters(filters: AlarmFilters): AlarmFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')) as AlarmFilters;
}

export function listBody(filters: AlarmFilters): BodyOf<'userAlarmPage'> {
  return { ...setFilters(filters), orderByIndex: DEFAULT_ORDER };
}

export function levelCountBody(filters: AlarmFilters): BodyOf<'getAlarmLevelCountInState'> {
  const counted = setFilters(filters);
  delete counted.level;
  return counted;
}

export function exportQuery(filters: AlarmFilters): QueryOf<'exportAlarmList'> {
  return { ...setFilters(filters), orderByIndex: DEFAULT_ORDER };
}
