import { THEME_COLOR } from '@/theme';
import { useBrand } from './brand';

/** The served brand's logo (getOemConfig), or the portal's sun mark until it is known. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const brand = useBrand();
  if (brand?.logoUrl) return <img src={brand.logoUrl} alt={brand.platformName} width={size} height={size} style={{ objectFit: 'contain' }} data-testid="brand-logo" />;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="14" fill={THEME_COLOR} />
      <g stroke={THEME_COLOR} strokeWidth="5" strokeLinecap="round">
        <path d="M32 4v8M32 52v8M4 32h8M52 32h8M12 12l6 6M46 46l6 6M12 52l6-6M46 18l6-6" />
      </g>
    </svg>
  );
}
