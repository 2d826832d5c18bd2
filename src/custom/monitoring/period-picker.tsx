// The period switch and date navigation of the statistics cards: day, month, year or lifetime,
// previous and next period, and a picker of the matching granularity. Nothing after today.
import { Button, DatePicker, Segmented, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TYPES, isAfterToday, shiftDate, type DateType } from './period';

export interface Period {
  type: DateType;
  date: string;
}

export interface PeriodPickerProps {
  value: Period;
  onChange: (next: Period) => void;
  today: string;
  types?: readonly DateType[];
  testId: string;
}

export function PeriodPicker({ value, onChange, today, types = DATE_TYPES, testId }: PeriodPickerProps) {
  const { t } = useTranslation();
  const { type, date } = value;
  const canMove = type !== 'total';
  const nextDate = shiftDate(date, type, 1);
  return (
    <Space wrap size="small" data-testid={testId}>
      {types.length > 1 && (
        <Segmented<DateType> size="small" value={type} onChange={(next) => onChange({ type: next, date })}
          options={types.map((v) => ({ value: v, label: t(`monitoring.period.${v}`) }))} data-testid={`${testId}-type`} />
      )}
      {canMove && (
        <>
          <Button size="small" icon={<LeftOutlined />} aria-label={t('monitoring.previousPeriod')} data-testid={`${testId}-prev`}
            onClick={() => onChange({ type, date: shiftDate(date, type, -1) })} />
          <DatePicker size="small" allowClear={false} picker={type === 'day' ? 'date' : type} value={dayjs(date)}
            disabledDate={(d) => isAfterToday(d.format('YYYY-MM-DD'), type, today)}
            onChange={(d) => d && onChange({ type, date: d.format('YYYY-MM-DD') })} aria-label={t('monitoring.pickDate')} />
          <Button size="small" icon={<RightOutlined />} aria-label={t('monitoring.nextPeriod')} data-testid={`${testId}-next`}
            disabled={isAfterToday(nextDate, type, today)} onClick={() => onChange({ type, date: nextDate })} />
        </>
      )}
    </Space>
  );
}
