// `npm run new:resource -- <kebab-name> [--zh <Chinese name>]`: writes a new stored resource as
// JSON and YAML only: its entity schema (one required `name`, a storage block scoped to the
// office tree), its descriptor (a screen under System), the OpenAPI paths of its five operations
// (page, detail, add, edit, delete), their rows in openapi/operations.tsv and openapi/portal.yaml,
// and its texts in every language file. Then `npm run gen`, `npm run db:generate` and `npm start`
// serve the screen; the developer adds fields to the entity (docs/adding-a-screen.md).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const kebab = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--zh');
const zhIndex = args.indexOf('--zh');
const zhName = zhIndex >= 0 ? args[zhIndex + 1] : undefined;

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!kebab || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(kebab)) refuse('usage: npm run new:resource -- <kebab-name> [--zh <Chinese name>] (for example electricity-tariff)');
const camel = kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = camel[0]!.toUpperCase() + camel.slice(1);
const table = `${kebab.replace(/-/g, '_')}s`;
const words = kebab.replace(/-/g, ' ');
const english = words[0]!.toUpperCase() + words.slice(1);
/** "an electricity tariff", "a supply tariff": by the first letter, which fits the names resources take. */
const aWords = `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;

const files = {
  entity: `schemas/entities/${kebab}.schema.json`,
  descriptor: `schemas/resources/${kebab}.resource.json`,
  paths: `openapi/paths/${kebab}.yaml`,
};
for (const file of Object.values(files)) if (existsSync(path.join(root, file))) refuse(`${file} exists already: choose another name`);
const portal = readFileSync(path.join(root, 'openapi/portal.yaml'), 'utf8');
if (portal.includes(`/api/v1/${camel}/`)) refuse(`openapi/portal.yaml has paths under /api/v1/${camel}/ already`);

const write = (file: string, content: string) => {
  writeFileSync(path.join(root, file), content);
  console.log(`wrote ${file}`);
};
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

write(files.entity, json({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: pascal,
  description: `${english}: add its fields here; the table, the handlers and the screen follow (docs/adding-a-screen.md).`,
  type: 'object',
  'x-storage': { table, scope: 'office', unique: ['name'], softDelete: true },
  required: ['name'],
  properties: {
    id: {
      type: 'integer', minimum: 1, readOnly: true, title: `${camel}.fields.id`, 'x-object': 'none',
      'x-object-reason': "A record of a stored resource: the generic handlers scope it to the caller's organisations and answer 10005 outside them (the resource's API test checks it).",
    },
    name: { type: 'string', title: `${camel}.fields.name`, minLength: 1, maxLength: 64 },
    createTime: { type: 'string', format: 'date-time', readOnly: true, title: 'common.fields.createTime' },
    updateTime: { type: 'string', format: 'date-time', readOnly: true, title: 'common.fields.updateTime' },
  },
}));

const permission = (action: string) => `system:${camel}:${action}`;
write(files.descriptor, json({
  $schema: '../resource.schema.json',
  name: camel,
  entity: kebab,
  idField: 'id',
  labelField: 'name',
  menu: { name: pascal, parent: 'System', path: kebab, icon: 'AppstoreOutlined', sort: 100 },
  operations: {
    list: `${camel}Page`,
    getOne: { operation: `${camel}Detail`, idParam: 'id' },
    create: `${camel}Add`,
    update: `${camel}Edit`,
    delete: `${camel}Delete`,
  },
  permissions: { list: permission('list'), show: permission('list'), create: permission('add'), edit: permission('edit'), delete: permission('remove') },
  list: { columns: ['name', 'updateTime'], filters: [{ field: 'name' }] },
  // No form.fields: the form offers every writable field of the entity, so that a field added
  // there is on the form without another edit (a form.fields list would hide it).
  show: { fields: ['name', 'createTime', 'updateTime'] },
}));

const entityRef = `../../schemas/entities/${kebab}.schema.json`;
const operations: [method: string, suffix: string, operationId: string][] = [
  ['GET', 'page', `${camel}Page`], ['GET', 'detail', `${camel}Detail`], ['POST', 'add', `${camel}Add`], ['POST', 'edit', `${camel}Edit`], ['POST', 'delete', `${camel}Delete`],
];
const answer = (data: string) => `    responses:
      '200':
        description: The stored record
        content:
          application/json:
            schema:
              allOf:
                - $ref: '../components/envelope.yaml#/Envelope'
                - properties:
                    data: ${data}`;
// The bodies are the entity itself: a field added to the entity is a field of the add and edit forms.
const form = (schema: string) => `    requestBody:
      required: true
      content:
        application/x-www-form-urlencoded:
          schema:
${schema}`;
write(files.paths, `# ${english} (written by npm run new:resource): page, detail, add, edit and delete, answered by the
# generic handlers (server/resources/generic-handlers.ts). Fields and limits live in
# schemas/entities/${kebab}.schema.json, which is the add and edit bodies: a field added there needs no edit here.
/api/v1/${camel}/page:
  get:
    operationId: ${camel}Page
    tags: [${kebab}]
    summary: Page through ${words} records of the caller's organisations, newest first by default
    x-permissions: ['${permission('list')}']
    parameters:
      - $ref: '../components/parameters.yaml#/PageNo'
      - $ref: '../components/parameters.yaml#/PageSize'
      - name: name
        in: query
        description: Part of the name, case-insensitive
        schema: { type: string, maxLength: 64 }
      - name: sortField
        in: query
        schema: { type: string, maxLength: 20, enum: [createTime, updateTime, name], default: createTime }
      - name: sortOrder
        in: query
        schema: { type: string, maxLength: 4, enum: [asc, desc], default: desc }
${answer(`
                      allOf:
                        - $ref: '../components/envelope.yaml#/Page'
                        - properties:
                            list:
                              type: array
                              items: { $ref: '${entityRef}' }`).replace('data: \n', 'data:\n')}
/api/v1/${camel}/detail:
  get:
    operationId: ${camel}Detail
    tags: [${kebab}]
    summary: One ${words} record (10005 outside the caller's organisations)
    x-permissions: ['${permission('list')}']
    parameters:
      - name: id
        in: query
        required: true
        schema: { $ref: '${entityRef}#/properties/id' }
${answer(`{ $ref: '${entityRef}' }`)}
/api/v1/${camel}/add:
  post:
    operationId: ${camel}Add
    tags: [${kebab}]
    summary: Add ${aWords} record to the caller's office
    description: The name is unique within the office (case-insensitive); a clash answers 10003 naming \`name\`.
    x-permissions: ['${permission('add')}']
${form(`            $ref: '${entityRef}'`)}
${answer(`{ $ref: '${entityRef}' }`)}
/api/v1/${camel}/edit:
  post:
    operationId: ${camel}Edit
    tags: [${kebab}]
    summary: Change ${aWords} record
    x-permissions: ['${permission('edit')}']
${form(`            allOf:\n              - $ref: '${entityRef}'\n              - required: [id]`)}
${answer(`{ $ref: '${entityRef}' }`)}
/api/v1/${camel}/delete:
  post:
    operationId: ${camel}Delete
    tags: [${kebab}]
    summary: Delete ${aWords} record
    x-permissions: ['${permission('remove')}']
${form(`            type: object\n            required: [id]\n            properties:\n              id: { $ref: '${entityRef}#/properties/id' }`)}
    responses:
      '200': { $ref: '../components/responses.yaml#/Empty' }
`);

// The registries: one row per operation, one tag, one $ref per path.
const tsv = path.join(root, 'openapi/operations.tsv');
const rows = operations.map(([method, suffix, id]) => `${kebab}\t${method}\t/api/v1/${camel}/${suffix}\t${id}`).join('\n');
writeFileSync(tsv, `${readFileSync(tsv, 'utf8').replace(/\n*$/, '\n')}${rows}\n`);
console.log('added 5 rows to openapi/operations.tsv');
const tag = `  - name: ${kebab}\n    description: "${english} (a stored resource)"\n`;
const refs = operations.map(([, suffix]) => `  /api/v1/${camel}/${suffix}:\n    $ref: 'paths/${kebab}.yaml#/~1api~1v1~1${camel}~1${suffix}'\n`).join('');
const withTag = portal.replace(/\npaths:\n/, `\n${tag}paths:\n`);
writeFileSync(path.join(root, 'openapi/portal.yaml'), withTag.replace(/\ncomponents:\n/, `\n${refs}components:\n`));
console.log('added the tag and 5 paths to openapi/portal.yaml');

// Texts: English from the name, Chinese from --zh (else the English name inside Chinese titles, to translate).
const zh = zhName ?? english;
const texts: Record<string, { titles: Record<string, string>; fields: Record<string, string> }> = {
  en: { titles: { list: `${english}s`, create: `New ${words}`, edit: `Edit ${words}`, show: english, one: english }, fields: { id: 'ID', name: 'Name' } },
  'zh-CN': { titles: { list: `${zh}列表`, create: `新建${zh}`, edit: `编辑${zh}`, show: `${zh}详情`, one: zh }, fields: { id: 'ID', name: '名称' } },
};
for (const file of readdirSync(path.join(root, 'src/i18n')).filter((f) => f.endsWith('.json'))) {
  const lang = file.slice(0, -5);
  const target = path.join(root, 'src/i18n', file);
  const messages = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>;
  messages[camel] = texts[lang] ?? texts.en;
  writeFileSync(target, json(messages));
  console.log(`added ${camel}.* to src/i18n/${file}${texts[lang] ? '' : ' (in English: translate it)'}`);
}
if (!zhName) console.log(`The Chinese texts name the resource "${english}": give --zh <name>, or translate ${camel}.titles in src/i18n/zh-CN.json.`);
console.log('Next: npm run gen && npm run db:generate && npm start (docs/adding-a-screen.md).');
