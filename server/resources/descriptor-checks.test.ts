// The checks of descriptor-checks.ts as `npm run check` prints them: each broken descriptor or
// entity (in a scratch copy of the project's schemas, contract, languages and widget registry)
// gives exactly the line a developer reads.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblems, loadDescriptors, ROOT } from './descriptors.ts';
import { projectWidgetNames } from './descriptor-checks.ts';

let root: string;
const link = (path: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  symlinkSync(join(ROOT, path), join(root, path));
};
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'descriptor-checks-'));
  cpSync(join(ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'src/i18n'), join(root, 'src/i18n'), { recursive: true });
  mkdirSync(join(root, 'src/resources/widgets'), { recursive: true });
  cpSync(join(ROOT, 'src/resources/widgets/index.ts'), join(root, 'src/resources/widgets/index.ts'));
  link('server/generated/openapi.json');
  link('node_modules/@ant-design/icons/es/icons');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const check = () => formatProblems(loadDescriptors({ root, menuNames: ['System', 'Service', 'Market'] }).problems);

// The edits reach into nested JSON; its shape is what the checks are about.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Edit = (json: Record<string, any>) => void;
function edit(file: string, change: Edit) {
  const json = JSON.parse(readFileSync(join(root, file), 'utf8'));
  change(json);
  writeFileSync(join(root, file), JSON.stringify(json));
}
const MODEL_CODE = 'schemas/resources/model-code.resource.json';
const LEGAL = 'schemas/resources/legal-document.resource.json';
const WIDGETS = projectWidgetNames(ROOT);

describe('widget names', () => {
  it('reads the widgets the web app registers from its registry', () => {
    expect(WIDGETS).toEqual(expect.arrayContaining(['number', 'money', 'office', 'richText']));
  });

  it('refuses a misspelled widget in the form and in an action dialog, naming the known ones', () => {
    edit(LEGAL, (d) => { d.form.uiSchema.content['ui:widget'] = 'richtext'; });
    expect(check()).toBe(`${LEGAL} at /form/uiSchema/content/ui:widget: "richtext" is not a widget (${WIDGETS.join(', ')}, `
      + 'text, textarea, password, email, uri, color, checkbox, checkboxes, radio, select, range, updown, date, datetime, date-time, '
      + 'alt-date, alt-datetime, time, hidden, file, files, data-url, hostname, ipv4, ipv6)');
    rmSync(join(root, LEGAL));
    const file = 'schemas/resources/device-inventory.resource.json';
    edit(file, (d) => { d.actions[0].uiSchema.remark['ui:widget'] = 'nubmer'; });
    expect(check()).toMatch(new RegExp(`^${file} at /actions/0/uiSchema/remark/ui:widget: "nubmer" is not a widget \\(number, money, .*\\)$`));
  });

  it('takes RJSF\'s names, its antd theme\'s components and a widget newly added to the registry', () => {
    edit(LEGAL, (d) => { d.form.uiSchema.title = { 'ui:widget': 'AltDateWidget' }; d.form.uiSchema.version = { 'ui:widget': 'updown' }; });
    expect(check()).toBe('');
    edit(LEGAL, (d) => { d.form.uiSchema.kind = { 'ui:widget': 'sparkle' }; });
    expect(check()).toContain('"sparkle" is not a widget');
    const registry = join(root, 'src/resources/widgets/index.ts');
    writeFileSync(registry, readFileSync(registry, 'utf8').replace('  number: NumberWidget,', '  number: NumberWidget,\n  sparkle: NumberWidget,'));
    expect(check()).toBe('');
  });
});

describe('conditions', () => {
  it('refuses a condition of the entity naming a property it does not have', () => {
    edit('schemas/entities/legal-document.schema.json', (e) => { e.allOf[0].then.required = ['publishedAt']; });
    expect(check()).toBe('schemas/entities/legal-document.schema.json at /allOf/0/then/required/0: "publishedAt" is not a field of legal-document.schema.json');
  });

  it('refuses the same in the if of a descriptor\'s condition, in its dependencies and in the entity\'s required', () => {
    edit(LEGAL, (d) => { d.form.allOf = [{ if: { properties: { publsh: { const: 'now' } } }, then: { required: ['title'] } }]; });
    expect(check()).toBe(`${LEGAL} at /form/allOf/0/if/properties/publsh: "publsh" is not a field of legal-document.schema.json`);
    edit(LEGAL, (d) => { delete d.form.allOf; d.form.dependencies = { title: ['subtitle'], kind: { oneOf: [{ required: ['version', 'lang'] }] } }; });
    expect(check()).toBe([
      `${LEGAL} at /form/dependencies/title/0: "subtitle" is not a field of legal-document.schema.json`,
      `${LEGAL} at /form/dependencies/kind/oneOf/0/required/1: "lang" is not a field of legal-document.schema.json`,
    ].join('\n'));
    edit(LEGAL, (d) => { delete d.form.dependencies; });
    edit('schemas/entities/legal-document.schema.json', (e) => { e.required.push('body'); });
    expect(check()).toBe('schemas/entities/legal-document.schema.json at /required/5: "body" is not a field of legal-document.schema.json');
  });
});

describe('row conditions and action dialogs', () => {
  const ORDER = 'schemas/resources/order.resource.json';

  it('refuses an Edit or action condition naming a field the record does not have', () => {
    edit(LEGAL, (d) => { d.editWhen.field = 'editabel'; });
    expect(check()).toBe(`${LEGAL} at /editWhen/field: "editabel" is not a field of legal-document.schema.json`);
    edit(LEGAL, (d) => { d.editWhen.field = 'editable'; });
    edit(ORDER, (d) => { d.actions[0].when.field = 'state'; });
    expect(check()).toBe(`${ORDER} at /actions/0/when/field: "state" is not a field of order.schema.json`);
  });

  it('refuses a required field or a condition naming a field the dialog does not ask', () => {
    edit(ORDER, (d) => { d.actions[1].fields = ['cancelReson']; });
    expect(check()).toBe([
      `${ORDER} at /actions/1/fields/0: "cancelReson" is not a field of order.schema.json`,
      `${ORDER} at /actions/1/fields/0: "cancelReson" is not a request field of cancelOrder`,
      `${ORDER} at /actions/1/schema/required/0: "cancelReason" is not a field the action's dialog asks (its fields and schema properties)`,
    ].join('\n'));
    edit(ORDER, (d) => { d.actions[1].fields = ['cancelReason']; d.actions[1].schema.allOf = [{ if: { properties: { urgent: { const: true } } }, then: { required: ['cancelReason'] } }]; });
    expect(check()).toBe(`${ORDER} at /actions/1/schema/allOf/0/if/properties/urgent: "urgent" is not a field the action's dialog asks (its fields and schema properties)`);
  });
});

describe('permissions', () => {
  it('refuses a menu, action or screen permission outside the catalogue', () => {
    const refused = (path: string, permission: string) =>
      `${MODEL_CODE} at ${path}: "${permission}" is not in the permission catalogue (the contract's x-permissions and server/db/seed/roles.ts)`;
    edit(MODEL_CODE, (d) => { d.menu.permission = 'system:modelcode:list'; });
    expect(check()).toBe(refused('/menu/permission', 'system:modelcode:list'));
    edit(MODEL_CODE, (d) => { d.menu.permission = 'site:add'; });
    expect(check()).toBe('');
    edit(MODEL_CODE, (d) => { delete d.menu.permission; d.permissions.export = 'system:modelCode:exprot'; });
    expect(check()).toContain(refused('/permissions/export', 'system:modelCode:exprot'));
    const file = 'schemas/resources/account.resource.json';
    edit(MODEL_CODE, (d) => { delete d.permissions.export; });
    edit(file, (d) => { d.actions[0].permission = 'system:user:lock'; });
    expect(check()).toContain(`${file} at /actions/0/permission: "system:user:lock" is not in the permission catalogue`);
  });
});

describe('menu clashes', () => {
  it('refuses two descriptors with the same menu name or the same menu path', () => {
    edit(MODEL_CODE, (d) => { d.menu.name = 'LegalDocument'; });
    expect(check()).toBe(`${MODEL_CODE} at /menu/name: "LegalDocument" is the menu name of ${LEGAL} too`);
    edit(MODEL_CODE, (d) => { d.menu.name = 'ModelCode'; d.menu.path = 'legal-documents'; });
    expect(check()).toBe(`${MODEL_CODE} at /menu/path: "legal-documents" under System is the menu path of ${LEGAL} too`);
    edit(MODEL_CODE, (d) => { d.menu.parent = 'Service'; });
    expect(check()).toBe('');
  });

  it('refuses a menu name the seed declares in code', () => {
    edit(MODEL_CODE, (d) => { d.menu.name = 'Service'; });
    expect(check()).toBe(`${MODEL_CODE} at /menu/name: "Service" is the menu name of server/db/seed/menus.ts too`);
  });
});
