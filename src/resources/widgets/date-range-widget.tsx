// A span of dates (or of date-times with `ui:options.time`), stored as [start, end] in the
// schema's array of two strings.
import dayjs from 'dayjs';
import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

export function DateRangeWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const time = Boolean(options.time);
  const format = time ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  const [start, end] = Array.isArray(value) ? value as string[] : [];
  return (
    <DatePicker.RangePicker
      id={id} disabled={disabled || readonly} showTime={time} style={{ width: '100%' }}
      value={start && end ? [dayjs(start), dayjs(end)] : null}
      onChange={(range) => onChange(range?.[0] && range[1] ? [range[0].format(format), range[1].format(format)] : undefined)}
    />
  );
}
