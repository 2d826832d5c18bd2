// The main brand's branding as every installation starts with it (server/db/seed/system-data.ts),
// and as the portal answers it when no stored brand can serve a request: an administrator may
// delete or rename every brand row, and the login page must still show a name and a logo.
export const mainBrand = (oemKey: string) => ({
  oemKey, platformName: 'Solar Portal', subTitle: 'Monitor and manage solar and storage plants', logoUrl: '/favicon.svg', faviconUrl: '/favicon.svg',
  languages: 'en,zh-CN,zh-TW,de,fr,es,it,nl,pl,pt,sv-SE,cs-CZ,vi,he',
  aboutUs: 'The Solar Portal is an open-source platform for monitoring and managing solar and energy-storage plants.\n\nOwners see their production, consumption and savings; installers and service teams keep whole fleets running, with alarms, reports and remote settings.',
});
