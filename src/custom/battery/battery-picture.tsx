// The battery picture of a level band (level-band.ts), drawn as a small SVG rather than an image
// file: it scales with the text, needs no request, and its colour comes from one table.
import { useTranslation } from 'react-i18next';
import { BAND_CELLS, BAND_COLOURS, formatSoc, levelBand } from './level-band';

const CELLS = 4;

export function BatteryPicture({ soc, size = 32, testId }: { soc: number | null | undefined; size?: number; testId?: string }) {
  const { t } = useTranslation();
  const band = levelBand(soc);
  const colour = BAND_COLOURS[band];
  const lit = BAND_CELLS[band];
  const label = band === 'unknown' ? t('battery.picture.unknown') : t('battery.picture.level', { soc: formatSoc(soc) });
  // A 20 x 36 body under a cap, four cells filled from the bottom up.
  return (
    <svg width={(size * 24) / 40} height={size} viewBox="0 0 24 40" role="img" aria-label={label} data-testid={testId} data-band={band}>
      <title>{label}</title>
      <rect x="8" y="0.5" width="8" height="3" rx="1" fill={colour} />
      <rect x="2" y="3.5" width="20" height="35.5" rx="3" fill="none" stroke={colour} strokeWidth="2" />
      {Array.from({ length: CELLS }, (_, i) => (
        <rect key={i} x="5" y={31 - i * 8.25} width="14" height="6.5" rx="1" fill={i < lit ? colour : 'none'} opacity={i < lit ? 1 : 0} />
      ))}
    </svg>
  );
}
