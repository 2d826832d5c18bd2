// The validators of every generated form and action dialog, compiled at build time into a module
// of plain functions (Ajv's standalone code): the browser then validates without compiling
// anything, so the web app's Content-Security-Policy needs no 'unsafe-eval'. `npm run gen` writes
// the module, `npm run gen:check` fails when it is stale, and the build refreshes it
// (vite.config.ts). The schemas are the ones the forms render (src/resources/schema-utils.ts),
// without their titles: src/resources/validators/schema-key.ts finds a form's validator by them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { _, str, type Ajv, type CodeKeywordDefinition } from 'ajv';
import { formSchema, type Translate } from '../src/resources/schema-utils.ts';
import type { EntitySchema, ResourceDescriptor } from '../src/resources/types.ts';
import { actionEntityName, asksInput, dialogForm } from '../src/resources/action-form.ts';
import { withoutTitles } from '../src/resources/validators/schema-key.ts';
import { VALUE_FORMATS } from '../src/lib/value-formats.ts';
import { isMultipleOf } from '../src/lib/multiple-of.ts';

export const FORM_VALIDATORS_FILE = 'src/resources/validators/form-validators.generated.ts';

/**
 * JSON Schema's multipleOf by the decimal-safe rule the server applies (src/lib/multiple-of.ts),
 * as code that calls it (a keyword with a `validate` function cannot be written out standalone),
 * with the error Ajv's own multipleOf gives.
 */
const decimalMultipleOf: CodeKeywordDefinition = {
  keyword: 'multipleOf',
  type: 'number',
  schemaType: 'number',
  error: {
    message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
    params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
  },
  code(cxt) {
    const rule = cxt.gen.scopeValue('func', { ref: isMultipleOf, code: _`isMultipleOf` });
    cxt.fail(_`!${rule}(${cxt.data}, ${cxt.schemaCode})`);
  },
};

function withDecimalMultipleOf(ajv: Ajv): Ajv {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword(decimalMultipleOf);
  return ajv;
}

/** Every schema a generated form or action dialog validates, its titles translated by `t` (by default left as keys). */
export function formSchemas(root: string, t: Translate = (key) => key): RJSFSchema[] {
  const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;
  const files = readdirSync(path.join(root, 'schemas/resources')).filter((f) => f.endsWith('.resource.json')).sort();
  const out: RJSFSchema[] = [];
  for (const file of files) {
    const descriptor = readJson(`schemas/resources/${file}`) as ResourceDescriptor;
    const entity = readJson(`schemas/entities/${descriptor.entity}.schema.json`) as EntitySchema;
    const forms: [ResourceDescriptor, EntitySchema][] = [[descriptor, entity]];
    for (const action of descriptor.actions ?? []) {
      if (!asksInput(action)) continue;
      const dialog = dialogForm(descriptor, action, readJson(`schemas/entities/${actionEntityName(descriptor, action)}.schema.json`) as EntitySchema);
      forms.push([dialog.descriptor, dialog.entity]);
    }
    for (const [d, e] of forms) out.push(formSchema(t, d, e) as RJSFSchema);
  }
  return out;
}

/**
 * The module: one function per schema RJSF may ask about (each form's root, the `if` of its
 * conditions, its enum options), found by key in `validators`.
 */
export const formValidatorsModule = (root: string): string => validatorsModule(formSchemas(root));

/** The module of the validators of these form schemas and of every subschema RJSF may ask about. */
export function validatorsModule(forms: RJSFSchema[]): string {
  const schemas: Record<string, RJSFSchema> = {};
  for (const schema of forms) Object.assign(schemas, schemaParser(withoutTitles(schema) as RJSFSchema));
  const keys = Object.keys(schemas).sort();
  const ajv = createAjvInstance(undefined, VALUE_FORMATS, {
    // The functions' formats come from the module's `formats` (see the header below).
    code: { source: true, esm: true, lines: true, formats: _`formats` },
    schemas: keys.map((key) => schemas[key]!),
  }, undefined, Ajv2020 as never, withDecimalMultipleOf as never);
  const exportName = (key: string) => `v${key.replace('-', '_')}`;
  const code = standaloneCode(ajv as never, Object.fromEntries(keys.map((key) => [exportName(key), key])))
    .replace(/^"use strict";\n/, '')
    // Ajv writes its runtime helpers as CommonJS requires even in ES module output.
    .replace('require("ajv/dist/runtime/ucs2length").default', 'ucs2length');
  if (/\brequire\(/.test(code)) throw new Error(`form validators: unexpected require() in Ajv's code: ${/require\([^)]*\)/.exec(code)![0]}`);
  return [
    '/* eslint-disable */',
    '// @ts-nocheck',
    '// DO NOT EDIT: generated by `npm run gen` (scripts/form-validators.ts) from schemas/resources/ and schemas/entities/.',
    '// Every generated form\'s validator as plain functions, so that the browser compiles no code.',
    "import { fullFormats } from 'ajv-formats/dist/formats.js';",
    "import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';",
    "import { VALUE_FORMATS } from '../../lib/value-formats';",
    "import { isMultipleOf } from '../../lib/multiple-of';",
    '',
    '// A CommonJS default export reaches an ES module as the function (bundler) or as its exports (Node).',
    'const ucs2length = ucs2lengthModule.default ?? ucs2lengthModule;',
    'const formats = { ...fullFormats, ...VALUE_FORMATS };',
    '',
    code,
    '',
    `export const validators = {\n${keys.map((key) => `  ${JSON.stringify(key)}: ${exportName(key)},`).join('\n')}\n};`,
    '',
  ].join('\n');
}
