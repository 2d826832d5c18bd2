// The descriptor checks that look past one field at a time (issue 21): mistakes that the page
// would otherwise show only when it breaks. A widget name the form does not know (the form goes
// blank), a condition naming a property the entity does not have (the field shows as a raw key,
// is required, and the record can never be saved), a permission outside the catalogue (the menu
// entry or button never shows), and two descriptors claiming one menu entry (one silently replaces
// the other). Each problem names the file and the JSON path, as descriptors.ts does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractPermissions } from '../contract/contract.ts';
import { SPEC_PERMISSIONS } from '../db/seed/roles.ts';
import type { Descriptor, Problem } from './descriptors.ts';

type Json = Record<string, unknown>;

/** The project this module belongs to: its web app's widget registry and its RJSF packages are code, not schemas. */
const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

/** The names RJSF maps to its own widgets by schema type (getWidget's table in @rjsf/utils). */
const RJSF_WIDGET_NAMES = [
  'text', 'textarea', 'password', 'email', 'uri', 'color', 'checkbox', 'checkboxes', 'radio', 'select', 'range', 'updown',
  'date', 'datetime', 'date-time', 'alt-date', 'alt-datetime', 'time', 'hidden', 'file', 'files', 'data-url', 'hostname', 'ipv4', 'ipv6',
];

/** Component names in a widget directory of an RJSF package (`TextareaWidget`…), which a uiSchema may name too. */
function widgetComponents(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => entry.name.replace(/\.js$/, ''))
    .filter((name) => /^[A-Z]\w*Widget$/.test(name));
}

/**
 * The widgets the web app registers, read from the keys of `projectWidgets` in
 * src/resources/widgets/index.ts (the checked tree's, else this project's): a widget added there
 * needs no edit here.
 */
export function projectWidgetNames(root: string): string[] {
  const registry = 'src/resources/widgets/index.ts';
  const file = existsSync(join(root, registry)) ? join(root, registry) : join(PROJECT, registry);
  const body = /export const projectWidgets\b[^=]*=\s*\{([\s\S]*?)\n\};?/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...body.matchAll(/^\s*(?:'([^']+)'|"([^"]+)"|([A-Za-z_$][\w$]*))\s*[:,]/gm)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** Every widget name a uiSchema may use: the project's first, then RJSF's and its antd theme's. */
export function widgetNames(root: string): string[] {
  const components = [
    ...widgetComponents(join(PROJECT, 'node_modules/@rjsf/core/lib/components/widgets')),
    ...widgetComponents(join(PROJECT, 'node_modules/@rjsf/antd/lib/widgets')),
  ];
  return [...new Set([...projectWidgetNames(root), ...RJSF_WIDGET_NAMES, ...components])];
}

/** The permission catalogue the server seeds: the spec's strings and every operation's x-permissions and x-staff-permissions. */
export function permissionCatalogue(root: string): Set<string> {
  return new Set<string>([...SPEC_PERMISSIONS, ...contractPermissions(join(root, 'server/generated/openapi.json'))]);
}

const pointer = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** Each `ui:widget` anywhere under a node, with its JSON pointer. */
function widgetsUnder(node: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((item, i) => widgetsUnder(item, `${path}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === 'ui:widget' && typeof value === 'string') out.push([`${path}/${pointer(key)}`, value]);
      else widgetsUnder(value, `${path}/${pointer(key)}`, out);
    }
  }
  return out;
}

/**
 * Each property name a condition block names, with its JSON pointer: the keys of its `properties`,
 * its `required`, its `dependencies` (keys, listed names and their subschemas), and the same in
 * its `if`/`then`/`else` and nested `allOf`/`anyOf`/`oneOf`/`not`. A property's own subschema is
 * about that property's value, so it is not searched for more names.
 */
export function namesIn(block: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(block)) {
    block.forEach((b, i) => namesIn(b, `${path}/${i}`, out));
    return out;
  }
  if (!block || typeof block !== 'object') return out;
  const b = block as Json;
  if (b.properties && typeof b.properties === 'object') for (const name of Object.keys(b.properties)) out.push([`${path}/properties/${pointer(name)}`, name]);
  if (Array.isArray(b.required)) b.required.forEach((name, i) => out.push([`${path}/required/${i}`, String(name)]));
  if (b.dependencies && typeof b.dependencies === 'object') dependenciesNames(b.dependencies as Json, `${path}/dependencies`, out);
  for (const key of ['if', 'then', 'else', 'not']) if (key in b) namesIn(b[key], `${path}/${key}`, out);
  for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(b[key])) namesIn(b[key], `${path}/${key}`, out);
  return out;
}

/** A `dependencies` object: each key is a property, and so is each name its list gives. */
function dependenciesNames(dependencies: Json, path: string, out: [string, string][]): [string, string][] {
  for (const [name, value] of Object.entries(dependencies)) {
    const at = `${path}/${pointer(name)}`;
    out.push([at, name]);
    if (Array.isArray(value)) value.forEach((other, i) => out.push([`${at}/${i}`, String(other)]));
    else namesIn(value, at, out);
  }
  return out;
}

interface Checked {
  file: string;
  descriptor: Descriptor;
}

interface Context {
  root: string;
  /** Menu entries the seed declares in code. */
  menuNames: string[];
}

/** The checks of this module over every descriptor that loaded, as problems naming file and path. */
export function descriptorChecks(descriptors: Checked[], { root, menuNames }: Context): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const problem = (file: string, path: string, message: string) => {
    // An entity's condition is checked once, however many descriptors show that entity.
    const key = `${file}\0${path}\0${message}`;
    if (!seen.has(key)) problems.push({ file, path, message });
    seen.add(key);
  };
  const known = new Set(widgetNames(root));
  // The message lists the names people write; RJSF's component names (TextareaWidget…) pass too.
  const listed = [...known].filter((name) => !/^[A-Z]\w*Widget$/.test(name)).join(', ');
  const catalogue = permissionCatalogue(root);

  for (const { file, descriptor: d } of descriptors) {
    for (const [path, widget] of widgetsUnder(d, '')) {
      if (!known.has(widget)) problem(file, path, `"${widget}" is not a widget (${listed})`);
    }

    const entityFile = join(root, 'schemas/entities', `${d.entity}.schema.json`);
    const entity = JSON.parse(readFileSync(entityFile, 'utf8')) as Json & { properties: Json };
    const entityName = relative(root, entityFile);
    const field = (owner: string) => ([path, name]: [string, string]) => {
      if (!(name in entity.properties)) problem(owner, path, `"${name}" is not a field of ${d.entity}.schema.json`);
    };
    if (Array.isArray(entity.required)) entity.required.forEach((name, i) => field(entityName)([`/required/${i}`, String(name)]));
    namesIn(entity.allOf, '/allOf').forEach(field(entityName));
    if (entity.dependencies) dependenciesNames(entity.dependencies as Json, '/dependencies', []).forEach(field(entityName));
    const form = (d.form ?? {}) as Json;
    namesIn(form.allOf, '/form/allOf').forEach(field(file));
    if (form.dependencies) dependenciesNames(form.dependencies as Json, '/form/dependencies', []).forEach(field(file));

    const permission = (path: string, value: string | undefined) => {
      if (value !== undefined && !catalogue.has(value)) problem(file, path, `"${value}" is not in the permission catalogue (the contract's x-permissions and server/db/seed/roles.ts)`);
    };
    permission('/menu/permission', d.menu?.permission);
    for (const [action, value] of Object.entries(d.permissions)) permission(`/permissions/${action}`, value);
    d.actions?.forEach((a, i) => permission(`/actions/${i}/permission`, a.permission));
  }

  // One menu entry per name and per path: the seed upserts by name, and the router by path.
  const names = new Map<string, string>(menuNames.map((name) => [name, 'server/db/seed/menus.ts']));
  const paths = new Map<string, string>();
  for (const { file, descriptor: d } of descriptors) {
    if (!d.menu) continue;
    const claimed = names.get(d.menu.name);
    if (claimed) problem(file, '/menu/name', `"${d.menu.name}" is the menu name of ${claimed} too`);
    else names.set(d.menu.name, file);
    const path = `${d.menu.parent ?? ''}/${d.menu.path}`;
    const taken = paths.get(path);
    if (taken) problem(file, '/menu/path', `"${d.menu.path}"${d.menu.parent ? ` under ${d.menu.parent}` : ''} is the menu path of ${taken} too`);
    else paths.set(path, file);
  }
  return problems;
}
