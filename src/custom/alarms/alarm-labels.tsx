// How an alarm's level and state look wherever alarms are listed (the alarm centre, the plant's
// alarms tab, the floating panel): one colour and one translated word each.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const ALARM_LEVELS = [0, 1, 2] as const;
export const ALARM_STATES = [1, 2, 3] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];
export type AlarmState = (typeof ALARM_STATES)[number];

const LEVEL_COLOURS: Record<AlarmLevel, string> = { 0: 'gold', 1: 'orange', 2: 'red' };
const STATE_COLOURS: Record<AlarmState, string> = { 1: 'error', 2: 'success', 3: 'default' };

export function LevelTag({ level }: { level: AlarmLevel }) {
  const { t } = useTranslation();
  return <Tag color={LEVEL_COLOURS[level]} data-testid="alarm-level">{t(`alarmCentre.level.${level}`)}</Tag>;
}

export function StateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[state]} data-testid="alarm-state">{t(`alarmCentre.state.${state}`)}</Tag>;
}
