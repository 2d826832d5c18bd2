// The web menu (platform type 4): the hand-written pages and the directories. A screen generated
// from schemas/resources/<name>.resource.json declares its own entry there (`menu`), with
// `component` resource:<name> (resource-menus.ts).
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
export const buttons = (parent: string, entries: [action: string, permission: string][]): MenuSeed[] =>
  entries.map(([action, permission], i) => ({ name: `${parent}:${action}`, parent, type: 'F', path: '', titleKey: `common.actions.${action}`, permission, sort: i + 1 }));

export const menuSeeds: MenuSeed[] = [
  { name: 'Index', type: 'C', path: 'index', component: 'home', titleKey: 'menu.home', icon: 'HomeOutlined', sort: 1, affix: true },
  { name: 'Plant', type: 'C', path: 'plant', component: 'plants', titleKey: 'menu.plant', icon: 'ThunderboltOutlined', sort: 2 },
  // The battery list is a fixed route of 000 section 2 ("Battery2"); this entry shows it in the sidebar.
  { name: 'Battery2', type: 'C', path: 'battery/index', component: 'battery-list', titleKey: 'menu.battery', icon: 'BatteryOutlined', sort: 4 },
  // Report forms: statistics by plant and the download records (one plant's report is its Reports tab).
  { name: 'Report', type: 'C', path: 'report', component: 'reports', titleKey: 'menu.report', icon: 'BarChartOutlined', sort: 5 },
  // The alarm centre (001 page areas "alarm monitor" and "statistics by alarm"): every user's alarms in scope.
  { name: 'Alarm', type: 'C', path: 'alarm', component: 'alarms', titleKey: 'menu.alarm', icon: 'AlertOutlined', sort: 6 },
  // The remote configuration page (001 page area "monitor ... remote config"): a device's settings read and changed over MQTT.
  { name: 'RemoteConfig', type: 'C', path: 'remote-config', component: 'remote-config', titleKey: 'menu.remoteConfig', icon: 'ControlOutlined', permission: 'monitor:remoteConfig:list', sort: 7 },
  // The add/edit plant wizard as a page (PlantUid, ifAgent, endUserId, officeId in the query); the
  // top bar opens the same wizard in a dialog.
  { name: 'AddStation', type: 'C', path: 'add-station', component: 'plant-wizard', titleKey: 'menu.addStation', icon: 'PlusCircleOutlined', permission: 'site:add', sort: 3, hidden: true },
  { name: 'PersonalCenter', type: 'C', path: 'personal-center', component: 'personal-center', titleKey: 'menu.personalCenter', icon: 'UserOutlined', sort: 80, hidden: true },
  // The big screen (000 section 2, route Screen): the top bar's link opens it; not in the sidebar.
  { name: 'Screen', type: 'C', path: 'screen', component: 'screen', titleKey: 'menu.screen', icon: 'BarChartOutlined', permission: 'bigscreen:admin', sort: 81, hidden: true },
  // The help menu's FAQ and user manual (000 section 2, routes Problem and HandBook), kept on System → Help articles.
  { name: 'Problem', type: 'C', path: 'problem', component: 'faq', titleKey: 'topBar.faq', icon: 'QuestionCircleOutlined', permission: 'cms:FAQ', sort: 82, hidden: true },
  { name: 'HandBook', type: 'C', path: 'handbook', component: 'manual', titleKey: 'topBar.manual', icon: 'ReadOutlined', permission: 'user:manual', sort: 83, hidden: true },
  // The points mall as a user sees it: browse, redeem, follow one's orders and points.
  { name: 'Mall', type: 'C', path: 'mall', component: 'mall', titleKey: 'menu.mall', icon: 'ShoppingCartOutlined', sort: 60 },
  // The message centre, feedback and the support chat (issue 23); the floating panel leads to them too.
  { name: 'Message', type: 'C', path: 'message', component: 'messages', titleKey: 'menu.message', icon: 'MailOutlined', sort: 61 },
  { name: 'Feedback', type: 'C', path: 'feedback', component: 'feedback', titleKey: 'menu.feedback', icon: 'CommentOutlined', sort: 62 },
  { name: 'CustomerService', type: 'C', path: 'customer-service', component: 'chat', titleKey: 'menu.customerService', icon: 'CustomerServiceOutlined', sort: 63 },
  { name: 'SupportDesk', type: 'C', path: 'support-desk', component: 'support-desk', titleKey: 'menu.supportDesk', icon: 'CustomerServiceOutlined', permission: 'system:chat:reply', sort: 64 },
  // Market management: the generated screens of points, products, orders and coupons declare their entries under it.
  { name: 'Market', type: 'M', path: 'market', titleKey: 'menu.market', icon: 'ShopOutlined', sort: 65 },
  { name: 'Service', type: 'M', path: 'service', titleKey: 'menu.service', icon: 'ToolOutlined', sort: 70 },
  { name: 'DeviceImport', parent: 'Service', type: 'C', path: 'device-import', component: 'device-import', titleKey: 'menu.deviceImport', icon: 'ImportOutlined', permission: 'service:deviceImport:add', sort: 2 },
  { name: 'System', type: 'M', path: 'system', titleKey: 'menu.system', icon: 'SettingOutlined', sort: 90 },
  { name: 'Office', parent: 'System', type: 'C', path: 'office', component: 'offices', titleKey: 'menu.office', icon: 'ApartmentOutlined', permission: 'system:office:list', sort: 1 },
];
