// Numbers typed as written: no clamping to the schema's bounds (3000 stays 3000 and the form says
// it is above the maximum), with an optional unit after the input (`ui:options.unit`).
import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

export function NumberWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, options, schema, placeholder }: WidgetProps) {
  const integer = schema.type === 'integer';
  return (
    <InputNumber
      id={id} name={id} value={value ?? null} disabled={disabled || readonly} placeholder={placeholder} style={{ width: '100%' }}
      changeOnWheel={false} precision={integer ? 0 : (options.precision as number | undefined)} step={integer ? 1 : (options.step as number | undefined) ?? 'any'}
      addonAfter={options.unit as string | undefined}
      onChange={(v) => onChange(v === null ? undefined : v)}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}
    />
  );
}

/** An amount of money in the currency of `ui:options.currency`, to the cent. */
export function MoneyWidget(props: WidgetProps) {
  return <NumberWidget {...props} options={{ ...props.options, precision: 2, unit: props.options.currency ?? props.options.unit }} />;
}

/** Points of the points mall: whole numbers. */
export function PointsWidget(props: WidgetProps) {
  return <NumberWidget {...props} schema={{ ...props.schema, type: 'integer' }} />;
}
