// The weather at one plant (getCurrentWeather, getForecastWeather): the chosen plant, or the
// first of the user's plants (pinned ones first). Now: condition, temperature, humidity, wind,
// cloud, irradiance, sunrise and sunset; then the next days with the PV energy expected.
import { useCallback } from 'react';
import { Card, Descriptions, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatEnergy, formatPower } from '@/lib/units';
import { formatDay, formatTime } from '@/lib/date-time';
import { CardState } from '@/custom/monitoring/card-state';
import { useLoad } from '@/custom/monitoring/use-load';

import { WeatherIcon } from './weather-icon';

const FORECAST_DAYS = 5;

export interface WeatherPlant {
  plantUid: string;
  plantName: string;
  timeZone?: string;
}

/** `plant` is undefined while the user's plants are being listed, null when they have none. */
export function WeatherCard({ plant }: { plant: WeatherPlant | null | undefined }) {
  const { t, i18n } = useTranslation();
  const plantUid = plant?.plantUid;
  const fetcher = useCallback(async () => {
    const [current, forecast] = await Promise.all([
      call('getCurrentWeather', { query: { plantUid: plantUid! }, silent: true }),
      call('getForecastWeather', { query: { plantUid: plantUid!, days: FORECAST_DAYS }, silent: true }),
    ]);
    return { current, forecast };
  }, [plantUid]);
  const load = useLoad(plantUid ? fetcher : undefined);
  // Sunrise and sunset on the plant's clock; forecast days are the plant's calendar days.
  const time = (iso: string | null | undefined) => formatTime(iso, { lang: i18n.language, timeZone: plant?.timeZone });
  const day = (date: string) => formatDay(date, i18n.language);
  const optional = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? '–' : `${Number(v.toFixed(1))} ${unit}`);

  return (
    <Card title={t('home.weather.title')} data-testid="weather-card" style={{ height: '100%' }}
      extra={plant && <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }} data-testid="weather-plant">{plant.plantName}</Typography.Text>}>
      {plant === null ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.weather.noPlant')} data-testid="weather-empty" /> : (
        <CardState load={load} testId="weather" isEmpty={(d) => d.current === null && d.forecast.length === 0} emptyText={t('home.weather.empty')}>
          {({ current, forecast }) => (
            <>
              {current && (
                <>
                  <Space align="center" size="middle">
                    <WeatherIcon code={current.weatherCode} size={48} />
                    <div>
                      <Typography.Title level={3} style={{ margin: 0 }} data-testid="weather-temperature">{Number(current.temperature.toFixed(1))} °C</Typography.Title>
                      <Typography.Text type="secondary" data-testid="weather-condition">{t(`home.weather.codes.${current.weatherCode}`)}</Typography.Text>
                    </div>
                  </Space>
                  <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
                    <Descriptions.Item label={t('home.weather.humidity')}>{optional(current.humidity, '%')}</Descriptions.Item>
                    <Descriptions.Item label={t('home.weather.wind')}>{optional(current.windSpeed, 'm/s')}</Descriptions.Item>
                    <Descriptions.Item label={t('home.weather.cloud')}>{optional(current.cloudCover, '%')}</Descriptions.Item>
                    <Descriptions.Item label={t('home.weather.irradiance')}>{current.irradiance == null ? '–' : `${formatPower(current.irradiance)}/m²`}</Descriptions.Item>
                    <Descriptions.Item label={t('home.weather.sunrise')}>{time(current.sunrise)}</Descriptions.Item>
                    <Descriptions.Item label={t('home.weather.sunset')}>{time(current.sunset)}</Descriptions.Item>
                  </Descriptions>
                </>
              )}
              {forecast.length > 0 && (
                <List size="small" header={<Typography.Text strong>{t('home.weather.forecast')}</Typography.Text>} dataSource={forecast} data-testid="weather-forecast"
                  renderItem={(f) => (
                    <List.Item style={{ paddingInline: 0 }}>
                      <div style={{ display: 'flex', width: '100%', gap: 8, alignItems: 'center', whiteSpace: 'nowrap' }}
                        title={[t(`home.weather.codes.${f.weatherCode}`), f.precipitationProbability == null ? '' : `${t('home.weather.precipitation')} ${Number(f.precipitationProbability.toFixed(0))} %`].filter(Boolean).join(', ')}>
                        <span style={{ flex: '0 0 72px' }}>{day(f.date)}</span>
                        <WeatherIcon code={f.weatherCode} size={22} label={t(`home.weather.codes.${f.weatherCode}`)} />
                        <span>{Number(f.temperatureMax.toFixed(0))}° / {Number(f.temperatureMin.toFixed(0))}°</span>
                        {f.pvEnergyForecast != null && (
                          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }} title={t('home.weather.pvForecast')}>{formatEnergy(f.pvEnergyForecast)}</Typography.Text>
                        )}
                      </div>
                    </List.Item>
                  )} />
              )}
            </>
          )}
        </CardState>
      )}
    </Card>
  );
}
