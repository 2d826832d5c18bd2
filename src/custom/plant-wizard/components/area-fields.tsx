// The province, city and county picker of domestic plants (001 section 5; 000 section 4 "Area
// picker"): a province clears city and county; all three are required.
import { useEffect, useState } from 'react';
import { Form, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

type Area = DataOf<'provinceList'>[number];

function useAreas(parentCode: string | undefined, top: boolean): Area[] {
  const [areas, setAreas] = useState<Area[]>([]);
  useEffect(() => {
    if (!top && !parentCode) {
      setAreas([]);
      return;
    }
    const load = top ? call('provinceList', { query: {}, silent: true }) : call('sonAreaList', { query: { parentCode: parentCode! }, silent: true });
    void load.then(setAreas, () => setAreas([]));
  }, [parentCode, top]);
  return areas;
}

export function AreaFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const provinceCode = Form.useWatch('provinceCode', form) as string | undefined;
  const cityCode = Form.useWatch('cityCode', form) as string | undefined;
  const provinces = useAreas(undefined, true);
  const cities = useAreas(provinceCode, false);
  const counties = useAreas(cityCode, false);
  const rule = [{ required: true, message: t('plantWizard.rules.area') }];
  const options = (list: Area[]) => list.map((a) => ({ value: a.code, label: a.label }));
  const label = (list: Area[], code: string) => list.find((a) => a.code === code)?.label;

  return (
    <>
      <Form.Item name="provinceCode" label={t('plant.fields.province')} rules={rule}>
        <Select showSearch optionFilterProp="label" options={options(provinces)}
          onChange={(code: string) => form.setFieldsValue({ province: label(provinces, code), cityCode: undefined, city: undefined, countyCode: undefined, county: undefined })} />
      </Form.Item>
      <Form.Item name="cityCode" label={t('plant.fields.city')} rules={rule}>
        <Select showSearch optionFilterProp="label" options={options(cities)}
          onChange={(code: string) => form.setFieldsValue({ city: label(cities, code), countyCode: undefined, county: undefined })} />
      </Form.Item>
      <Form.Item name="countyCode" label={t('plant.fields.county')} rules={rule}>
        <Select showSearch optionFilterProp="label" options={options(counties)} onChange={(code: string) => form.setFieldValue('county', label(counties, code))} />
      </Form.Item>
      <Form.Item name="province" hidden><input /></Form.Item>
      <Form.Item name="city" hidden><input /></Form.Item>
      <Form.Item name="county" hidden><input /></Form.Item>
    </>
  );
}
