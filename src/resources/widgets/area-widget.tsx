// A mainland area as [province, city, county] codes in a generated form: the portal's area picker
// (src/custom/shell/widgets/area-picker.tsx); the field holds a value once a county is chosen.
import type { WidgetProps } from '@rjsf/utils';
import { AreaPicker } from '@/custom/shell/widgets/area-picker';
import { codesOf, isComplete } from '@/lib/area-selection';

export function AreaWidget({ id, value, disabled, readonly, onChange, required }: WidgetProps) {
  const [provinceCode, cityCode, countyCode] = Array.isArray(value) ? (value as string[]) : [];
  return (
    <AreaPicker
      id={id} value={{ provinceCode, cityCode, countyCode }} disabled={disabled || readonly} allowClear={!required} testId={`area-${id}`}
      onChange={(selection) => onChange(isComplete(selection) ? codesOf(selection) : undefined)}
    />
  );
}
