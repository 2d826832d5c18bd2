// Messages the server writes into errMsg, per language. Keys mirror the web app's `errors.*`.
// English and Simplified Chinese live beside the code that throws them (here and in each area's
// file); every other language of the web app is one JSON file in ./locales, named by the web
// app's code for it, with every English key and the same placeholders (messages.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguage } from '../../src/i18n/languages.ts';
import type { AreaMessages } from './area.ts';
import { securityMessages } from './security.ts';
import { codesMessages } from './codes.ts';
import { accountMessages } from './accounts.ts';
import { sharingMessages } from './sharing.ts';
import { plantMessages } from './plants.ts';
import { auUpgradeMessages } from './au-upgrade.ts';
import { moduleMessages } from './modules.ts';
import { reportMessages } from './reports.ts';
import { legalMessages } from './legal.ts';
import { systemDataMessages } from './system-data.ts';
import { mallMessages } from './mall.ts';
import { roleMessages } from './roles.ts';
import { settingsMessages } from './settings.ts';
import { pointMessages } from './points.ts';
import { supportMessages } from './support.ts';
import { alarmMessages } from './alarms.ts';
import { remoteSettingMessages } from './remote-settings.ts';
const en = {
  'error.fault': 'System exception, please try again later',
  'error.notLoggedIn': 'You are not logged in or your session has ended',
  'error.tokenExpired': 'Your session has expired',
  'error.forbidden': 'You do not have permission to do this',
  'error.tooMany': 'Too many requests, please wait a moment',
  'error.clientGone': 'The client closed the connection before the request started',
  'error.loggedOut': 'You have logged out',
  'error.notFound': 'No such path: {path}',
  'error.bodyTooLarge': 'The request is too large',
  'error.headersTooLarge': 'The request line or headers are too large',
  'error.timeout': 'The request took too long to arrive',
  'error.badRequest': 'The request could not be understood',
  'error.methodNotAllowed': '{method} is not allowed here; use {allowed}',
  'error.notImplemented': 'not implemented: {operationId}',
  'error.contentType': 'The body must be sent as {expected}',
  'error.malformedBody': 'The request body could not be read: {detail}',
  'error.badCredentials': 'Wrong account or password',
  'error.accountLocked': 'Too many wrong passwords; try again in {minutes} minutes',
  'error.responseContract': 'The server produced an answer outside its contract',
  'error.legalMissing': 'No user agreement or privacy policy is published',
  'signature.unknownClient': 'clientId: unknown client',
  'signature.missing': '{field}: required for a signed request',
  'signature.stale': 'timeStamp: must be within {seconds} seconds of the server time',
  'signature.replayed': 'random: already used',
  'signature.mismatch': 'signature: does not match the request',
  'signature.bodyHash': 'bodyHash: must be the lower-case hex SHA-256 of the JSON body',
  'rule.required': '{field}: is required',
  'rule.type': '{field}: must be a {type}',
  'rule.minLength': '{field}: must be at least {limit} characters',
  'rule.maxLength': '{field}: must be at most {limit} characters',
  'rule.minimum': '{field}: must be at least {limit}',
  'rule.maximum': '{field}: must be at most {limit}',
  'rule.exclusiveMinimum': '{field}: must be greater than {limit}',
  // Cross-field rules of hooks: {other} is the other field's name, which the forms show as its label.
  'rule.notBefore': '{field}: must not lie before {other}',
  'rule.above': '{field}: must be above {other}',
  'rule.exclusiveMaximum': '{field}: must be less than {limit}',
  'rule.pattern': '{field}: has an invalid format',
  'rule.format': '{field}: must be a valid {format}',
  'rule.enum': '{field}: must be one of {values}',
  'rule.maxItems': '{field}: must have at most {limit} items',
  'rule.minItems': '{field}: must have at least {limit} items',
  'rule.additionalProperties': '{field}: is not allowed',
  'rule.invalid': '{field}: is invalid',
  'rule.unique': '{field}: {value} already exists',
  'rule.exists': '{field}: no such record',
  'rule.future': '{field}: must lie in the future',
  'rule.controlCharacters': '{field}: contains control characters, which are not allowed',
  'rule.duplicate': '{field}: may be sent only once',
  'rule.pageDepth': '{field}: pages past row {limit} cannot be opened; narrow the filter instead',
  'rule.maxDepth': '{field}: must not nest deeper than {limit} levels',
};

type Catalogue = Record<keyof typeof en, string>;

const zhCN: Catalogue = {
  'error.fault': '系统异常，请稍后再试',
  'error.notLoggedIn': '用户未登录或会话已失效',
  'error.tokenExpired': '登录已过期',
  'error.forbidden': '没有权限执行此操作',
  'error.tooMany': '访问过于频繁，请稍后再试',
  'error.clientGone': '请求开始前客户端已断开连接',
  'error.loggedOut': '用户已退出登录',
  'error.notFound': '路径不存在：{path}',
  'error.bodyTooLarge': '请求内容过大',
  'error.headersTooLarge': '请求行或请求头过大',
  'error.timeout': '请求传输超时',
  'error.badRequest': '无法理解该请求',
  'error.methodNotAllowed': '此处不允许 {method}，请使用 {allowed}',
  'error.notImplemented': 'not implemented: {operationId}',
  'error.contentType': '请求体必须以 {expected} 格式发送',
  'error.malformedBody': '无法读取请求体：{detail}',
  'error.badCredentials': '账号或密码错误',
  'error.accountLocked': '密码错误次数过多，请 {minutes} 分钟后再试',
  'error.responseContract': '服务器返回了不符合接口约定的数据',
  'error.legalMissing': '尚未发布用户协议或隐私政策',
  'signature.unknownClient': 'clientId：未知的客户端',
  'signature.missing': '{field}：签名请求必须提供',
  'signature.stale': 'timeStamp：必须在服务器时间 {seconds} 秒以内',
  'signature.replayed': 'random：已被使用',
  'signature.mismatch': 'signature：与请求不匹配',
  'signature.bodyHash': 'bodyHash：必须是 JSON 请求体的小写十六进制 SHA-256',
  'rule.required': '{field}：必填',
  'rule.type': '{field}：必须是 {type}',
  'rule.minLength': '{field}：至少 {limit} 个字符',
  'rule.maxLength': '{field}：最多 {limit} 个字符',
  'rule.minimum': '{field}：不能小于 {limit}',
  'rule.maximum': '{field}：不能大于 {limit}',
  'rule.exclusiveMinimum': '{field}：必须大于 {limit}',
  'rule.notBefore': '{field}：不能早于 {other}',
  'rule.above': '{field}：必须高于 {other}',
  'rule.exclusiveMaximum': '{field}：必须小于 {limit}',
  'rule.pattern': '{field}：格式不正确',
  'rule.format': '{field}：必须是有效的 {format}',
  'rule.enum': '{field}：必须是 {values} 之一',
  'rule.maxItems': '{field}：最多 {limit} 项',
  'rule.minItems': '{field}：至少 {limit} 项',
  'rule.additionalProperties': '{field}：不允许的字段',
  'rule.invalid': '{field}：无效',
  'rule.unique': '{field}：{value} 已存在',
  'rule.exists': '{field}：记录不存在',
  'rule.future': '{field}：必须晚于当前时间',
  'rule.controlCharacters': '{field}：包含不允许的控制字符',
  'rule.duplicate': '{field}：只能提供一次',
  'rule.pageDepth': '{field}：无法打开第 {limit} 行之后的页面，请缩小筛选范围',
  'rule.maxDepth': '{field}：嵌套不能超过 {limit} 层',
};

/** Each area keeps its own messages beside these; every area has every language. */
const areas: AreaMessages[] = [securityMessages, codesMessages, accountMessages, sharingMessages, plantMessages, auUpgradeMessages, moduleMessages, reportMessages, legalMessages, mallMessages, pointMessages, roleMessages, settingsMessages, alarmMessages, remoteSettingMessages, supportMessages, systemDataMessages];

/**
 * One catalogue from the common messages and every area's. A key two areas both define would
 * let the later silently replace the earlier, whose placeholders then go unfilled: refused here,
 * when the module loads, so that any test or start names it.
 */
export function mergeCatalogue(common: Record<string, string>, parts: Record<string, string>[]): Record<string, string> {
  const merged = { ...common };
  for (const part of parts) {
    for (const [key, message] of Object.entries(part)) {
      if (key in merged) throw new Error(`server message ${key} is defined twice`);
      merged[key] = message;
    }
  }
  return merged;
}

const LOCALES_DIR = path.join(import.meta.dirname, 'locales');
const locales = readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(LOCALES_DIR, f), 'utf8')) as Record<string, string>] as const);

export const catalogues: Record<string, Record<string, string>> = {
  en: mergeCatalogue(en, areas.map((a) => a.en)),
  'zh-CN': mergeCatalogue(zhCN, areas.map((a) => a['zh-CN'])),
  ...Object.fromEntries(locales),
};

const LANGUAGES = Object.keys(catalogues);

/** The request's language: `lang` query parameter, then Accept-Language, then English. */
export function pickLang(queryLang: unknown, acceptLanguage: string | undefined): string {
  const wanted = [typeof queryLang === 'string' ? queryLang : '', ...(acceptLanguage ?? '').split(',').map((s) => s.split(';')[0]!.trim())];
  for (const candidate of wanted) {
    // The web app's rule (aliases such as ft and sv, scripts, a region falling back to its language).
    const lang = supportedLanguage(candidate, LANGUAGES);
    if (lang) return lang;
  }
  return 'en';
}

export function translate(lang: string, key: string, params: Record<string, string | number> = {}): string {
  const template = catalogues[lang]?.[key] ?? catalogues.en![key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
