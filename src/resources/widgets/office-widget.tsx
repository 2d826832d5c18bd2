// An organisation of the caller's tree (the office ids the server scopes by): the tree loads a
// level at a time as it opens, and typing searches the whole tree (use-office-tree.ts). With
// `"ui:options": { "officesFrom": "deviceTransferOffices" }` it offers what that operation answers
// instead: the offices a device transfer may deliver to, every organisation for an administrator.
import { TreeSelect } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useOfficeTree } from '@/custom/shell/use-office-tree';
import { useTransferOfficeTree } from './transfer-office-tree';
import type { OfficeNode } from '@/custom/shell/office-tree';

interface TreeOption { value: string; title: string; isLeaf: boolean; node: OfficeNode; children?: TreeOption[] }
const asOptions = (nodes: OfficeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.key, title: n.title, isLeaf: n.isLeaf, node: n, ...(n.children?.length ? { children: asOptions(n.children) } : {}) }));

export function OfficeWidget({ id, value, disabled, readonly, onChange, required, options }: WidgetProps) {
  const { t } = useTranslation();
  const transfer = options.officesFrom === 'deviceTransferOffices';
  // Both hooks run in the same order every render; only the one in use loads anything.
  const own = useOfficeTree(!transfer);
  const targets = useTransferOfficeTree(transfer);
  const tree = transfer ? targets : own;
  return (
    <TreeSelect
      id={id} value={value ?? undefined} disabled={disabled || readonly} style={{ width: '100%' }}
      treeData={asOptions(tree.nodes ?? [])} loading={!tree.nodes || tree.searching}
      loadData={tree.flat ? undefined : (option) => tree.loadChildren((option as unknown as TreeOption).node)}
      showSearch searchValue={tree.search} onSearch={tree.setSearch} filterTreeNode={false}
      allowClear={!required} placeholder={t('resource.chooseOffice')}
      onChange={(v) => onChange(v ?? undefined)} data-testid={`office-${id}`}
    />
  );
}
