// The offices page (menu entry Office): the organisation tree with its search on the left; the
// chosen office's details with edit and delete, and its sub-offices (the schema-driven `office`
// resource filtered by parentId) on the right. A change reads the tree again.
import { useEffect, useState } from 'react';
import { Card, Col, Descriptions, Empty, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { columnSpec } from '@/resources/components/columns';
import { useEntity } from '@/resources/components/use-entity';
import { ChildTable } from '@/resources/components/child-table';
import { displayValue, fieldLabel } from '@/resources/schema-utils';
import type { OfficeNode } from '@/custom/shell/office-tree';
import { OfficeTreeView } from '@/custom/shell/office-tree-view';
import { useOfficeTree } from '@/custom/shell/use-office-tree';
import { OfficeRecordActions } from './office-record-actions';

/** An office as the entity schema describes it; the screen reads fields by name. */
type Office = Record<string, unknown>;

const officeDetails = async (officeId: string): Promise<Office> => call('officeDetail', { query: { officeId }, silent: true }) as Promise<Office>;

export default function OfficeList() {
  // The tree keeps no copy to patch: after an edit or a delete the page is built again around the
  // office still chosen (none after a delete), which reads the tree anew.
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<OfficeNode>();
  const changed = (office?: OfficeNode) => {
    setSelected(office);
    setVersion((v) => v + 1);
  };
  return <OfficePage key={version} selected={selected} onSelect={setSelected} onChanged={changed} />;
}

interface PageProps {
  selected: OfficeNode | undefined;
  onSelect: (office: OfficeNode) => void;
  onChanged: (stillChosen?: OfficeNode) => void;
}

function OfficePage({ selected, onSelect: setSelected, onChanged }: PageProps) {
  const { t } = useTranslation();
  const tree = useOfficeTree();
  const { descriptor, entity } = useEntity('office');
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
    officeDetails(currentId).then((found) => live && setOffice(found), () => live && setOffice(null));
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
            <Card title={typeof office?.officeName === 'string' ? office.officeName : current.title} data-testid="office-details"
              extra={office && entity && (
                <OfficeRecordActions descriptor={descriptor} entity={entity} office={office}
                  onChanged={(deleted) => onChanged(deleted ? undefined : { ...current, title: current.title })} />
              )}>
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
