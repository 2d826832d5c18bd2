// The validator of every generated form: RJSF's Ajv validator, with the code Ajv would compile in
// the browser compiled at build time instead (form-validators.generated.ts, written by
// `npm run gen`), so that the page runs under a Content-Security-Policy without 'unsafe-eval'.
// It is the JSON Schema 2020-12 validator the forms had, with the value formats the server checks
// (time zones, country codes) and the server's decimal-safe multipleOf, and gives the same error
// objects, so a form refuses exactly what the server would and words it the same way.
import { ID_KEY, JUNK_OPTION_ID, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { ErrorObject } from 'ajv';
import { validators } from './form-validators.generated';
import { schemaKey } from './schema-key';

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const compiled = validators as unknown as Record<string, CompiledValidator>;
const byKey = new WeakMap<object, CompiledValidator>();

function validatorOf(schema: RJSFSchema): CompiledValidator {
  const known = byKey.get(schema);
  if (known) return known;
  const key = schemaKey(schema);
  const validate = compiled[key];
  // A form whose schema was not there at build time (a descriptor edited since): say what to do.
  if (!validate) throw new Error(`No precompiled validator for this form's schema (key ${key}): run \`npm run gen\``);
  byKey.set(schema, validate);
  return validate;
}

/** The subschema at a JSON pointer ("#/properties/price"), or undefined. */
function at(schema: unknown, pointer: string): unknown {
  return pointer.replace(/^#\/?/, '').split('/').filter(Boolean)
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), schema);
}

/**
 * Ajv's errors with the schema the form rendered (titles and labels in the user's language)
 * where the compiled one has none, as the validator compiling in the browser gave them.
 */
const withFormSchema = (errors: ErrorObject[], schema: RJSFSchema): ErrorObject[] => errors.map((error) => {
  const parent = at(schema, error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/')));
  return parent && typeof parent === 'object' ? { ...error, parentSchema: parent as ErrorObject['parentSchema'] } : error;
});

function rawValidation(schema: RJSFSchema, formData: unknown): { errors?: ErrorObject[] } {
  const validate = validatorOf(schema);
  validate(formData);
  const errors = validate.errors ? withFormSchema(validate.errors, schema) : undefined;
  validate.errors = null;
  return errors ? { errors } : {};
}

export const formValidator: ValidatorType = {
  rawValidation: rawValidation as ValidatorType['rawValidation'],
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema?: UiSchema) {
    return processRawValidationErrors(this, rawValidation(schema, formData), formData, schema, customValidate, transformErrors, uiSchema);
  },
  isValid(schema, formData) {
    if (schema[ID_KEY] === JUNK_OPTION_ID) return false;
    return validatorOf(schema)(formData);
  },
};
