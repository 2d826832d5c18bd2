// The organisation tree with its search box, for the top bar's picker and the offices page.
import { Empty, Input, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfficeNode } from './office-tree';
import type { OfficeTree } from './use-office-tree';

interface Props {
  tree: OfficeTree;
  selectedKey: string | undefined;
  onSelect(node: OfficeNode): void;
}

export function OfficeTreeView({ tree, selectedKey, onSelect }: Props) {
  const { t } = useTranslation();
  const { nodes, flat, searching } = tree;
  return (
    <>
      <Input.Search allowClear placeholder={t('organisation.search')} value={tree.search} onChange={(e) => tree.setSearch(e.target.value)}
        maxLength={100} />
      <div className="office-tree">
        {!nodes || searching ? <Spin style={{ display: 'block', margin: '24px auto' }} />
          : nodes.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            : (
              <Tree<OfficeNode>
                key={flat ? 'search' : 'tree'}
                treeData={nodes}
                selectedKeys={selectedKey ? [selectedKey] : []}
                loadData={flat ? undefined : tree.loadChildren}
                defaultExpandedKeys={flat ? [] : nodes.map((n) => n.key)}
                onSelect={(_, { node }) => onSelect(node)}
              />
            )}
      </div>
    </>
  );
}
