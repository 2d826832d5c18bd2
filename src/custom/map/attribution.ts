// The tile credit as Leaflet wants it (HTML), built from the server's plain text and link so that
// a setting can never put markup or a script URL into the page.
import type { MapTiles } from './use-map-tiles';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function attributionHtml(tiles: MapTiles): string {
  const text = escapeHtml(tiles.attribution);
  const url = tiles.attributionUrl;
  return url && /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${text}</a>` : text;
}
