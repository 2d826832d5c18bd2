// The system data the login page and the shell read (issue 24), kept by administrators on the
// System screens: every installation gets its main brand (getOemConfig must answer something at
// start-up), the current web release and the industries of registration; the demo adds a partner
// brand served on brightwatt.localhost, two sites for the login page's node switch, and app releases.
import type { Tx } from '../client.ts';
import { appVersionTable, brandTable, industryTable, networkSiteTable } from '../schema/index.ts';
import { mainBrand } from '../../domain/branding/main-brand.ts';

/** The web portal's release that this code is (package.json's version). */
export const WEB_VERSION = '0.1.0';

const INDUSTRIES = [
  ['Solar installation', '光伏安装'], ['Energy storage', '储能'], ['Electrical contracting', '电气工程'],
  ['Distribution and wholesale', '分销与批发'], ['Manufacturing', '制造业'], ['Property and facilities', '物业与设施管理'],
  ['Agriculture', '农业'], ['Utilities and grid operators', '电力与电网运营'], ['Operations and maintenance', '运维服务'],
  ['Other', '其他'],
].map(([name, nameZh], i) => ({ name: name!, nameZh: nameZh!, sort: (i + 1) * 10 }));

/** The demo's operator of the main brand: contact details the More menu's dialogs show. */
const DEMO_MAIN_BRAND_CONTACTS = {
  companyBrief: 'Sunrise Energy builds and runs the Solar Portal, the monitoring platform of solar and storage plants of installers and owners in twelve countries.',
  callCenter: '+86 400 800 2026', email: 'service@solar-portal.example', fax: '+86 21 5555 0101', postal: '200120',
  address: '88 Century Avenue, Pudong, Shanghai, China', copyright: '© 2026 Sunrise Energy',
};

const DEMO_BRANDS = [{
  oemKey: 'brightwatt', hostNames: 'brightwatt.localhost', platformName: 'BrightWatt Energy Cloud', subTitle: 'Your partner for clean energy',
  logoUrl: '/brand/brightwatt.svg', faviconUrl: '/brand/brightwatt.svg', languages: 'en,de,nl',
  companyBrief: 'BrightWatt installs and services solar and storage systems across the Benelux and Germany.',
  callCenter: '+31 20 555 0199', email: 'support@brightwatt.example', postal: '1012 AB', address: 'Damrak 1, Amsterdam, the Netherlands',
  aboutUs: 'BrightWatt Energy Cloud is the monitoring portal of BrightWatt customers.', copyright: '© 2026 BrightWatt B.V.',
}];

const DEMO_SITES = [
  { siteName: 'Global', siteNameZh: '国际站', domainUrl: 'http://localhost:8080', siteDesc: 'Europe, Africa, the Americas and Oceania', siteDescZh: '欧洲、非洲、美洲和大洋洲', sort: 10 },
  { siteName: 'China', siteNameZh: '中国站', domainUrl: 'http://cn.localhost:8080', siteDesc: 'Mainland China', siteDescZh: '中国大陆', sort: 20 },
];

const WEB_RELEASE = {
  platform: 'web', appVersion: WEB_VERSION, updateDate: '2026-11-20',
  releaseNotes: 'Branding per brand, the top bar\'s information entries and the system data screens.',
  releaseNotesZh: '按品牌显示品牌信息，顶栏信息入口与系统数据管理页面。',
};

const DEMO_RELEASES = [
  { platform: 'web', appVersion: '0.0.9', updateDate: '2026-10-15', releaseNotes: 'Alarm centre with per-plant thresholds.', releaseNotesZh: '告警中心，支持按电站设置告警阈值。' },
  { platform: 'android', appVersion: '3.2.1', updateDate: '2026-11-10', releaseNotes: 'Faster plant list; battery charts.', releaseNotesZh: '电站列表加载更快；新增电池图表。', downloadUrl: 'https://play.google.com/store/apps/details?id=example.solarportal', forceUpdate: false },
  { platform: 'ios', appVersion: '3.2.0', updateDate: '2026-11-03', releaseNotes: 'Battery charts.', releaseNotesZh: '新增电池图表。', downloadUrl: 'https://apps.apple.com/app/id0000000000', forceUpdate: false },
];

export async function seedSystemData(tx: Tx, { demo, brand }: { demo: boolean; brand: string }): Promise<void> {
  await tx.insert(brandTable).values([{ ...mainBrand(brand), ...(demo ? DEMO_MAIN_BRAND_CONTACTS : {}) }, ...(demo ? DEMO_BRANDS : [])]).onConflictDoNothing();
  await tx.insert(industryTable).values(INDUSTRIES).onConflictDoNothing();
  await tx.insert(appVersionTable).values([WEB_RELEASE, ...(demo ? DEMO_RELEASES : [])]).onConflictDoNothing();
  if (demo) await tx.insert(networkSiteTable).values(DEMO_SITES).onConflictDoNothing();
}
