// Step 2: the plant form (001 sections 2, 3 and 5). Every rule of section 5 is a form rule here
// and is checked again by the server; a value the form lowers is announced beside its field.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import {
  ADDRESS_MAX, MAX_MODULE_NUM, MAX_SYSTEM_POWER_KWP, METER_ID_MAX, PLANT_NAME_MAX, clampSystemPower, defaultCurrency, maxGridPrice,
  overseasFlag, plantTypeLabel, systemPowerMax,
} from '@/lib/plant-rules';
import { useSiteData, useTimeZones } from './use-site-data';
import { AuAddressFields } from './au-address-fields';
import { AreaFields } from './area-fields';
import { LocationFields } from './location-fields';
import { PictureUpload } from './picture-upload';

const ENUMS = { gridNetType: [1, 2, 3], payMode: [1, 2, 3, 4], useType: [0, 1, 2, 3] } as const;

interface Props {
  form: FormInstance;
  edit: boolean;
  plantType: number | undefined;
  isParallelShow: number;
  /** The first scanned device, or the edited plant's: it decides the system-power maximum on the China site. */
  first: { snType: number; isEmsAddC6?: number | undefined } | undefined;
  /** Where the edited plant's stored pictures are served. */
  pictureUrls?: { plantLogo?: string | undefined; projectPic?: string | undefined };
  /** The AU server connection of an existing plant, shown on the AU site only. */
  auConnection?: ReactNode;
  lastStep: boolean;
  saving: boolean;
  onPrevious(): void;
  onNext(): void;
}

const half = { xs: 24, md: 12 };

export function PlantFormStep({ form, edit, plantType, isParallelShow, first, pictureUrls, auConnection, lastStep, saving, onPrevious, onNext }: Props) {
  const { t } = useTranslation();
  const { sysParam, currencies, countries } = useSiteData();
  const region = sysParam?.region ?? 'global';
  const domestic = overseasFlag(region) === '0';
  const au = region === 'au';
  const countryCode = Form.useWatch('countryCode', form) as string | undefined;
  const currencyName = Form.useWatch('currencyName', form) as string | undefined;
  const isInstallMeter = Form.useWatch('isInstallMeter', form) as boolean | undefined;
  const zones = useTimeZones(domestic ? 'CN' : countryCode);
  const [clampedTo, setClampedTo] = useState<number>();

  // Currency default: RMB for the domestic area, AUD overseas (001 section 5).
  useEffect(() => {
    if (sysParam && !form.getFieldValue('currencyName')) form.setFieldValue('currencyName', defaultCurrency(domestic));
  }, [sysParam, domestic, form]);
  // The country's plant configuration (getDefaultGridPrice) gives the currency, the default price
  // and the largest system power: the currency and price follow the country until the user
  // chooses one, the time zone fills an empty field, and the limit applies at once.
  const [countryMax, setCountryMax] = useState<number>();
  useEffect(() => {
    let current = true;
    void call('getDefaultGridPrice', { query: countryCode ? { countryCode } : {}, silent: true }).then((answer) => {
      if (!current) return;
      setCountryMax(answer.maxSystemPower);
      if (edit) return;
      if (!form.isFieldTouched('currencyName')) form.setFieldValue('currencyName', answer.currencyName);
      if (!form.isFieldTouched('gridPrice')) form.setFieldValue('gridPrice', answer.defaultGridPrice);
      if (answer.timeZone && !form.getFieldValue('timeZone')) form.setFieldValue('timeZone', answer.timeZone);
      if (form.getFieldValue('systemPower') !== undefined) void form.validateFields(['systemPower']).catch(() => undefined);
    }, () => undefined);
    return () => {
      current = false;
    };
  }, [countryCode, edit, form]);
  const powerMax = Math.min(MAX_SYSTEM_POWER_KWP, countryMax ?? MAX_SYSTEM_POWER_KWP);

  const clampPower = () => {
    const value = form.getFieldValue('systemPower') as number | null | undefined;
    // Only the China site clamps (001 section 5); elsewhere a value over 10000 is a field error.
    if (region !== 'cn' || typeof value !== 'number' || !sysParam) return setClampedTo(undefined);
    const outcome = clampSystemPower(value, systemPowerMax(sysParam, first));
    if (outcome.clamped) form.setFieldValue('systemPower', outcome.value);
    setClampedTo(outcome.clamped ? outcome.value : undefined);
  };

  const priceMax = currencies.find((c) => c.currencyName === currencyName)?.maxGridPrice ?? maxGridPrice(currencyName);
  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });
  const range = (min: number, max: number) => ({ type: 'number' as const, min, max, message: t('plantWizard.rules.range', { min, max }) });
  const enumSelect = (field: keyof typeof ENUMS) => (
    <Form.Item name={field} label={t(`plant.fields.${field}`)}>
      <Select allowClear options={ENUMS[field].map((v) => ({ value: v, label: t(`plant.enums.${field}.${v}`) }))} />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" data-testid="plant-form" scrollToFirstError>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="plantName" label={t('plant.fields.plantName')} rules={[required('plantWizard.rules.plantName'), { max: PLANT_NAME_MAX, message: t('validation.maxLength', { limit: PLANT_NAME_MAX }) }]}>
            <Input maxLength={PLANT_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('plant.fields.type')}>
            <Typography.Text strong data-testid="plant-type">{t(plantTypeLabel(plantType))}</Typography.Text>
          </Form.Item>
        </Col>
        {!domestic && (
          <Col {...half}>
            <Form.Item name="countryCode" label={t('plant.fields.countryCode')} rules={[{ required: true, message: t('plantWizard.rules.country') }]}>
              <Select showSearch optionFilterProp="label" options={countries.map((c) => ({ value: c.code, label: c.label }))}
                onChange={() => form.setFieldValue('timeZone', undefined)} data-testid="country" />
            </Form.Item>
          </Col>
        )}
        <Col {...half}>
          <Form.Item name="timeZone" label={t('plant.fields.timeZone')} rules={[{ required: true, message: t('plantWizard.rules.timeZone') }]}>
            <Select showSearch optionFilterProp="label" options={zones.map((z) => ({ value: z.timeZone, label: z.label }))} data-testid="time-zone" />
          </Form.Item>
        </Col>
        {domestic && <Col span={24}><AreaFields form={form} /></Col>}
        <Col span={24}>
          <Form.Item name="address" label={t('plant.fields.address')} rules={[required('plantWizard.rules.address'), { max: ADDRESS_MAX, message: t('validation.maxLength', { limit: ADDRESS_MAX }) }]}>
            <Input maxLength={ADDRESS_MAX} />
          </Form.Item>
        </Col>
        {au && <Col span={24}><AuAddressFields form={form} withServer={!edit} /></Col>}
        <Col span={24}><LocationFields domestic={domestic} /></Col>
        <Col {...half}>
          <Form.Item name="systemPower" label={t('plant.fields.systemPower')}
            extra={clampedTo !== undefined ? <Typography.Text type="warning" data-testid="system-power-clamped">{t('plantWizard.clamped', { max: clampedTo })}</Typography.Text> : undefined}
            rules={[{ required: true, message: t('plantWizard.rules.systemPower') }, { type: 'number', min: Number.MIN_VALUE, max: powerMax, message: t('plantWizard.rules.systemPowerRange', { max: powerMax }) }]}>
            <InputNumber style={{ width: '100%' }} addonAfter="kWp" onBlur={clampPower} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item label={t('plant.fields.gridPrice')} required>
            <Row gutter={8} wrap={false}>
              <Col flex="auto">
                <Form.Item name="gridPrice" noStyle dependencies={['currencyName']}
                  rules={[{ required: true, message: t('plantWizard.rules.gridPrice') }, { type: 'number', min: Number.MIN_VALUE, max: priceMax, message: t('plantWizard.rules.gridPriceRange', { max: priceMax }) }]}>
                  <InputNumber style={{ width: '100%' }} aria-label={t('plant.fields.gridPrice')} />
                </Form.Item>
              </Col>
              <Col flex="140px">
                <Form.Item name="currencyName" noStyle>
                  <Select showSearch aria-label={t('plant.fields.currencyName')} optionFilterProp="label"
                    options={currencies.map((c) => ({ value: c.currencyName, label: `${c.currencyName}${c.symbol ? ` ${c.symbol}` : ''}` }))} />
                </Form.Item>
              </Col>
            </Row>
          </Form.Item>
        </Col>
        {plantType !== 0 && (
          <Col {...half}>
            <Form.Item name="ifInstallPv" label={t('plant.fields.ifInstallPv')} rules={[{ required: true, message: t('plantWizard.rules.ifInstallPv') }]}>
              <Radio.Group options={[{ value: 1, label: t('plantWizard.yes') }, { value: 0, label: t('plantWizard.no') }]} />
            </Form.Item>
          </Col>
        )}
        <Col {...half}>
          <Form.Item name="moduleNum" label={t('plant.fields.moduleNum')} rules={[{ type: 'integer', min: 1, max: MAX_MODULE_NUM, message: t('plantWizard.rules.moduleNum', { max: MAX_MODULE_NUM }) }]}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="pvPanelAngle" label={t('plant.fields.pvPanelAngle')} rules={[range(0, 90)]}><InputNumber style={{ width: '100%' }} addonAfter="°" /></Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="pvPanelAzimuth" label={t('plant.fields.pvPanelAzimuth')} rules={[range(-180, 180)]}><InputNumber style={{ width: '100%' }} addonAfter="°" /></Form.Item>
        </Col>
        <Col {...half}>{enumSelect('gridNetType')}</Col>
        <Col {...half}>{enumSelect('payMode')}</Col>
        <Col {...half}>{enumSelect('useType')}</Col>
        <Col {...half}>
          <Form.Item name="isInstallMeter" label={t('plant.fields.isInstallMeter')} valuePropName="checked"><Switch /></Form.Item>
        </Col>
        {(isInstallMeter || au) && (
          <Col {...half}>
            <Form.Item name="meterId" label={t('plant.fields.meterId')} rules={[required('plantWizard.rules.meterId'), { max: METER_ID_MAX, message: t('validation.maxLength', { limit: METER_ID_MAX }) }]}>
              <Input maxLength={METER_ID_MAX} />
            </Form.Item>
          </Col>
        )}
        {isParallelShow === 1 && (
          <Col {...half}>
            <Form.Item name="isParallel" label={t('plant.fields.isParallel')} valuePropName="checked"><Switch /></Form.Item>
          </Col>
        )}
        <Col {...half}><PictureUpload form={form} field="plantLogo" initialUrl={pictureUrls?.plantLogo} /></Col>
        <Col {...half}><PictureUpload form={form} field="projectPic" initialUrl={pictureUrls?.projectPic} /></Col>
      </Row>
      {au && auConnection}
      <div className="wizard-actions">
        {!edit && <Button onClick={onPrevious} data-testid="wizard-previous">{t('plantWizard.previous')}</Button>}
        <Button type="primary" loading={saving} onClick={onNext} data-testid={lastStep ? 'wizard-save' : 'wizard-next'}>
          {lastStep ? t(edit ? 'plantWizard.update' : 'plantWizard.save') : t('plantWizard.next')}
        </Button>
      </div>
    </Form>
  );
}
