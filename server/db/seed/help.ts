// The help menu's first pages (000 section 2, routes Problem and HandBook), in English and Chinese:
// what new users of the portal ask, and a short manual of its main areas. Administrators keep them
// on System → Help articles; other languages show the English until someone writes theirs.
import { count } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { helpArticleTable } from '../schema/index.ts';

interface HelpSeed { kind: 'faq' | 'manual'; language: 'en' | 'zh-CN'; title: string; content: string }

const FAQ_EN: [string, string][] = [
  ['Why does my plant show as offline?', 'A plant is offline when none of its devices has reported for 15 minutes. Check that the data logger has power and a network connection (its LED), and that the router lets it reach the internet. Data sent while the logger was cut off is filled in once it reports again.'],
  ['Why is today\'s yield lower than my inverter\'s display?', 'The portal adds up what the devices report every few minutes; a device that was offline for part of the day is missing that part until it sends its stored records. Figures are counted on the plant\'s own clock: check the plant\'s time zone in its settings.'],
  ['How do I share a plant with someone?', 'Open the plant, then its Sharing tab, and add a visitor by account or e-mail address. Choose whether they may only look or also change settings. You can change or remove the share at any time.'],
  ['What do the alarm levels mean?', 'Level 0 is information, level 1 a warning that needs attention soon, level 2 a fault that stops production or endangers the system. Levels 1 and 2 also reach the plant\'s owner and installer as messages, and by e-mail when they asked for it in their settings.'],
  ['An alarm has cleared on site, but the portal still lists it.', 'An alarm recovers by itself once the device reports the condition cleared; it then stays in the list as recovered until someone handles it. Close it from the alarm centre with a reason, which is recorded with your name.'],
  ['How do I change my password or my language?', 'Open Personal center from the menu under your name. The language can also be switched from the top bar at any time; the portal remembers your choice.'],
];

const FAQ_ZH: [string, string][] = [
  ['为什么我的电站显示离线？', '电站的所有设备在 15 分钟内都没有上报数据时，电站显示为离线。请检查数据采集器是否通电、是否联网（查看指示灯），以及路由器是否允许其访问互联网。采集器恢复上报后，断网期间保存的数据会自动补齐。'],
  ['为什么今日发电量比逆变器屏幕上显示的少？', '平台按设备每隔几分钟上报的数据累计发电量；设备当天有一段时间离线时，这段数据要等设备补传后才会计入。统计按电站所在时区计算，请在电站设置中检查时区。'],
  ['如何把电站分享给他人？', '打开电站的“分享”标签页，通过账号或邮箱添加访客，并选择对方只能查看还是可以修改设置。分享可以随时修改或取消。'],
  ['告警等级是什么意思？', '0 级为提示信息，1 级为需要尽快关注的警告，2 级为导致停机或危及系统的故障。1 级和 2 级告警还会以站内信通知电站业主和安装商，若其在设置中开启了邮件通知，也会发送邮件。'],
  ['现场故障已排除，为什么平台上的告警还在？', '设备上报故障已消除后，告警会自动恢复，但在有人处理之前仍以“已恢复”状态保留在列表中。请在告警中心填写原因后手动关闭，系统会记录处理人。'],
  ['如何修改密码或语言？', '点击右上角姓名下的菜单，进入“个人中心”修改。语言也可以随时在顶栏切换，平台会记住您的选择。'],
];

const MANUAL_EN: [string, string][] = [
  ['Getting started', 'Log in with the account your installer or administrator created for you. The home page sums up all your plants: today\'s energy, the power of the last hours, the plants by status and the latest alarms.\n\nThe menu on the left leads to every area you may use; what you see depends on your role. Pages you visit stay as tabs above the page, so that you can go back and forth between them.'],
  ['Plants', 'The plant list shows every plant of your organisation with its status, power and today\'s energy. Search by name, owner or address; mark favourites and pin plants to the top.\n\nA plant\'s page shows its energy flow live, its charts by day, month, year and in total, its devices, alarms and reports. Owners and installers change its details, thresholds and sharing in its Settings and Sharing tabs.'],
  ['Adding a plant', 'Choose Add plant in the top bar. Step 1 asks for the plant\'s name, location, time zone, rated power and tariff; step 2 for the serial numbers of its devices (type or scan them); step 3 for the installer and the owner. The plant starts showing data as soon as its devices report.'],
  ['Alarms and messages', 'The alarm centre lists the alarms of your plants, with filters by level, state, device and date, and an export. The floating panel at the right edge shows the newest alarms and messages, and opens customer service and feedback.'],
  ['Reports and exports', 'Each plant has daily, monthly and yearly reports. Lists with an export button write the current filters\' rows to a spreadsheet; long exports show their progress.'],
];

const MANUAL_ZH: [string, string][] = [
  ['快速入门', '使用安装商或管理员为您创建的账号登录。首页汇总您的所有电站：今日发电量、近几小时功率、各状态电站数量以及最新告警。\n\n左侧菜单列出您可使用的全部功能，具体内容取决于您的角色。访问过的页面会以标签形式显示在页面上方，方便来回切换。'],
  ['电站', '电站列表显示本组织的所有电站及其状态、功率和今日发电量。可按名称、业主或地址搜索，可收藏电站或将其置顶。\n\n电站详情页实时显示能量流向，并按日、月、年和累计显示图表，以及设备、告警和报表。业主和安装商可在“设置”和“分享”标签页中修改电站信息、告警阈值和分享。'],
  ['新建电站', '点击顶栏的“新建电站”。第一步填写电站名称、位置、时区、装机容量和电价；第二步填写或扫描设备序列号；第三步选择安装商和业主。设备开始上报后，电站即可显示数据。'],
  ['告警与消息', '告警中心列出您电站的全部告警，可按等级、状态、设备和日期筛选并导出。页面右侧的悬浮面板显示最新告警和消息，并可打开在线客服和意见反馈。'],
  ['报表与导出', '每个电站都有日报、月报和年报。带有导出按钮的列表会按当前筛选条件导出为表格文件，导出较大时会显示进度。'],
];

const rows = (kind: HelpSeed['kind'], language: HelpSeed['language'], entries: [string, string][]): HelpSeed[] =>
  entries.map(([title, content]) => ({ kind, language, title, content }));

const helpSeeds = [
  ...rows('faq', 'en', FAQ_EN), ...rows('faq', 'zh-CN', FAQ_ZH), ...rows('manual', 'en', MANUAL_EN), ...rows('manual', 'zh-CN', MANUAL_ZH),
].map((article, i, all) => ({ ...article, sort: (all.slice(0, i).filter((a) => a.kind === article.kind && a.language === article.language).length + 1) * 10 }));

/**
 * Into a table that never held an article only: once administrators keep them, a start must not
 * bring back one they renamed or deleted.
 */
export async function seedHelpArticles(tx: Tx): Promise<void> {
  const [stored] = await tx.select({ n: count() }).from(helpArticleTable);
  if (stored!.n === 0) await tx.insert(helpArticleTable).values(helpSeeds);
}
