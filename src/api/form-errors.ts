// A 10003's field errors shown where the user typed: on the form's fields of those names. Errors
// of fields the form does not have stay in the answer's message, which the caller shows.
import type { FormInstance } from 'antd';
import type { ApiError } from './client';

export function showFieldErrors<T>(form: FormInstance<T>, error: ApiError, names: Iterable<string>): void {
  const known = new Set(names);
  form.setFields(error.fields.filter((f) => known.has(f.field)).map((f) => ({ name: f.field as never, errors: [f.message] })));
}
