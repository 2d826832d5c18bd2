// The first published user agreement and privacy policy, in every language of the portal.
// Later versions are added as new rows with a later publication time; old ones stay on record.
export interface LegalSeed {
  kind: 'protocol' | 'policy';
  version: string;
  lang: string;
  title: string;
  content: string;
  publishedAt: string;
}

const VERSION = '1.0';
const PUBLISHED = '2026-11-01T00:00:00Z';

export const legalSeeds: LegalSeed[] = [
  { kind: 'protocol', version: VERSION, lang: 'en', publishedAt: PUBLISHED, title: "User agreement",
    content: "<p>These terms govern your use of the Solar Portal, a service for monitoring and managing solar and energy-storage plants.</p><p>1. Your account. You are responsible for keeping your password secret and for everything done with your account. Tell us at once if you suspect misuse.</p><p>2. Use of the service. Use the portal only for plants and devices you own or are entitled to manage. Do not try to access data of other organisations, to disturb the service, or to reverse-engineer it.</p><p>3. Data. Measurements sent by your devices and the data you enter remain yours. We process them to provide the service, as the privacy policy describes.</p><p>4. Availability. We work to keep the service available, but maintenance and events beyond our control can interrupt it. Monitoring does not replace the safety devices of your installation.</p><p>5. Ending. You can cancel your account at any time in the personal center. We may suspend accounts that break these terms.</p><p>6. Changes. When these terms change, we show the new version before you continue to use the service.</p>" },
  { kind: 'policy', version: VERSION, lang: 'en', publishedAt: PUBLISHED, title: "Privacy and security policy",
    content: "<p>This policy explains which personal data the Solar Portal processes and how it is protected.</p><p>1. What we collect. Account data (login name, name, phone number, e-mail address, country, language, time zone), the data of your plants and devices, and technical records of your sessions (time, address and outcome of logins).</p><p>2. Why. To provide monitoring, alarms, reports and support; to secure your account; to meet legal obligations. We do not sell personal data.</p><p>3. Security. Passwords are stored only as salted hashes. Sessions use random tokens that expire and can be revoked; every request is signed and checked against replay. Access to data is limited to your organisation and the people you share plants with.</p><p>4. Retention. Account data is kept while your account exists. When you cancel it, personal data is erased, except records the law requires us to keep for a limited time.</p><p>5. Your rights. You can see and correct your data in the personal center, and cancel your account there. For other requests, contact your installer or our support.</p>" },
  { kind: 'protocol', version: VERSION, lang: 'zh-CN', publishedAt: PUBLISHED, title: "用户协议",
    content: "<p>本条款适用于您对光伏电站监控管理平台（以下简称“平台”）的使用。</p><p>1. 账号。您应妥善保管密码，并对使用您账号进行的一切操作负责。如发现账号被盗用，请立即告知我们。</p><p>2. 服务的使用。您只能将平台用于您拥有或有权管理的电站和设备。不得尝试访问其他组织的数据、干扰服务或对其进行反向工程。</p><p>3. 数据。您的设备上报的测量数据和您录入的数据归您所有。我们按照隐私政策的说明处理这些数据以提供服务。</p><p>4. 可用性。我们努力保持服务可用，但维护及不可抗力可能导致服务中断。监控不能替代电站自身的安全保护装置。</p><p>5. 终止。您可以随时在个人中心注销账号。违反本条款的账号可能被暂停使用。</p><p>6. 变更。本条款变更时，我们会在您继续使用服务前展示新版本。</p>" },
  { kind: 'policy', version: VERSION, lang: 'zh-CN', publishedAt: PUBLISHED, title: "隐私与安全政策",
    content: "<p>本政策说明平台处理哪些个人数据以及如何保护这些数据。</p><p>1. 收集的数据。账号数据（登录名、名称、手机号、邮箱、国家、语言、时区）、您的电站和设备数据，以及会话的技术记录（登录时间、地址和结果）。</p><p>2. 用途。提供监控、告警、报表和技术支持；保障账号安全；履行法律义务。我们不出售个人数据。</p><p>3. 安全。密码仅以加盐哈希的形式保存。会话使用会过期、可撤销的随机令牌；每个请求均经过签名并防重放校验。数据访问仅限于您的组织以及您分享电站的对象。</p><p>4. 保存期限。账号存续期间保存账号数据。注销后个人数据将被删除，法律要求在一定期限内保留的记录除外。</p><p>5. 您的权利。您可以在个人中心查看、更正个人数据并注销账号。其他请求请联系您的安装商或我们的客服。</p>" },
];
