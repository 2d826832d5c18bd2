// A form rendered by RJSF from an entity schema, validated in the browser with the same JSON
// Schema the server uses; the server's field errors appear on their fields.
import { useMemo, useState } from 'react';
import Form from '@rjsf/antd';
import { englishStringTranslator, TranslatableString, type RJSFValidationError } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { HttpError } from '@refinedev/core';
import type { EntitySchema, ResourceDescriptor } from '../types';
import { extraErrorsOf, formData as pickFormData, formSchema } from '../schema-utils';
import { labelledFieldErrors, readableSchemaErrors } from '../messages';
import { formValidator as validator } from '../validators/precompiled-validator';
import { defaultWidget, projectWidgets } from '../widgets';

export interface SchemaFormProps {
  descriptor: ResourceDescriptor;
  entity: EntitySchema;
  record?: Record<string, unknown> | undefined;
  submitting?: boolean;
  submitText: string;
  /** Resolves when stored; rejects with an HttpError whose `errors` name fields. */
  onSubmit(values: Record<string, unknown>): Promise<unknown>;
}

export function SchemaForm({ descriptor, entity, record, submitting, submitText, onSubmit }: SchemaFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => formSchema(t, descriptor, entity), [t, descriptor, entity]);
  // The descriptor's uiSchema over each field's default widget (numbers unclamped, enums as selects),
  // for the form's own fields and those its conditions add.
  const uiSchema = useMemo(() => {
    const defaults: Record<string, unknown> = {};
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(collect);
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key === 'properties') {
          for (const [field, property] of Object.entries(value as Record<string, { type?: unknown; oneOf?: unknown }>)) {
            const widget = defaultWidget(property);
            if (widget && !defaults[field]) defaults[field] = { 'ui:widget': widget };
          }
        } else collect(value);
      }
    };
    collect(schema);
    const own = descriptor.form?.uiSchema ?? {};
    const merged: Record<string, unknown> = { ...defaults, ...own };
    for (const field of Object.keys(defaults)) {
      if (own[field] && typeof own[field] === 'object') merged[field] = { ...(defaults[field] as object), ...(own[field] as object) };
    }
    return merged;
  }, [schema, descriptor]);
  const [values, setValues] = useState(() => pickFormData(descriptor, entity, record));
  const [serverErrors, setServerErrors] = useState<Record<string, string | string[]>>();

  const transformErrors = (errors: RJSFValidationError[]) => readableSchemaErrors(t, errors);

  return (
    <Form
      schema={schema as never}
      uiSchema={{
        ...uiSchema,
        'ui:submitButtonOptions': { submitText, props: { type: 'primary', loading: submitting, 'data-testid': 'form-submit' } },
      }}
      formData={values}
      validator={validator}
      widgets={projectWidgets}
      // An enum starts unchosen (its placeholder asks), not silently on its first option; a list
      // with a minimum starts empty, not with that many empty items (a chooser of users had shown
      // an "undefined" choice before any was made, and sent it along).
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf', arrayMinItems: { populate: 'never' } }}
      // The browser's own bubbles speak one language and one field at a time; the schema's
      // messages, translated, show under every field at once.
      noHtml5Validate
      showErrorList={false}
      transformErrors={transformErrors}
      // A yes/no field's labels in the user's language (RJSF's own are English).
      translateString={(text, params) => text === TranslatableString.YesLabel ? t('common.yes')
        : text === TranslatableString.NoLabel ? t('common.no') : englishStringTranslator(text, params)}
      extraErrors={extraErrorsOf(labelledFieldErrors(t, descriptor, entity, serverErrors)) as never}
      // The messages show under their fields; RJSF would also log them to the console.
      onError={() => undefined}
      onChange={({ formData }, field) => {
        setValues(formData as Record<string, unknown>);
        // A field's server error goes away once the user edits that field.
        const name = field?.replace(/^root_/, '');
        if (name && serverErrors?.[name]) setServerErrors(({ [name]: _removed, ...rest } = {}) => rest);
      }}
      onSubmit={({ formData }) => {
        setServerErrors(undefined);
        onSubmit(formData as Record<string, unknown>).catch((error: HttpError) => setServerErrors(error?.errors as never));
      }}
    />
  );
}
