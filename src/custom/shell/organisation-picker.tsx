// The top bar's organisation picker (000 sections 2 and 4): the organisation tree with its
// search. Choosing another organisation stores it and reloads the page after 500 ms; from then
// on the client narrows calls that take searchOfficeIdArr to it.
import { lazy, Suspense, useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import { currentOrganisation, setCurrentOrganisation, type Organisation } from '@/api/storage';
import type { OfficeNode } from './office-tree';
import { useOfficeTree } from './use-office-tree';

// The tree widget loads with the first opening, not with every page of the shell.
const OfficeTreeView = lazy(() => import('./office-tree-view').then((m) => ({ default: m.OfficeTreeView })));

export const RELOAD_DELAY_MS = 500;

export function OrganisationPicker({ ownOffice }: { ownOffice: Organisation }) {
  const [open, setOpen] = useState(false);
  // Loaded the first time the picker opens, then kept while the page lives.
  const [wanted, setWanted] = useState(false);
  const tree = useOfficeTree(wanted);
  const chosen = currentOrganisation() ?? ownOffice;

  const choose = (node: OfficeNode) => {
    setOpen(false);
    if (node.key === chosen.officeId) return;
    setCurrentOrganisation({ officeId: node.key, officeName: node.title });
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setWanted(true);
      }}
      trigger="click"
      placement="bottomLeft"
      content={(
        <div className="organisation-picker" data-testid="organisation-tree">
          <Suspense fallback={<Spin />}><OfficeTreeView tree={tree} selectedKey={chosen.officeId} onSelect={choose} /></Suspense>
        </div>
      )}
    >
      <Button type="text" icon={<ApartmentOutlined />} data-testid="organisation-picker">
        <span className="organisation-picker__name">{chosen.officeName}</span> <DownOutlined />
      </Button>
    </Popover>
  );
}
