// An API refusal shown where the user typed: a 10003's field errors on the form's fields of those
// names, and the answer's message (which also covers the fields the form does not have).
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { ApiError } from './client';

export function showFieldErrors<T>(form: FormInstance<T>, error: ApiError, names: Iterable<string>): void {
  const known = new Set(names);
  form.setFields(error.fields.filter((f) => known.has(f.field)).map((f) => ({ name: f.field as never, errors: [f.message] })));
}

/**
 * A form's save: `saving` while it runs; a refusal as a message and its field errors on the
 * fields (`fields`, else those of the values saved). Anything but an API error is thrown on.
 */
export function useFormSave<T extends object>(form: FormInstance<T>, save: (values: T) => Promise<unknown>, fields?: readonly string[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const run = async (values: T) => {
    setSaving(true);
    try {
      await save(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(errorText(t, error));
      showFieldErrors(form, error, fields ?? Object.keys(values));
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
