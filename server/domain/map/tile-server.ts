// The raster tile server the map picker draws from (MAP_TILE_URL): a Leaflet URL template such as
// https://tile.openstreetmap.org/{z}/{x}/{y}.png, where {s} may stand for a subdomain. The web
// app's Content-Security-Policy admits images from that server alone, so its source expression
// is derived here from the same setting.

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's required credit (openstreetmap.org/copyright), shown on the map. */
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
export const DEFAULT_TILE_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';

const PLACEHOLDERS = ['{z}', '{x}', '{y}'];

/**
 * The CSP source of the tile images (`https://tile.openstreetmap.org`, `https://*.example.com`
 * for a `{s}` subdomain, nothing for a path on the portal itself, which 'self' covers).
 * Throws for a template that is no http(s) URL or root-relative path with {z}, {x} and {y}.
 */
export function tileImageSource(template: string): string | undefined {
  const missing = PLACEHOLDERS.filter((p) => !template.includes(p));
  if (missing.length) throw new Error(`MAP_TILE_URL must contain ${missing.join(', ')}: ${template}`);
  if (template.startsWith('/') && !template.startsWith('//')) return undefined;
  const match = /^(https?):\/\/(\{s\}\.)?([^/?#{}@]+)(?:[/?#]|$)/i.exec(template);
  const origin = match ? URL.parse(`${match[1]}://${match[3]}`) : null;
  if (!match || !origin) throw new Error(`MAP_TILE_URL must be an http(s) URL or a path starting with /: ${template}`);
  return `${origin.protocol}//${match[2] ? '*.' : ''}${origin.host}`;
}
