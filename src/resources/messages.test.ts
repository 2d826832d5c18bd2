// The words people read: schema errors and server refusals in English and Chinese, with field
// labels instead of internal names, and toasts that name the record.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { RJSFValidationError } from '@rjsf/utils';
import en from '@/i18n/en.json';
import zhCN from '@/i18n/zh-CN.json';
import descriptorJson from '../../schemas/resources/legal-document.resource.json';
import entityJson from '../../schemas/entities/legal-document.schema.json';
import { labelledFieldErrors, labelledMessage, readableSchemaErrors, schemaErrorText } from './messages';
import { actionDoneText, failureNotice, recordNotice, submittedValues } from './notices';
import type { Translate } from './schema-utils';
import type { EntitySchema, ResourceDescriptor } from './types';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } }, lng: 'en', interpolation: { escapeValue: false } });
const tEn = i18n.getFixedT('en') as Translate;
const tZh = i18n.getFixedT('zh-CN') as Translate;

const descriptor = descriptorJson as unknown as ResourceDescriptor;
const entity = entityJson as unknown as EntitySchema;
const error = (name: string, property: string, params: object = {}): RJSFValidationError =>
  ({ name, property, params, message: `raw ${name}`, stack: `raw ${name}`, schemaPath: '' });

describe('schema errors in words', () => {
  it('drops the wrappers of conditions and keeps one message per field, required first', () => {
    const shown = readableSchemaErrors(tEn, [
      error('pattern', '.version', { pattern: '^x' }),
      error('required', '.version', { missingProperty: 'version' }),
      error('if', '', { failingKeyword: 'then' }),
      error('required', '.publishTime', { missingProperty: 'publishTime' }),
      error('maxLength', '.title', { limit: 5 }),
      error('minLength', '.title', { limit: 1 }),
    ]);
    expect(shown.map((e) => [e.property, e.message])).toEqual([
      ['.version', 'This field is required'],
      ['.publishTime', 'This field is required'],
      ['.title', 'At most 5 characters'],
    ]);
    expect(shown.map((e) => e.message).join()).not.toMatch(/must match|then/);
  });

  it('says decimals for a decimal step and a multiple otherwise, in both languages', () => {
    expect(schemaErrorText(tEn, { name: 'multipleOf', params: { multipleOf: 0.0001 } })).toBe('At most 4 decimal places');
    expect(schemaErrorText(tZh, { name: 'multipleOf', params: { multipleOf: 0.0001 } })).toBe('最多 4 位小数');
    expect(schemaErrorText(tEn, { name: 'multipleOf', params: { multipleOf: 0.5 } })).toBe('Must be a multiple of 0.5');
    expect(schemaErrorText(tZh, { name: 'multipleOf', params: { multipleOf: 0.5 } })).toBe('必须是 0.5 的整数倍');
    expect(schemaErrorText(tZh, { name: 'required', params: {} })).toBe('此项为必填项');
  });

  it('answers an unknown rule with a plain "invalid", never the validator\'s English', () => {
    expect(schemaErrorText(tEn, { name: 'contains', params: {} })).toBe('Invalid value');
    expect(schemaErrorText(tZh, { name: 'contains', params: {} })).toBe('值无效');
  });
});

describe('server refusals with labels', () => {
  it('writes the fields the server names as their labels, in both languages', () => {
    expect(labelledMessage(tEn, descriptor, entity, 'version: 2026.1 already exists')).toBe('Version: 2026.1 already exists');
    expect(labelledMessage(tZh, descriptor, entity, 'version：2026.1 已存在')).toBe('版本：2026.1 已存在');
    expect(labelledMessage(tEn, descriptor, entity, 'version: must not lie after publishTime')).toBe('Version: must not lie after Published');
    expect(labelledMessage(tEn, descriptor, entity, 'title: too long; version: 2026.1 already exists')).toBe('Title: too long; Version: 2026.1 already exists');
  });

  it('leaves the words of a sentence alone when a field shares them', () => {
    expect(labelledMessage(tEn, descriptor, entity, 'title: the text of this kind and language is taken')).toBe('Title: the text of this kind and language is taken');
  });

  it('leaves values that merely contain a field name alone', () => {
    expect(labelledMessage(tEn, descriptor, entity, 'title: my-title.v2 is taken')).toBe('Title: my-title.v2 is taken');
  });

  it('labels every field error the form shows under its field', () => {
    expect(labelledFieldErrors(tEn, descriptor, entity, { version: 'version: 2026.1 already exists' })).toEqual({ version: ['Version: 2026.1 already exists'] });
  });
});

describe('toasts', () => {
  it('name the record by its title and label when a save fails, with the labelled reason', () => {
    const refused = { message: 'version: 2026.1 already exists', statusCode: 10003 };
    expect(failureNotice(tEn, descriptor, entity, 'created', refused, { version: '2026.1' })).toEqual({
      type: 'error', message: 'Document version 2026.1 not created', description: 'Version: 2026.1 already exists',
    });
    const zh = failureNotice(tZh, descriptor, entity, 'created', { message: 'version：2026.1 已存在', statusCode: 10003 }, { version: '2026.1' });
    expect(zh.message).toBe('未能创建文件版本 2026.1');
    expect(zh.description).toBe('版本：2026.1 已存在');
    expect(`${zh.message}${zh.description}`).not.toMatch(/legalDocument|10003/);
  });

  it('say what an action did to which record', () => {
    const account = { name: 'account', entity: 'account', idField: 'userId', labelField: 'loginName' } as unknown as ResourceDescriptor;
    expect(actionDoneText(tEn, account, 'lock', { userId: 'u1', loginName: 'engineer' })).toBe('Account engineer locked');
    expect(actionDoneText(tZh, account, 'unlock', { userId: 'u1', loginName: 'engineer' })).toBe('已解锁账号 engineer');
  });

  it('name the record saved by an edit, whose notification Refine hands { id, values }', () => {
    const update = { id: 7, values: { version: '2026.2', title: 'Privacy' } };
    expect(recordNotice(tEn, descriptor, 'saved', submittedValues(update)).message).toBe('Document version 2026.2 saved');
    expect(recordNotice(tZh, descriptor, 'saved', submittedValues(update)).message).toBe('已保存文件版本 2026.2');
    expect(submittedValues({ version: '2026.3' })).toEqual({ version: '2026.3' });
  });
});
