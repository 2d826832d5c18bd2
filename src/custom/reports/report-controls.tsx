// The period of a report: day, month, year or custom range, the previous and next period, and a
// picker of the matching kind; nothing after today, and a custom range of at most 366 days.
import { Button, DatePicker, Segmented, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_CUSTOM_DAYS, REPORT_TYPES, canShiftForward, shiftPeriod, withType, type ReportPeriod, type ReportType } from './report-period';

const DAY = 'YYYY-MM-DD';

export function ReportControls({ value, onChange, today, testId }: { value: ReportPeriod; onChange: (next: ReportPeriod) => void; today: string; testId: string }) {
  const { t } = useTranslation();
  const { type } = value;
  const after = (d: dayjs.Dayjs) => d.format(DAY) > today;
  return (
    <Space wrap size="small" data-testid={testId}>
      <Segmented<ReportType> value={type} onChange={(next) => onChange(withType(value, next, today))} data-testid={`${testId}-type`}
        options={REPORT_TYPES.map((v) => ({ value: v, label: t(`reports.types.${v}`) }))} />
      <Button icon={<LeftOutlined />} aria-label={t('monitoring.previousPeriod')} onClick={() => onChange(shiftPeriod(value, -1))} data-testid={`${testId}-prev`} />
      {type === 'custom' ? (
        <DatePicker.RangePicker allowClear={false} value={[dayjs(value.date), dayjs(value.endDate)]} aria-label={t('monitoring.pickDate')} data-testid={`${testId}-range`}
          disabledDate={(d, info) => after(d) || (info.from !== undefined && Math.abs(d.diff(info.from, 'day')) >= MAX_CUSTOM_DAYS)}
          onChange={(dates) => {
            const [start, end] = dates ?? [];
            if (start && end) onChange({ type, date: start.format(DAY), endDate: end.format(DAY) });
          }} />
      ) : (
        <DatePicker allowClear={false} picker={type === 'day' ? 'date' : type} value={dayjs(value.date)} aria-label={t('monitoring.pickDate')}
          disabledDate={(d) => d.startOf(type).format(DAY) > today}
          onChange={(d) => d && onChange({ type, date: d.format(DAY), endDate: d.format(DAY) })} data-testid={`${testId}-date`} />
      )}
      <Button icon={<RightOutlined />} aria-label={t('monitoring.nextPeriod')} disabled={!canShiftForward(value, today)}
        onClick={() => onChange(shiftPeriod(value, 1))} data-testid={`${testId}-next`} />
    </Space>
  );
}
