// The province, city and county of domestic plants (001 section 5) with the portal's area picker
// (000 section 4): the codes and names go into the plant's six fields; a county is required.
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaPicker } from '@/custom/shell/widgets/area-picker';
import type { AreaSelection } from '@/lib/area-selection';

const FIELDS = ['provinceCode', 'province', 'cityCode', 'city', 'countyCode', 'county'] as const;

/** The picker as the county field's input: it writes every level and reports the county to the item. */
function AreaInput({ form, onChange }: { form: FormInstance; onChange?: (countyCode: string | undefined) => void }) {
  const selection = (Form.useWatch((values: AreaSelection) => Object.fromEntries(FIELDS.map((field) => [field, values[field]])), form) ?? {}) as AreaSelection;
  const choose = (next: AreaSelection) => {
    form.setFieldsValue(Object.fromEntries(FIELDS.map((field) => [field, next[field]])));
    onChange?.(next.countyCode);
  };
  return <AreaPicker value={selection} onChange={choose} allowClear testId="plant-area" />;
}

export function AreaFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="countyCode" label={t('plant.fields.area')} rules={[{ required: true, message: t('plantWizard.rules.area') }]}>
        <AreaInput form={form} />
      </Form.Item>
      {FIELDS.filter((field) => field !== 'countyCode').map((field) => <Form.Item key={field} name={field} hidden><input /></Form.Item>)}
    </>
  );
}
