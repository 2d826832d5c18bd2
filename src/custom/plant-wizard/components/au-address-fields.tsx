// AU-only address fields (001 section 5): the post code chosen from a suburb search (keyword of
// at least 3 characters), street type and street. Choosing a suburb also fills the time zone.
import { useEffect, useState } from 'react';
import { AutoComplete, Form, Input, Select, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { AU_CITY_KEYWORD_MIN, STREET_MAX, STREET_TYPE_MAX } from '@/lib/plant-rules';

type City = DataOf<'findAuCitys'>[number];
type Server = DataOf<'getAuServerEnums'>[number];

/** `withServer`: a new plant chooses its utility server here; an existing one through the connection check. */
export function AuAddressFields({ form, withServer }: { form: FormInstance; withServer: boolean }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [cities, setCities] = useState<City[]>([]);
  const [servers, setServers] = useState<Server[]>([]);
  const [text, setText] = useState('');

  useEffect(() => {
    if (withServer) void call('getAuServerEnums', { silent: true }).then(setServers, () => setServers([]));
  }, [withServer]);

  useEffect(() => {
    if (keyword.trim().length < AU_CITY_KEYWORD_MIN) {
      setCities([]);
      return undefined;
    }
    let live = true;
    void call('findAuCitys', { query: { keyword: keyword.trim() }, silent: true }).then((list) => live && setCities(list), () => live && setCities([]));
    return () => {
      live = false;
    };
  }, [keyword]);

  const choose = (value: string) => {
    const city = cities.find((c) => c.fullCityInfo === value);
    if (!city) return;
    // The state decides which utility servers may connect the plant (checkAntiPlantUpgradeInfo).
    form.setFieldsValue({ zipCode: city.postCode, provinceCode: city.stateCode, province: city.state, timeZone: city.timeZone, countryCode: form.getFieldValue('countryCode') ?? 'AU' });
  };

  return (
    <>
      {/* The search text is the suburb; the field keeps the chosen suburb's post code. */}
      <Form.Item label={t('plant.fields.zipCode')} required extra={t('plantWizard.zipCodeHint', { min: AU_CITY_KEYWORD_MIN })}>
        <Space.Compact style={{ width: '100%' }}>
          <AutoComplete
            value={text}
            onChange={setText}
            options={cities.map((c) => ({ value: c.fullCityInfo, label: c.fullCityInfo }))}
            onSearch={setKeyword}
            onSelect={choose}
            placeholder={t('plantWizard.suburbSearch')}
            aria-label={t('plantWizard.suburbSearch')}
            data-testid="suburb-search"
          />
          <Form.Item name="zipCode" noStyle rules={[{ required: true, message: t('plantWizard.rules.zipCode') }]}>
            <Input readOnly style={{ width: 110 }} aria-label={t('plant.fields.zipCode')} data-testid="zip-code" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      {withServer && (
        <>
          <Form.Item name="auAreaCode" label={t('plant.fields.auAreaCode')}>
            <Select allowClear options={servers.map((s) => ({ value: s.auAreaCode, label: s.name }))}
              onChange={(code: string | undefined) => form.setFieldValue('auAreaCodeName', servers.find((s) => s.auAreaCode === code)?.name)} />
          </Form.Item>
          <Form.Item name="auAreaCodeName" hidden><Input /></Form.Item>
        </>
      )}
      <Form.Item name="streetType" label={t('plant.fields.streetType')} rules={[{ required: true, whitespace: true, max: STREET_TYPE_MAX, message: t('plantWizard.rules.streetType', { max: STREET_TYPE_MAX }) }]}>
        <Input maxLength={STREET_TYPE_MAX} />
      </Form.Item>
      <Form.Item name="street" label={t('plant.fields.street')} rules={[{ required: true, whitespace: true, max: STREET_MAX, message: t('plantWizard.rules.street', { max: STREET_MAX }) }]}>
        <Input maxLength={STREET_MAX} />
      </Form.Item>
    </>
  );
}
