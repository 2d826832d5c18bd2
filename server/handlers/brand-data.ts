// The public system data of the shell and the login page, read from the tables administrators keep
// on the System screens (brands, network sites, app versions, industries): the brand's branding,
// languages and about-us text, the site switch, release notes, the AI assistant's address and the
// industries of registration. Texts kept in English and Chinese answer in the request's language.
import { asc, desc, eq } from 'drizzle-orm';
import { appVersionTable, industryTable, networkSiteTable } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { aboutHtml } from '../domain/branding/about-html.ts';
import { languageOptions } from '../domain/branding/languages.ts';
import { fieldError } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import { brandOf, isMainBrand } from '../repositories/brands.ts';
import { defineHandlers } from './types.ts';

/** Earlier releases the version dialog lists (the contract's maxItems). */
const EARLIER_RELEASES = 50;

const chinese = (lang: string) => lang.toLowerCase().startsWith('zh');
/** The Chinese text for a Chinese reader when there is one, else the English. */
const inLang = (lang: string, english: string, zh: string | null) => (chinese(lang) && zh ? zh : english);
/** Optional fields are left out of an answer rather than sent as null. */
const present = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && v !== '')) as { [K in keyof T]: NonNullable<T[K]> };

async function releases(db: Db, platform: string, limit: number) {
  return db.select().from(appVersionTable).where(eq(appVersionTable.platform, platform))
    .orderBy(desc(appVersionTable.updateDate), desc(appVersionTable.id)).limit(limit);
}

export const brandDataHandlers = defineHandlers({
  async getOemConfig({ db, config, request, query }) {
    const brand = await brandOf(db, config, request, query.oemKey);
    return {
      ...present({
        faviconUrl: brand.faviconUrl, subTitle: brand.subTitle, companyBrief: brand.companyBrief, callCenter: brand.callCenter,
        email: brand.email, fax: brand.fax, postal: brand.postal, address: brand.address, vpphubUrl: brand.vpphubUrl,
      }),
      oemKey: brand.oemKey, platformName: brand.platformName, logoUrl: brand.logoUrl, mainBrand: isMainBrand(config, brand) ? 1 : 0,
    };
  },

  async getOemLangList({ db, config, request, query }) {
    return languageOptions((await brandOf(db, config, request, query.oemKey)).languages);
  },

  async aboutUsGetInfo({ db, config, request }) {
    const brand = await brandOf(db, config, request);
    const [web] = await releases(db, 'web', 1);
    return {
      ...present({ logoUrl: brand.logoUrl, companyBrief: brand.companyBrief, copyright: brand.copyright, webVersion: web?.appVersion }),
      platformName: brand.platformName, content: aboutHtml(brand.aboutUs),
    };
  },

  async getVersionInfo({ db, lang, query }) {
    const [current, ...earlier] = await releases(db, query.platform, EARLIER_RELEASES + 1);
    if (!current) throw fieldError('platform', 'noRelease', { value: query.platform });
    const notes = (r: typeof current) => present({ updateByLang: inLang(lang, r.releaseNotes ?? '', r.releaseNotesZh) });
    return {
      appVersion: current.appVersion, updateDate: current.updateDate, ...notes(current),
      updates: earlier.map((r) => ({ appVersion: r.appVersion, updateDate: r.updateDate, ...notes(r) })),
    };
  },

  async getLast({ db, lang, query }) {
    const platform = query.platform ?? 'android';
    const [latest] = await releases(db, platform, 1);
    // An app release's download URL is required by the entity's condition (app-version.schema.json).
    if (!latest?.downloadUrl) throw fieldError('platform', 'noRelease', { value: platform });
    return {
      platform, appVersion: latest.appVersion, updateDate: latest.updateDate, downloadUrl: latest.downloadUrl,
      forceUpdate: latest.forceUpdate ? 1 : 0, ...present({ updateByLang: inLang(lang, latest.releaseNotes ?? '', latest.releaseNotesZh) }),
    };
  },

  async getAssistantConfig({ db, config, request }) {
    const brand = await brandOf(db, config, request);
    return { aiChatH5Url: isMainBrand(config, brand) ? brand.aiChatH5Url ?? '' : '' };
  },

  async getIndustryList({ db, lang }) {
    const rows = await db.select().from(industryTable).orderBy(asc(industryTable.sort), asc(industryTable.id));
    return rows.map((r) => ({ id: r.id, name: inLang(lang, r.name, r.nameZh) }));
  },

  async siteList({ db, lang, request }) {
    const rows = await db.select().from(networkSiteTable).orderBy(asc(networkSiteTable.sort), asc(networkSiteTable.id));
    const host = request.hostname.toLowerCase();
    return {
      // One site has nothing to switch to.
      siteSwitch: rows.length > 1 ? 1 : 0,
      selectNote: translate(lang, 'site.selectNote'),
      helpNote: translate(lang, 'site.helpNote'),
      list: rows.map((r) => ({
        id: r.id, domainUrl: r.domainUrl, i18nSite: inLang(lang, r.siteName, r.siteNameZh),
        ...present({ sitePicUrl: r.sitePicUrl, siteDesc: inLang(lang, r.siteDesc ?? '', r.siteDescZh) }),
        isCurrent: new URL(r.domainUrl).hostname.toLowerCase() === host ? 1 : 0,
      })),
    };
  },
});
