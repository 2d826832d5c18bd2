// Messages people can read, from what the schema validator and the server say: JSON Schema errors
// in plain words of the user's language (one per field, "required" before any other rule, no
// "must match "then" schema"), and server refusals with the fields' labels where the server
// writes their internal names ("validTo: must not lie before validFrom" → "Valid to: must not lie
// before Valid from").
import type { RJSFValidationError } from '@rjsf/utils';
import { decimalsOf } from '@/lib/multiple-of';
import { fieldLabel, type Translate } from './schema-utils';
import type { EntitySchema, ResourceDescriptor } from './types';

/** Keywords that only say a sub-schema failed; the failing rule inside it is reported on its own. */
const WRAPPERS = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'not', 'dependencies', 'dependentSchemas']);

/** One schema error in words: validation.<keyword> with the rule's numbers, else "Invalid value". */
export function schemaErrorText(t: Translate, error: Pick<RJSFValidationError, 'name' | 'params'>): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.name === 'multipleOf') {
    const step = Number(params.multipleOf);
    // A step of 0.01 or 0.0001 is a number of decimals to people; 0.5 or 3 is a multiple.
    return /^1e-\d+$|^0\.0*1$/.test(String(step))
      ? t('validation.decimals', { count: decimalsOf(step) })
      : t('validation.multipleOf', { multipleOf: step });
  }
  if (error.name === 'minItems' || error.name === 'maxItems') return t(`validation.${error.name}`, { count: Number(params.limit) });
  return t(`validation.${error.name ?? 'invalid'}`, { ...params, defaultValue: t('validation.invalid') });
}

/**
 * RJSF's errors, translated, at most one per field: a missing required field says so and nothing
 * else, the wrappers of conditions are dropped (their inner rule stands for them).
 */
export function readableSchemaErrors(t: Translate, errors: RJSFValidationError[]): RJSFValidationError[] {
  const kept = new Map<string, RJSFValidationError>();
  const rank = (e: RJSFValidationError) => (e.name === 'required' ? 0 : 1);
  for (const error of errors) {
    if (WRAPPERS.has(error.name ?? '')) continue;
    const key = error.property ?? '';
    const before = kept.get(key);
    if (before && rank(before) <= rank(error)) continue;
    kept.set(key, error);
  }
  return [...kept.values()].map((error) => {
    const message = schemaErrorText(t, error);
    return { ...error, message, stack: message };
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A server message with the entity's field names written as their labels. The server names the
 * field first ("version: … already exists", several joined by "; "); there any field name is a
 * name. In the prose after it only a camelCase name is ("… before publishTime"): a one-word name
 * such as text, kind or name is also an English word, and had been replaced inside sentences.
 */
export function labelledMessage(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema | undefined, message: string): string {
  const names = Object.keys(entity?.properties ?? {}).sort((a, b) => b.length - a.length);
  if (!names.length) return message;
  const label = (field: string) => fieldLabel(t, descriptor, field, entity!.properties[field]);
  const alternatives = (list: string[]) => list.map(escape).join('|');
  const compound = names.filter((name) => /[A-Z0-9]/.test(name));
  const leading = `(^|; )(${alternatives(names)})(?=\\s?[:：])`;
  const pattern = new RegExp(compound.length ? `${leading}|(?<![\\w.-])(${alternatives(compound)})(?![\\w-])` : leading, 'g');
  return message.replace(pattern, (_, before: string | undefined, first: string | undefined, inProse: string | undefined) =>
    (first ? `${before ?? ''}${label(first)}` : label(inProse!)));
}

/**
 * The server's field errors as the form shows them under each field: its message with labels.
 * The server names the field first ("modelCode: … already exists"); under the field the label
 * stays at the front so that the message reads the same in a toast.
 */
export function labelledFieldErrors(
  t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema | undefined, errors: Record<string, string | string[]> | undefined,
): Record<string, string[]> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [
    field, (Array.isArray(messages) ? messages : [messages]).map((m) => labelledMessage(t, descriptor, entity, m)),
  ]));
}
