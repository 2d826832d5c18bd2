// The web menu (platform type 4). `component` is either a custom page key or
// `resource:<name>` for a screen generated from schemas/resources/<name>.resource.json.
export interface MenuSeed {
  name: string;
  parent?: string;
  type: 'M' | 'C' | 'F';
  path: string;
  component?: string;
  titleKey: string;
  icon?: string;
  permission?: string;
  sort: number;
  affix?: boolean;
  multiTab?: boolean;
  hidden?: boolean;
}

export const menuSeeds: MenuSeed[] = [
  { name: 'Index', type: 'C', path: 'index', component: 'home', titleKey: 'menu.home', icon: 'HomeOutlined', sort: 1, affix: true },
  { name: 'System', type: 'M', path: 'system', titleKey: 'menu.system', icon: 'SettingOutlined', sort: 90 },
  { name: 'ModelCode', parent: 'System', type: 'C', path: 'model-code', component: 'resource:modelCode', titleKey: 'menu.modelCode', icon: 'BarcodeOutlined', permission: 'system:modelCode:list', sort: 10 },
  { name: 'ModelCodeAdd', parent: 'ModelCode', type: 'F', path: '', titleKey: 'common.actions.create', permission: 'system:modelCode:add', sort: 1 },
  { name: 'ModelCodeEdit', parent: 'ModelCode', type: 'F', path: '', titleKey: 'common.actions.edit', permission: 'system:modelCode:edit', sort: 2 },
  { name: 'ModelCodeRemove', parent: 'ModelCode', type: 'F', path: '', titleKey: 'common.actions.delete', permission: 'system:modelCode:remove', sort: 3 },
];
