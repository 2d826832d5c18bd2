// The alarm centre's level figures (getAlarmLevelCountInState with the page's filters but the
// level): the total and one figure per level, each a button that narrows the list to its level,
// and the same counts as a small column chart.
import { useMemo } from 'react';
import type { ColumnOptions } from '@antv/g2plot';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@/api/contract-types';
import { G2Plot } from '@/custom/charts/g2-plot';
import { ALARM_LEVELS, type AlarmLevel } from './alarm-labels';

type Counts = DataOf<'getAlarmLevelCountInState'>;

const LEVEL_CHART_COLOURS = ['#faad14', '#fa8c16', '#f5222d'];

export function levelCount(counts: Counts | undefined, level: AlarmLevel): number {
  return counts?.levelCounts.find((c) => c.level === level)?.alarmNum ?? 0;
}

export function LevelCounts({ counts, level, onLevel }: { counts?: Counts; level?: AlarmLevel; onLevel(level: AlarmLevel | undefined): void }) {
  const { t } = useTranslation();
  const options = useMemo((): Omit<ColumnOptions, 'height' | 'autoFit'> => ({
    data: ALARM_LEVELS.map((l) => ({ level: t(`alarmCentre.level.${l}`), count: levelCount(counts, l) })),
    xField: 'level',
    yField: 'count',
    seriesField: 'level',
    color: LEVEL_CHART_COLOURS,
    legend: false,
  }), [counts, t]);
  const figure = (key: string, title: string, value: number, chosen: boolean, choose: () => void) => (
    <Col xs={12} md={6} key={key}>
      <Card size="small" hoverable onClick={choose} aria-pressed={chosen} role="button" tabIndex={0}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && choose()}
        style={chosen ? { borderColor: '#0076fe' } : undefined} data-testid={`alarm-count-${key}`}>
        <Statistic title={title} value={value} />
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]} align="middle">
      <Col xs={24} lg={16}>
        <Row gutter={[16, 16]}>
          {figure('total', t('alarmCentre.allLevels'), counts?.totalNum ?? 0, level === undefined, () => onLevel(undefined))}
          {ALARM_LEVELS.map((l) => figure(String(l), t(`alarmCentre.level.${l}`), levelCount(counts, l), level === l, () => onLevel(level === l ? undefined : l)))}
        </Row>
      </Col>
      <Col xs={24} lg={8}>
        <G2Plot kind="Column" options={options} height={120} testId="alarm-level-chart" />
      </Col>
    </Row>
  );
}
