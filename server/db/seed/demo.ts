// The embedded demo's organisations and accounts (README "Demo accounts"). The second tree
// (office 2) is unrelated to the first, to show that organisations do not see each other.
export interface OfficeSeed {
  id: string;
  parentId: string | null;
  name: string;
}

export const demoOffices: OfficeSeed[] = [
  { id: '1', parentId: null, name: 'Sunrise Energy' },
  { id: '11', parentId: '1', name: 'Sunrise Installations North' },
  { id: '12', parentId: '1', name: 'Sunrise Service Centre' },
  { id: '2', parentId: null, name: 'Blue Coast Solar' },
  { id: '21', parentId: '2', name: 'Blue Coast Installers' },
];

export interface AccountSeed {
  loginName: string;
  nickname: string;
  roleKey: string;
  officeId: string;
  email: string;
  phone?: string;
  countryCode?: string;
  inviteCode?: string;
}

export const demoAccounts: AccountSeed[] = [
  { loginName: 'admin', nickname: 'Ada Admin', roleKey: 'Administrator', officeId: '1', email: 'admin@demo.solar-portal.dev', phone: '13800000001', countryCode: 'CN' },
  { loginName: 'support', nickname: 'Sam Support', roleKey: 'TechnicalSupport', officeId: '12', email: 'support@demo.solar-portal.dev', phone: '13800000002', countryCode: 'CN' },
  { loginName: 'installer', nickname: 'Ivan Installer', roleKey: 'Installer', officeId: '11', email: 'installer@demo.solar-portal.dev', phone: '13800000003', countryCode: 'CN', inviteCode: 'SUNRISE1' },
  { loginName: 'engineer', nickname: 'Erin Engineer', roleKey: 'Engineer', officeId: '11', email: 'engineer@demo.solar-portal.dev', phone: '13800000004', countryCode: 'CN' },
  { loginName: 'distributor', nickname: 'Dana Distributor', roleKey: 'DirectDistributor', officeId: '1', email: 'distributor@demo.solar-portal.dev', phone: '13800000005', countryCode: 'CN' },
  { loginName: 'provider', nickname: 'Paul Provider', roleKey: 'YwServiceProvider', officeId: '12', email: 'provider@demo.solar-portal.dev', phone: '13800000006', countryCode: 'CN' },
  { loginName: 'owner', nickname: 'Olivia Owner', roleKey: 'EndUser', officeId: '11', email: 'owner@demo.solar-portal.dev', phone: '13800000007', countryCode: 'CN' },
  { loginName: 'installer2', nickname: 'Isla Installer', roleKey: 'Installer', officeId: '21', email: 'installer2@demo.solar-portal.dev', phone: '13900000008', countryCode: 'AU', inviteCode: 'BLUECST2' },
  { loginName: 'owner2', nickname: 'Oscar Owner', roleKey: 'EndUser', officeId: '21', email: 'owner2@demo.solar-portal.dev', phone: '13900000009', countryCode: 'AU' },
];

/** The read-only account behind visitorLogin (the demo page); it cannot log in with a password. */
export const visitorAccount: AccountSeed = { loginName: 'visitor', nickname: 'Demo visitor', roleKey: 'Visitor', officeId: '1', email: 'visitor@demo.solar-portal.dev' };
