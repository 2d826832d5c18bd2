// The plant's coordinates: latitude -90..90 and longitude -180..180 (southern-hemisphere plants
// included); the domestic mode of the China site narrows latitude to 0..90 and requires both.
// Typed here or chosen on the map picker below, which follows these fields.
import { Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapPicker } from '@/custom/map/map-picker';

export function LocationFields({ domestic }: { domestic: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const latitude = Form.useWatch('latitude', form) as number | null | undefined;
  const longitude = Form.useWatch('longitude', form) as number | null | undefined;
  const latMin = domestic ? 0 : -90;
  const range = (min: number, max: number) => ({ type: 'number' as const, min, max, message: t('plantWizard.rules.range', { min, max }) });
  const pick = (lat: number, lng: number) => {
    form.setFieldsValue({ latitude: lat, longitude: lng });
    // The domestic mode's 0..90 may refuse a point picked south of the equator: say so at once.
    void form.validateFields(['latitude', 'longitude']).catch(() => undefined);
  };
  return (
    <>
      <Space wrap size="large">
        <Form.Item name="latitude" label={t('plant.fields.latitude')} rules={[{ required: domestic, message: t('validation.required') }, range(latMin, 90)]}>
          <InputNumber style={{ width: 200 }} step={0.000001} />
        </Form.Item>
        <Form.Item name="longitude" label={t('plant.fields.longitude')} rules={[{ required: domestic, message: t('validation.required') }, range(-180, 180)]}>
          <InputNumber style={{ width: 200 }} step={0.000001} />
        </Form.Item>
      </Space>
      <Form.Item>
        <MapPicker latitude={latitude} longitude={longitude} onChange={pick} />
      </Form.Item>
    </>
  );
}
