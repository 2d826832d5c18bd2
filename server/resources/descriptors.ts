// The resource descriptors of schemas/resources/ (a CRUD screen is a JSON file), read and checked
// like code: against schemas/resource.schema.json, the contract (operationIds and their request
// fields), the entity schema (fields) and every language file (titles and enum labels). The server
// seeds their menu entries from them and refuses to start on a broken one; the build and
// `npm run check` refuse it with the same messages, each naming the file and the JSON path.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { descriptorChecks, namesIn } from './descriptor-checks.ts';

type Json = Record<string, unknown>;

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface MenuEntry {
  name: string;
  parent?: string;
  path: string;
  icon?: string;
  sort?: number;
  title?: string;
  permission?: string;
  hidden?: boolean;
}

/** The fields the checks and the menu seed read; the web app's types (src/resources/types.ts) hold the rest. */
export interface Descriptor {
  name: string;
  entity: string;
  idField: string;
  labelField?: string;
  operations: Record<string, string | { operation: string; idParam: string }>;
  permissions: Record<string, string>;
  list: {
    columns: (string | { field: string })[]; filters?: { field: string; param?: string; label?: string; range?: { from: string; to: string } }[]; parentParam?: string;
    summary?: { operation: string; omit?: string[]; figures: { field: string; label: string }[] };
  };
  form?: { fields?: string[] };
  create?: { resultDialog?: { fields: string[]; notice?: string } };
  show?: { fields?: string[]; children?: { resource: string; foreignKey: string }[] };
  menu?: MenuEntry;
  idParam?: string;
  editWhen?: RowCondition;
  actions?: {
    name: string; operation: string; permission: string; idParam?: string; values?: Record<string, unknown>; confirm?: boolean; danger?: boolean; when?: RowCondition;
    bulk?: boolean; fields?: string[]; entity?: string; toolbar?: boolean; uiSchema?: Record<string, unknown>; bulkParam?: string;
    schema?: { required?: string[]; properties: Record<string, unknown>; allOf?: unknown[] };
  }[];
}

/** Which rows offer an action or the Edit button (src/resources/types.ts ActionCondition). */
export interface RowCondition { field?: string; in?: unknown[]; notSelf?: string }

export interface Problem {
  file: string;
  /** JSON pointer inside the file ('' for the whole file). */
  path: string;
  message: string;
}

export interface Loaded {
  descriptors: { file: string; descriptor: Descriptor }[];
  problems: Problem[];
}

interface Sources {
  root: string;
  /** Extra icon names the web app provides beside antd's set. */
  extraIcons?: string[];
  /** Menu entries the seed declares in code (parents a descriptor may name). */
  menuNames?: string[];
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

interface OperationFacts {
  /** Request fields: query, path and body properties. */
  fields: Set<string>;
  permissions: string[];
  /** Content types of the 200 answer. */
  answers: string[];
}

/** What the checks need of every operation of the bundled contract. */
function operationFacts(root: string): Map<string, OperationFacts> {
  const document = readJson(join(root, 'server/generated/openapi.json'));
  const deref = (value: unknown): Json => {
    const ref = (value as Json | undefined)?.$ref;
    if (typeof ref !== 'string') return (value ?? {}) as Json;
    return deref(ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json)[key], document));
  };
  const propertiesOf = (schema: Json): string[] => {
    const own = Object.keys((deref(schema).properties ?? {}) as Json);
    const parts = ((deref(schema).allOf ?? []) as Json[]).flatMap((part) => propertiesOf(part));
    return [...own, ...parts];
  };
  const out = new Map<string, OperationFacts>();
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      if (typeof op?.operationId !== 'string') continue;
      const fields = new Set(((op.parameters ?? []) as unknown[]).map((p) => String(deref(p).name)));
      const content = (deref(op.requestBody).content ?? {}) as Record<string, Json>;
      for (const media of Object.values(content)) for (const f of propertiesOf(deref(media.schema))) fields.add(f);
      const answers = Object.keys((deref((op.responses as Json | undefined)?.['200']).content ?? {}) as Json);
      out.set(op.operationId, { fields, permissions: (op['x-permissions'] ?? []) as string[], answers });
    }
  }
  return out;
}

/** antd's icon names (one module per icon in @ant-design/icons). */
function antdIcons(root: string): Set<string> {
  const dir = join(root, 'node_modules/@ant-design/icons/es/icons');
  return new Set(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)) : []);
}

/** Every key of a nested message file, dotted. */
function keysOf(messages: Json, prefix = '', out = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(messages)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') keysOf(value as Json, dotted, out);
    else out.add(dotted);
  }
  return out;
}

/**
 * Where JSON.parse stopped, as a line of the text. V8 says "at position N", or, for an unexpected
 * token, quotes the text around it: ten characters either side, marked by "..." when cut.
 */
function parsePosition(text: string, error: Error): string {
  let position: number | undefined;
  const at = /at position (\d+)/.exec(error.message);
  const quoted = /^Unexpected token '(.+?)', (\.\.\.|")([\s\S]*?)(\.\.\.)?" is not valid JSON$/.exec(error.message);
  if (at) position = Number(at[1]);
  else if (quoted) {
    const start = text.indexOf(quoted[3]!);
    // The token is the first of its kind from about the tenth character of a cut quote.
    const offset = quoted[3]!.indexOf(quoted[1]!, quoted[2] === '...' ? 9 : 0);
    if (start >= 0 && offset >= 0) position = start + offset;
  }
  const reason = error.message.replace(/ in JSON at position \d+.*$/, '').replace(/, (\.\.\.|")[\s\S]*" is not valid JSON$/, '');
  if (position === undefined) return reason;
  const before = text.slice(0, position);
  return `${reason} at line ${before.split('\n').length}, column ${position - before.lastIndexOf('\n')}`;
}

export function loadDescriptors({ root, extraIcons = [], menuNames = [] }: Sources): Loaded {
  const dir = join(root, 'schemas/resources');
  const files = readdirSync(dir).filter((f) => f.endsWith('.resource.json')).sort().map((f) => join(dir, f));
  const problems: Problem[] = [];
  const descriptors: Loaded['descriptors'] = [];
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(readJson(join(root, 'schemas/resource.schema.json')));
  const operations = operationFacts(root);
  const icons = new Set([...antdIcons(root), ...extraIcons]);
  const locales = readdirSync(join(root, 'src/i18n')).filter((f) => f.endsWith('.json')).map((f) => ({ lang: f.slice(0, -5), keys: keysOf(readJson(join(root, 'src/i18n', f))) }));

  for (const file of files) {
    const name = relative(root, file);
    const problem = (path: string, message: string) => problems.push({ file: name, path, message });
    const text = readFileSync(file, 'utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      problem('', `not valid JSON: ${parsePosition(text, error as Error)}`);
      continue;
    }
    if (!validate(raw)) {
      for (const e of validate.errors ?? []) {
        const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : e.keyword === 'enum' ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
        problem(e.instancePath, `${e.message ?? e.keyword}${extra}`);
      }
      continue;
    }
    const d = raw as Descriptor;
    if (basename(file) !== `${d.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.resource.json`) {
      problem('/name', `"${d.name}" does not match the file name (expected ${d.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.resource.json)`);
    }
    const entityFile = join(root, 'schemas/entities', `${d.entity}.schema.json`);
    if (!existsSync(entityFile)) {
      problem('/entity', `no entity schema schemas/entities/${d.entity}.schema.json`);
      continue;
    }
    const entity = readJson(entityFile) as { properties: Record<string, { title?: string; enum?: unknown[] }> };
    const field = (path: string, f: string) => {
      if (!(f in entity.properties)) problem(path, `"${f}" is not a field of ${d.entity}.schema.json`);
    };
    field('/idField', d.idField);
    if (d.labelField) field('/labelField', d.labelField);
    d.list.columns.forEach((c, i) => field(`/list/columns/${i}`, typeof c === 'string' ? c : c.field));
    d.form?.fields?.forEach((f, i) => field(`/form/fields/${i}`, f));
    d.show?.fields?.forEach((f, i) => field(`/show/fields/${i}`, f));
    if (d.editWhen?.field) field('/editWhen/field', d.editWhen.field);
    if (d.editWhen?.notSelf) field('/editWhen/notSelf', d.editWhen.notSelf);

    const operation = (path: string, id: string) => {
      if (!operations.has(id)) problem(path, `"${id}" is not an operationId of the contract (openapi/)`);
      return operations.get(id)?.fields;
    };
    for (const [action, value] of Object.entries(d.operations)) {
      if (typeof value === 'string') operation(`/operations/${action}`, value);
      else {
        const fields = operation(`/operations/${action}/operation`, value.operation);
        if (fields && !fields.has(value.idParam)) problem(`/operations/${action}/idParam`, `"${value.idParam}" is not a request field of ${value.operation}`);
      }
    }
    d.actions?.forEach((a, i) => {
      const fields = operation(`/actions/${i}/operation`, a.operation);
      if (!fields) return;
      // A toolbar action is called without a row, so it sends no id.
      const idParam = a.idParam ?? d.idParam ?? d.idField;
      if (!a.toolbar && !fields.has(idParam)) problem(`/actions/${i}${a.idParam ? '/idParam' : ''}`, `"${idParam}" is not a request field of ${a.operation}`);
      for (const key of Object.keys(a.values ?? {})) if (!fields.has(key)) problem(`/actions/${i}/values/${key}`, `"${key}" is not a request field of ${a.operation}`);
      if (a.when?.field) field(`/actions/${i}/when/field`, a.when.field);
      if (a.when?.notSelf) field(`/actions/${i}/when/notSelf`, a.when.notSelf);
      // The dialog's fields come from the action's own entity when it names one.
      const actionEntityFile = a.entity ? join(root, 'schemas/entities', `${a.entity}.schema.json`) : undefined;
      if (actionEntityFile && !existsSync(actionEntityFile)) problem(`/actions/${i}/entity`, `no entity schema schemas/entities/${a.entity}.schema.json`);
      const actionEntity = actionEntityFile && existsSync(actionEntityFile) ? readJson(actionEntityFile) as unknown as typeof entity : entity;
      a.fields?.forEach((name, j) => {
        if (!(name in actionEntity.properties)) problem(`/actions/${i}/fields/${j}`, `"${name}" is not a field of ${a.entity ?? d.entity}.schema.json`);
        if (!fields.has(name)) problem(`/actions/${i}/fields/${j}`, `"${name}" is not a request field of ${a.operation}`);
      });
      // The dialog's own small form: its properties are sent, and its conditions name what it asks.
      const own = Object.keys(a.schema?.properties ?? {});
      for (const name of own) if (!fields.has(name)) problem(`/actions/${i}/schema/properties/${name}`, `"${name}" is not a request field of ${a.operation}`);
      const asked = new Set([...(a.fields ?? []), ...own]);
      const dialogField = ([path, name]: [string, string]) => {
        if (!asked.has(name)) problem(path, `"${name}" is not a field the action's dialog asks (its fields and schema properties)`);
      };
      a.schema?.required?.forEach((name, j) => dialogField([`/actions/${i}/schema/required/${j}`, name]));
      namesIn(a.schema?.allOf, `/actions/${i}/schema/allOf`).forEach(dialogField);
      if (a.bulkParam && !fields.has(a.bulkParam)) problem(`/actions/${i}/bulkParam`, `"${a.bulkParam}" is not a request field of ${a.operation}`);
    });
    const listFields = operations.get(d.operations.list as string)?.fields;
    d.list.filters?.forEach((f, i) => {
      field(`/list/filters/${i}/field`, f.field);
      // A date range is sent as its two parameters, not as the field.
      const params: [string, string][] = f.range
        ? [['/range/from', f.range.from], ['/range/to', f.range.to]]
        : [[f.param ? '/param' : '/field', f.param ?? f.field]];
      for (const [at, param] of params) {
        if (listFields && !listFields.has(param)) problem(`/list/filters/${i}${at}`, `"${param}" is not a request field of ${String(d.operations.list)}`);
      }
    });
    if (d.list.parentParam && listFields && !listFields.has(d.list.parentParam)) problem('/list/parentParam', `"${d.list.parentParam}" is not a request field of ${String(d.operations.list)}`);
    // The export is asked with the list's filters and sort: it must take them, or the file would
    // hold other rows, or the same in another order, than the screen shows.
    const exportFields = typeof d.operations.export === 'string' ? operations.get(d.operations.export)?.fields : undefined;
    if (exportFields) {
      d.list.filters?.forEach((f, i) => {
        for (const param of f.range ? [f.range.from, f.range.to] : [f.param ?? f.field]) {
          if (!exportFields.has(param)) problem(`/list/filters/${i}`, `"${param}" is not a request field of ${String(d.operations.export)} (the export's)`);
        }
      });
      const sortable = d.list.columns.findIndex((c) => typeof c !== 'string' && (c as { sorter?: boolean }).sorter);
      for (const param of sortable < 0 ? [] : ['sortField', 'sortOrder']) {
        if (!exportFields.has(param)) problem(`/list/columns/${sortable}`, `"${param}" is not a request field of ${String(d.operations.export)} (the export's, for this sortable column)`);
      }
    }
    // The summary is asked with the list's filters, but those it omits.
    const summary = d.list.summary;
    const summaryFields = summary && operation('/list/summary/operation', summary.operation);
    if (summary && summaryFields) {
      d.list.filters?.forEach((f, i) => {
        for (const param of f.range ? [f.range.from, f.range.to] : [f.param ?? f.field]) {
          if (!summary.omit?.includes(param) && !summaryFields.has(param)) problem(`/list/filters/${i}`, `"${param}" is not a request field of ${summary.operation} (the summary's; list it in /list/summary/omit)`);
        }
      });
    }

    // Each action's permission is one its operation accepts; an export answers a file.
    const behind: Record<string, string | undefined> = {
      list: d.operations.list as string, create: d.operations.create as string | undefined, edit: d.operations.update as string | undefined,
      delete: d.operations.delete as string | undefined, export: d.operations.export as string | undefined,
      show: (d.operations.getOne as { operation: string } | undefined)?.operation,
    };
    for (const [action, permission] of Object.entries(d.permissions)) {
      const accepted = operations.get(behind[action] ?? '')?.permissions ?? [];
      if (accepted.length && !accepted.includes(permission)) problem(`/permissions/${action}`, `"${permission}" is not a permission of ${behind[action]} (${accepted.join(', ')})`);
    }
    d.actions?.forEach((a, i) => {
      const accepted = operations.get(a.operation)?.permissions ?? [];
      if (accepted.length && !accepted.includes(a.permission)) problem(`/actions/${i}/permission`, `"${a.permission}" is not a permission of ${a.operation} (${accepted.join(', ')})`);
    });
    const exported = operations.get(behind.export ?? '');
    if (exported && exported.answers.every((type) => type === 'application/json')) problem('/operations/export', `${behind.export} answers JSON, not a file`);
    if (d.create?.resultDialog && !d.operations.create) problem('/create/resultDialog', 'a create result needs operations.create');

    if (d.menu?.icon && !icons.has(d.menu.icon)) problem('/menu/icon', `"${d.menu.icon}" is not an antd icon name (for example SettingOutlined)`);
    if (d.menu?.parent && !menuNames.includes(d.menu.parent)) problem('/menu/parent', `"${d.menu.parent}" is not a menu entry (${menuNames.join(', ')})`);

    // Every text the screens show, in every language.
    const keys: [string, string][] = [[`/name`, `${d.name}.titles.list`]];
    if (d.menu?.title) keys.push(['/menu/title', d.menu.title]);
    const shown = new Set([...d.list.columns.map((c) => (typeof c === 'string' ? c : c.field)), ...(d.form?.fields ?? []), ...(d.show?.fields ?? [])]);
    for (const f of shown) {
      const property = entity.properties[f];
      if (!property) continue;
      keys.push([`/entity`, property.title ?? `${d.name}.fields.${f}`]);
      for (const value of property.enum ?? []) keys.push([`/entity`, `enums.${d.entity}.${f}.${String(value)}`]);
    }
    d.list.filters?.forEach((f, i) => f.label && keys.push([`/list/filters/${i}/label`, f.label]));
    d.actions?.forEach((a, i) => keys.push([`/actions/${i}/name`, `${d.name}.actions.${a.name}`]));
    d.list.summary?.figures.forEach((f, i) => keys.push([`/list/summary/figures/${i}/label`, f.label]));
    for (const { lang, keys: known } of locales) {
      for (const [path, key] of keys) if (!known.has(key)) problem(path, `no text "${key}" in src/i18n/${lang}.json`);
    }
    descriptors.push({ file: name, descriptor: d });
  }

  // Across descriptors: names are unique, and a child resource lists by its parent's key.
  const byName = new Map<string, Descriptor>();
  for (const { file, descriptor: d } of descriptors) {
    if (byName.has(d.name)) problems.push({ file, path: '/name', message: `"${d.name}" is the name of another descriptor` });
    byName.set(d.name, d);
  }
  for (const { file, descriptor: d } of descriptors) {
    d.show?.children?.forEach((child, i) => {
      const target = byName.get(child.resource);
      if (!target) problems.push({ file, path: `/show/children/${i}/resource`, message: `no descriptor named "${child.resource}"` });
      else if (target.list.parentParam !== child.foreignKey) {
        problems.push({ file, path: `/show/children/${i}/foreignKey`, message: `${child.resource} lists by "${target.list.parentParam ?? '(nothing)'}", not "${child.foreignKey}"` });
      }
    });
  }
  // Widgets, conditions, the permission catalogue and menu clashes (descriptor-checks.ts).
  problems.push(...descriptorChecks(descriptors, { root, menuNames }));
  return { descriptors, problems };
}

export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `${p.file}${p.path ? ` at ${p.path}` : ''}: ${p.message}`).join('\n');
}

/** An error that start-up and the build print as it is, without a stack trace. */
export class DescriptorError extends Error {
  constructor(problems: Problem[]) {
    super(`resource descriptors refused:\n${formatProblems(problems)}`);
    this.name = 'DescriptorError';
  }
}
