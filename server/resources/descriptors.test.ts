// Each mistake a developer can make in a descriptor gives one message naming the file and the
// JSON path. The checks run on a scratch copy of the project's schemas, contract and languages.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblems, loadDescriptors, ROOT } from './descriptors.ts';

/** The directories the seed declares and descriptors name as parents. */
const MENUS = ['System', 'Service', 'Market'];
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'descriptors-'));
  cpSync(join(ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'src/i18n'), join(root, 'src/i18n'), { recursive: true });
  mkdirSync(join(root, 'server/generated'), { recursive: true });
  symlinkSync(join(ROOT, 'server/generated/openapi.json'), join(root, 'server/generated/openapi.json'));
  mkdirSync(join(root, 'node_modules/@ant-design/icons/es'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/@ant-design/icons/es/icons'), join(root, 'node_modules/@ant-design/icons/es/icons'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const FILE = 'schemas/resources/model-code.resource.json';
/** Edits the model-code descriptor, then answers what the check says. */
// The edits reach into the descriptor's nested JSON; its shape is what the check is about.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function checkAfter(edit: (d: Record<string, any>) => void): string {
  const descriptor = JSON.parse(readFileSync(join(ROOT, FILE), 'utf8'));
  edit(descriptor);
  writeFileSync(join(root, FILE), JSON.stringify(descriptor));
  return formatProblems(loadDescriptors({ root, menuNames: MENUS }).problems);
}

describe('the descriptor check', () => {
  it('passes the project\'s descriptors', () => {
    expect(formatProblems(loadDescriptors({ root, menuNames: MENUS }).problems)).toBe('');
  });

  it('names the line of invalid JSON', () => {
    writeFileSync(join(root, FILE), '{\n  "name": "modelCode",\n  "entity": \n}');
    expect(formatProblems(loadDescriptors({ root, menuNames: MENUS }).problems))
      .toBe(`${FILE}: not valid JSON: Unexpected token '}' at line 4, column 1`);
    writeFileSync(join(root, FILE), '{\n  "name": "modelCode",\n}');
    expect(formatProblems(loadDescriptors({ root, menuNames: MENUS }).problems))
      .toBe(`${FILE}: not valid JSON: Expected double-quoted property name at line 3, column 1`);
  });

  it('names an unknown operationId, and a parameter the operation does not take', () => {
    expect(checkAfter((d) => { d.operations.list = 'searchOffice'; })).toContain(`${FILE} at /operations/list: "searchOffice" is not an operationId of the contract`);
    expect(checkAfter((d) => { d.list.filters = [{ field: 'modelCode', param: 'nope' }]; })).toContain(`${FILE} at /list/filters/0/param: "nope" is not a request field of pageList`);
  });

  it('names a column, form field or label that is not a field of the entity', () => {
    expect(checkAfter((d) => { d.list.columns.push('colour'); })).toContain(`${FILE} at /list/columns/6: "colour" is not a field of model-code.schema.json`);
    expect(checkAfter((d) => { d.form.fields = ['modelCode', 'wattage']; })).toContain(`${FILE} at /form/fields/1: "wattage" is not a field`);
    expect(checkAfter((d) => { d.labelField = 'title'; })).toContain(`${FILE} at /labelField:`);
  });

  it('names a property the descriptor schema does not know, and a wrong render', () => {
    expect(checkAfter((d) => { d.list.colour = 'red'; })).toContain(`${FILE} at /list: must NOT have additional properties (colour)`);
    expect(checkAfter((d) => { d.list.columns[0] = { field: 'modelCode', render: 'sparkle' }; })).toContain(`${FILE} at /list/columns/0`);
  });

  it('names an icon outside antd\'s set and an unknown parent menu', () => {
    expect(checkAfter((d) => { d.menu.icon = 'Rocket'; })).toContain(`${FILE} at /menu/icon: "Rocket" is not an antd icon name`);
    expect(checkAfter((d) => { d.menu.icon = 'RocketOutlined'; })).toBe('');
    expect(checkAfter((d) => { d.menu.parent = 'Shop'; })).toContain(`${FILE} at /menu/parent: "Shop" is not a menu entry (System, Service, Market)`);
  });

  it('names a text missing from a language file', () => {
    expect(checkAfter((d) => { d.name = 'modelCodeCopy'; })).toContain(`${FILE} at /name: no text "modelCodeCopy.titles.list" in src/i18n/zh-CN.json`);
    expect(checkAfter((d) => { d.actions = [{ name: 'publish', operation: 'modelCodeAdd', permission: 'system:modelCode:edit' }]; }))
      .toContain(`${FILE} at /actions/0/name: no text "modelCode.actions.publish" in src/i18n/en.json`);
  });
});

describe('the descriptor check of row actions', () => {
  it('names an id or value field the action\'s operation does not take, and an unknown row field', () => {
    const file = 'schemas/resources/account.resource.json';
    const check = (edit: (d: { actions: Record<string, unknown>[] }) => void) => {
      const descriptor = JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
      edit(descriptor);
      writeFileSync(join(root, file), JSON.stringify(descriptor));
      return formatProblems(loadDescriptors({ root, menuNames: MENUS }).problems);
    };
    expect(check(() => undefined)).toBe('');
    expect(check((d) => { d.actions[0]!.idParam = 'accountId'; })).toBe(`${file} at /actions/0/idParam: "accountId" is not a request field of lockUser`);
    expect(check((d) => { d.actions[0]!.values = { frozen: 1 }; })).toBe(`${file} at /actions/0/values/frozen: "frozen" is not a request field of lockUser`);
    expect(check((d) => { d.actions[1]!.when = { field: 'state', in: [1] }; })).toBe(`${file} at /actions/1/when/field: "state" is not a field of account.schema.json`);
  });
});

describe('the descriptor check of dialogs and summaries', () => {
  const file = 'schemas/resources/user-coupon.resource.json';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const check = (edit: (d: Record<string, any>) => void) => {
    const descriptor = JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
    edit(descriptor);
    writeFileSync(join(root, file), JSON.stringify(descriptor));
    return formatProblems(loadDescriptors({ root, menuNames: MENUS }).problems);
  };

  it('takes a toolbar action\'s fields from the entity it names, and asks it for no row id', () => {
    expect(check(() => undefined)).toBe('');
    expect(check((d) => { d.actions[0].fields.push('colour'); })).toContain(`${file} at /actions/0/fields/8: "colour" is not a field of coupon.schema.json`);
    expect(check((d) => { d.actions[0].entity = 'coupons'; })).toContain(`${file} at /actions/0/entity: no entity schema schemas/entities/coupons.schema.json`);
    expect(check((d) => { delete d.actions[0].toolbar; })).toBe(`${file} at /actions/0: "id" is not a request field of giveCoupon`);
  });

  it('names a filter the summary\'s operation does not take unless omitted, and a figure without its text', () => {
    expect(check((d) => { d.list.summary.omit = []; }))
      .toBe(`${file} at /list/filters/3: "status" is not a request field of userCouponStatistics (the summary's; list it in /list/summary/omit)`);
    expect(check((d) => { d.list.summary.operation = 'couponStats'; })).toContain(`${file} at /list/summary/operation: "couponStats" is not an operationId of the contract`);
    expect(check((d) => { d.list.summary.figures[0].label = 'userCoupon.summary.handedOut'; }))
      .toContain(`${file} at /list/summary/figures/0/label: no text "userCoupon.summary.handedOut" in src/i18n/en.json`);
  });
});

describe('the descriptor check of permissions, exports and children', () => {
  it('names a permission the operation does not accept, an export answering JSON, and a create result without create', () => {
    expect(checkAfter((d) => { d.permissions.delete = 'system:modelCode:list'; }))
      .toBe(`${FILE} at /permissions/delete: "system:modelCode:list" is not a permission of delete (system:modelCode:remove)`);
    expect(checkAfter((d) => { d.operations.export = 'pageList'; })).toContain(`${FILE} at /operations/export: pageList answers JSON, not a file`);
    expect(checkAfter((d) => { delete d.operations.create; d.create = { resultDialog: { fields: ['modelCode'] } }; }))
      .toContain(`${FILE} at /create/resultDialog: a create result needs operations.create`);
  });

  it('names a child resource that does not exist or lists by another key, and a name used twice', () => {
    expect(checkAfter((d) => { d.show.children = [{ resource: 'serials', foreignKey: 'modelCodeId' }]; }))
      .toBe(`${FILE} at /show/children/0/resource: no descriptor named "serials"`);
    expect(checkAfter((d) => { d.show.children = [{ resource: 'modelCodeSerial', foreignKey: 'modelId' }]; }))
      .toBe(`${FILE} at /show/children/0/foreignKey: modelCodeSerial lists by "modelCodeId", not "modelId"`);
    expect(checkAfter((d) => { d.name = 'office'; })).toContain(`at /name: "office" is the name of another descriptor`);
  });
});
