// The map of the map picker: Leaflet on the configured raster tiles, one marker for the chosen
// point. Loaded lazily (React.lazy in map-picker.tsx), so Leaflet and its CSS reach only the
// pages that show a map. Leaflet's stylesheet becomes a file of the build (style-src 'self'),
// and its marker images are bundled, so the page's CSP needs nothing beyond the tile host.
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { mapPoint, type GeoPoint } from '@/lib/coordinates';
import { attributionHtml } from './attribution';
import type { MapTiles } from './use-map-tiles';

/** 001 section 9: default zoom 18 on a known point. */
const POINT_ZOOM = 18;
/** OpenStreetMap's raster tiles go to 19; tile servers that stop earlier simply show grey. */
const MAX_ZOOM = 19;
/** With no point and no position from the browser: the whole world. */
const WORLD: GeoPoint = { latitude: 20, longitude: 0 };
const WORLD_ZOOM = 2;

// Leaflet finds its default icon through a CSS url that bundlers rewrite; name the files instead.
const plantMarker = L.icon({
  iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow,
  iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41],
});

export interface LeafletMapProps {
  tiles: MapTiles;
  /** The chosen point, shown by the marker. */
  point: GeoPoint | undefined;
  /** Where to look when there is no point yet (the browser's position). */
  center: GeoPoint | undefined;
  disabled: boolean;
  /** A click on the map or the end of a marker drag. */
  onPick(point: GeoPoint): void;
  /** Accessible names of the map and of its marker. */
  label: string;
  markerLabel: string;
}

const latLng = (p: GeoPoint): L.LatLngTuple => [p.latitude, p.longitude];
const samePoint = (a: GeoPoint | undefined, b: GeoPoint | undefined) => a?.latitude === b?.latitude && a?.longitude === b?.longitude;

export default function LeafletMap({ tiles, point, center, disabled, onPick, label, markerLabel }: LeafletMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map>(null);
  const marker = useRef<L.Marker>(null);
  /** The last point this map reported: the view stays where the user clicked, not re-centred. */
  const picked = useRef<GeoPoint>(undefined);
  const pick = useRef(onPick);
  const enabled = useRef(!disabled);
  const chosen = useRef(point);
  useEffect(() => {
    pick.current = onPick;
    enabled.current = !disabled;
    chosen.current = point;
  });

  useEffect(() => {
    const created = L.map(element.current!, { worldCopyJump: true, maxZoom: MAX_ZOOM })
      .setView(latLng(WORLD), WORLD_ZOOM);
    L.tileLayer(tiles.tileUrl, { maxZoom: MAX_ZOOM, attribution: attributionHtml(tiles) }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => {
      if (!enabled.current) return;
      const next = mapPoint(event.latlng.lat, event.latlng.lng);
      picked.current = next;
      pick.current(next);
    });
    // A map first laid out inside a hidden tab or a closing dialog measures 0 px: re-measure.
    const resize = new ResizeObserver(() => created.invalidateSize());
    resize.observe(element.current!);
    map.current = created;
    return () => {
      resize.disconnect();
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tiles]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker(latLng(point), { icon: plantMarker, draggable: true, keyboard: true, title: markerLabel, alt: markerLabel })
        .on('dragend', () => {
          const { lat, lng } = marker.current!.getLatLng();
          const next = mapPoint(lat, lng);
          picked.current = next;
          pick.current(next);
        })
        .addTo(current);
    } else {
      marker.current.setLatLng(latLng(point));
    }
    if (!samePoint(point, picked.current)) current.setView(latLng(point), Math.max(current.getZoom(), POINT_ZOOM));
    picked.current = point;
  }, [point, markerLabel, tiles]);

  useEffect(() => {
    if (disabled) marker.current?.dragging?.disable();
    else marker.current?.dragging?.enable();
  }, [disabled, point, tiles]);

  // Only a new position moves the view, and never away from a point chosen meanwhile.
  useEffect(() => {
    if (center && !chosen.current && map.current) map.current.setView(latLng(center), POINT_ZOOM);
  }, [center, tiles]);

  return <div ref={element} className="map-picker-map" data-testid="map-picker-map" aria-label={label} />;
}
