// The project's widgets, registered with RJSF for every generated form: a descriptor names them
// in `form.uiSchema` ("ui:widget": "office"). Numbers and enums use theirs unless told otherwise.
import type { RegistryWidgetsType } from '@rjsf/utils';
import { AreaWidget } from './area-widget';
import { DateRangeWidget } from './date-range-widget';
import { EnumSelectWidget } from './enum-select-widget';
import { ImageUploadWidget } from './image-upload-widget';
import { ImagesWidget } from './images-widget';
import { MoneyWidget, NumberWidget, PointsWidget } from './number-widget';
import { OfficeWidget } from './office-widget';
import { ReferenceWidget } from './reference-widget';
import { RichTextWidget } from './rich-text-widget';

export const projectWidgets: RegistryWidgetsType = {
  number: NumberWidget,
  money: MoneyWidget,
  points: PointsWidget,
  enumSelect: EnumSelectWidget,
  office: OfficeWidget,
  area: AreaWidget,
  dateRange: DateRangeWidget,
  image: ImageUploadWidget,
  images: ImagesWidget,
  reference: ReferenceWidget,
  richText: RichTextWidget,
};

/** The widget a property gets when the descriptor names none. */
export function defaultWidget(property: { type?: unknown; oneOf?: unknown }): string | undefined {
  if (property.oneOf) return 'enumSelect';
  if (property.type === 'number' || property.type === 'integer') return 'number';
  return undefined;
}
