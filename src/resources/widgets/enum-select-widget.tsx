// An enum as a searchable select of its labels (the entity's own, enums.<entity>.<field>.<value>),
// with a translated placeholder instead of a blank first option, and cleared back to no value.
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function EnumSelectWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, options, required }: WidgetProps) {
  const { t } = useTranslation();
  const choices = (options.enumOptions ?? []).map((o) => ({ value: o.value as string | number, label: o.label }));
  return (
    <Select
      id={id} value={value ?? undefined} disabled={disabled || readonly} style={{ width: '100%' }} options={choices}
      placeholder={t('resource.choose')} allowClear={!required} showSearch optionFilterProp="label"
      onChange={(v) => onChange(v ?? undefined)} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}
      data-testid={`enum-${id}`}
    />
  );
}
