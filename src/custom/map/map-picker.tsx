// The plant form's map location picker (001 sections 3 and 9, issue 8). It shows the form's
// latitude and longitude as a marker and sets them from a click on the map, a dragged marker, or
// the browser's position; the form's own number fields are where coordinates are typed, and the
// map follows them. Both hemispheres: a map point is latitude −90..90 and longitude −180..180
// (folded when the map was panned across the antimeridian). With no point yet, the map opens
// on the browser's position (geolocation, 5 s at most) at zoom 18, but only the "my location"
// button makes that position the plant's: a value is never changed behind the user's back.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, App, Button, Spin } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLatitude, isLongitude, type GeoPoint } from '@/lib/coordinates';
import { currentPosition } from './geolocation';
import { useMapTiles } from './use-map-tiles';
import './map-picker.css';

const LeafletMap = lazy(() => import('./leaflet-map'));

export interface MapPickerProps {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  onChange(latitude: number, longitude: number): void;
  disabled?: boolean;
}

export function MapPicker({ latitude, longitude, onChange, disabled = false }: MapPickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tiles = useMapTiles();
  const [center, setCenter] = useState<GeoPoint>();
  const [locating, setLocating] = useState(false);

  const point = isLatitude(latitude) && isLongitude(longitude) ? { latitude, longitude } : undefined;
  const hasPoint = point !== undefined;

  useEffect(() => {
    if (hasPoint || disabled) return undefined;
    let live = true;
    currentPosition().then((position) => live && setCenter(position), () => undefined);
    return () => {
      live = false;
    };
  }, [hasPoint, disabled]);

  const locate = () => {
    setLocating(true);
    currentPosition()
      .then((position) => onChange(position.latitude, position.longitude), () => void message.warning(t('map.locateFailed')))
      .finally(() => setLocating(false));
  };

  return (
    <div className="map-picker" data-testid="map-picker">
      {tiles.isError ? <Alert type="warning" showIcon message={t('map.unavailable')} /> : null}
      {tiles.data ? (
        <Suspense fallback={<Spin className="map-picker-loading" />}>
          <LeafletMap tiles={tiles.data} point={point} center={center} disabled={disabled} label={t('map.label')} markerLabel={t('map.marker')} onPick={(p) => onChange(p.latitude, p.longitude)} />
        </Suspense>
      ) : null}
      {disabled ? null : (
        <div className="map-picker-bar">
          <span className="map-picker-hint">{t('map.hint')}</span>
          <Button size="small" icon={<AimOutlined />} onClick={locate} loading={locating}>{t('map.myLocation')}</Button>
        </div>
      )}
    </div>
  );
}
