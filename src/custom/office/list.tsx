// The offices page (menu entry Office): the organisation tree with its search on the left; the
// chosen office's details and its sub-offices (the schema-driven `office` resource filtered by
// parentId) on the right.
import { useEffect, useState } from 'react';
import { Card, Col, Descriptions, Empty, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { columnSpec } from '@/resources/components/columns';
import { useEntity } from '@/resources/components/use-entity';
import { ChildTable } from '@/resources/components/child-table';
import { displayValue, fieldLabel } from '@/resources/schema-utils';
import { OFFICE_PAGE_SIZE, type OfficeNode } from '@/custom/shell/office-tree';
import { OfficeTreeView } from '@/custom/shell/office-tree-view';
import { useOfficeTree } from '@/custom/shell/use-office-tree';

/** An office as the entity schema describes it; the screen reads fields by name. */
type Office = Record<string, unknown>;

/** pageOffice has no lookup by id: the office is found among the offices matching its name. */
async function officeDetails(officeId: string, officeName: string): Promise<Office | null> {
  const page = await call('pageOffice', { query: { pageNo: 1, pageSize: OFFICE_PAGE_SIZE, searchKey: officeName }, silent: true });
  return (page.list as Office[]).find((office) => office.officeId === officeId) ?? null;
}

export default function OfficeList() {
  const { t } = useTranslation();
  const tree = useOfficeTree();
  const { descriptor, entity } = useEntity('office');
  const [selected, setSelected] = useState<OfficeNode>();
  const [office, setOffice] = useState<Office | null>();

  const first = tree.flat ? undefined : tree.nodes?.[0];
  const current = selected ?? first;
  // Lazy loading renews the tree's node objects; the details follow the office, not the object.
  const currentId = current?.key;
  const currentName = current?.title;
  useEffect(() => {
    if (!currentId || !currentName) return undefined;
    let live = true;
    setOffice(undefined);
    officeDetails(currentId, currentName).then((found) => live && setOffice(found), () => live && setOffice(null));
    return () => {
      live = false;
    };
  }, [currentId, currentName]);

  const fields = descriptor.show?.fields ?? descriptor.list.columns.map((c) => columnSpec(c).field);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card title={t('office.titles.list')} data-testid="office-tree-card">
          <OfficeTreeView tree={tree} selectedKey={current?.key} onSelect={setSelected} />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        {!current ? <Card><Empty /></Card> : (
          <>
            <Card title={current.title} data-testid="office-details">
              {office === undefined || !entity ? <Spin /> : office === null ? <Empty description={t('office.noDetails')} /> : (
                <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
                  {fields.map((field) => (
                    <Descriptions.Item key={field} label={fieldLabel(t, descriptor, field, entity.properties[field])}>
                      {displayValue(t, descriptor, field, entity.properties[field], office[field])}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              )}
            </Card>
            <div data-testid="sub-offices">
              <ChildTable key={current.key} resource="office" foreignKey="parentId" parentId={current.key} title={t('office.subOffices')} />
            </div>
          </>
        )}
      </Col>
    </Row>
  );
}
