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

/** Permission-only entries under a page: what the page's buttons need. */
const buttons = (parent: string, entries: [action: string, permission: string][]): MenuSeed[] =>
  entries.map(([action, permission], i) => ({ name: `${parent}:${action}`, parent, type: 'F', path: '', titleKey: `common.actions.${action}`, permission, sort: i + 1 }));

export const menuSeeds: MenuSeed[] = [
  { name: 'Index', type: 'C', path: 'index', component: 'home', titleKey: 'menu.home', icon: 'HomeOutlined', sort: 1, affix: true },
  { name: 'Plant', type: 'C', path: 'plant', component: 'plants', titleKey: 'menu.plant', icon: 'ThunderboltOutlined', sort: 2 },
  // The battery list is a fixed route of 000 section 2 ("Battery2"); this entry shows it in the sidebar.
  { name: 'Battery2', type: 'C', path: 'battery/index', component: 'battery-list', titleKey: 'menu.battery', icon: 'BatteryOutlined', sort: 4 },
  // Report forms: statistics by plant and the download records (one plant's report is its Reports tab).
  { name: 'Report', type: 'C', path: 'report', component: 'reports', titleKey: 'menu.report', icon: 'BarChartOutlined', sort: 5 },
  // The add/edit plant wizard as a page (PlantUid, ifAgent, endUserId, officeId in the query); the
  // top bar opens the same wizard in a dialog.
  { name: 'AddStation', type: 'C', path: 'add-station', component: 'plant-wizard', titleKey: 'menu.addStation', icon: 'PlusCircleOutlined', permission: 'site:add', sort: 3, hidden: true },
  { name: 'PersonalCenter', type: 'C', path: 'personal-center', component: 'personal-center', titleKey: 'menu.personalCenter', icon: 'UserOutlined', sort: 80, hidden: true },
  { name: 'Service', type: 'M', path: 'service', titleKey: 'menu.service', icon: 'ToolOutlined', sort: 70 },
  { name: 'DeviceInventory', parent: 'Service', type: 'C', path: 'device-inventory', component: 'resource:deviceInventory', titleKey: 'menu.deviceInventory', icon: 'DatabaseOutlined', permission: 'service:deviceImport:list', sort: 1 },
  { name: 'DeviceImport', parent: 'Service', type: 'C', path: 'device-import', component: 'device-import', titleKey: 'menu.deviceImport', icon: 'ImportOutlined', permission: 'service:deviceImport:add', sort: 2 },
  { name: 'System', type: 'M', path: 'system', titleKey: 'menu.system', icon: 'SettingOutlined', sort: 90 },
  { name: 'Office', parent: 'System', type: 'C', path: 'office', component: 'offices', titleKey: 'menu.office', icon: 'ApartmentOutlined', permission: 'system:office:list', sort: 1 },
  { name: 'Account', parent: 'System', type: 'C', path: 'account', component: 'resource:account', titleKey: 'menu.account', icon: 'TeamOutlined', permission: 'system:account:list', sort: 2 },
  ...buttons('Account', [['create', 'system:account:add'], ['edit', 'system:account:edit'], ['export', 'system:account:export']]),
  { name: 'ApiInfo', parent: 'System', type: 'C', path: 'api-info', component: 'resource:apiInfo', titleKey: 'menu.apiInfo', icon: 'ApiOutlined', permission: 'system:apiInfo:list', sort: 3 },
  ...buttons('ApiInfo', [['create', 'system:apiInfo:add'], ['delete', 'system:apiInfo:remove']]),
  { name: 'ModelCode', parent: 'System', type: 'C', path: 'model-code', component: 'resource:modelCode', titleKey: 'menu.modelCode', icon: 'BarcodeOutlined', permission: 'system:modelCode:list', sort: 10 },
  ...buttons('ModelCode', [['create', 'system:modelCode:add'], ['edit', 'system:modelCode:edit'], ['delete', 'system:modelCode:remove']]),
  { name: 'Mailbox', parent: 'System', type: 'C', path: 'mailbox', component: 'resource:outbox', titleKey: 'menu.mailbox', icon: 'MailOutlined', permission: 'system:outbox:list', sort: 20 },
];
