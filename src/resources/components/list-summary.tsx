// A list's figures (descriptor `list.summary`): one operation asked with the list's current
// filters, but those it does not take, and asked again when they change or the list is read
// again (after an action); each figure a statistic above the table (the coupons given, used and
// expired of the coupons listed).
import { useEffect, useState } from 'react';
import type { CrudFilter } from '@refinedev/core';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { filterQuery } from '../filter-query';
import { operationArgs } from '../operation-args';
import type { ListSummary as Summary, ResourceDescriptor } from '../types';

type Loose = (id: OperationId, args: { query?: object; body?: object; silent: boolean }) => Promise<unknown>;

/** The request fields of the summary: the list's filters without those it omits. */
export function summaryFields(descriptor: ResourceDescriptor, summary: Summary, filters: CrudFilter[]): Record<string, unknown> {
  const all = filterQuery(descriptor, filters);
  return Object.fromEntries(Object.entries(all).filter(([name]) => !summary.omit?.includes(name)));
}

export function ListSummary({ descriptor, filters, rows }: { descriptor: ResourceDescriptor; filters: CrudFilter[]; rows: unknown }) {
  const { t } = useTranslation();
  const summary = descriptor.list.summary;
  const [figures, setFigures] = useState<Record<string, unknown>>();
  const fields = summary ? summaryFields(descriptor, summary, filters) : {};
  const key = JSON.stringify(fields);
  useEffect(() => {
    if (!summary) return;
    let live = true;
    // A refusal leaves the figures empty; the list itself says what went wrong.
    void (call as unknown as Loose)(summary.operation, { ...operationArgs(summary.operation, JSON.parse(key) as Record<string, unknown>), silent: true })
      .then((data) => live && setFigures((data ?? {}) as Record<string, unknown>), () => live && setFigures({}));
    return () => {
      live = false;
    };
  }, [summary, key, rows]);
  if (!summary) return null;
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="list-summary">
      {summary.figures.map((f) => (
        <Col key={f.field} flex="1 0 120px">
          <Card size="small">
            <Statistic title={t(f.label)} value={figures?.[f.field] as number | undefined ?? '-'} loading={!figures} suffix={f.suffix}
              data-testid={`summary-${f.field}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
