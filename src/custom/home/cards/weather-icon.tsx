// The weather conditions as drawn icons. Emoji had been used, but they look different on every
// system and show as empty boxes where no emoji font is installed (many Linux desktops and
// kiosks); these are the same everywhere and follow the page's size.
import type { ReactElement } from 'react';
import type { DataOf } from '@/api/contract-types';

export type WeatherCode = NonNullable<DataOf<'getCurrentWeather'>>['weatherCode'];

const SUN = '#faad14';
const CLOUD = '#8c9bab';
const WATER = '#1677ff';
const ICE = '#69b1ff';
const BOLT = '#fadb14';

const rays = [0, 45, 90, 135, 180, 225, 270, 315];

function Sun({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  return (
    <g stroke={SUN} strokeWidth={2} strokeLinecap="round">
      <circle cx={cx} cy={cy} r={r} fill={SUN} />
      {rays.map((deg) => {
        const a = (deg * Math.PI) / 180;
        return <line key={deg} x1={cx + Math.cos(a) * (r + 3)} y1={cy + Math.sin(a) * (r + 3)} x2={cx + Math.cos(a) * (r + 6)} y2={cy + Math.sin(a) * (r + 6)} />;
      })}
    </g>
  );
}

/** A cloud whose base runs from x to x + 26 at height y. */
const Cloud = ({ x = 5, y = 26, fill = CLOUD }: { x?: number; y?: number; fill?: string }) => (
  <path fill={fill} d={`M${x + 5} ${y}a5 5 0 0 1-.5-10 8 8 0 0 1 15.2-2.4A6 6 0 1 1 ${x + 21} ${y}z`} />
);

const Drops = ({ long }: { long: boolean }) => (
  <g stroke={WATER} strokeWidth={2} strokeLinecap="round">
    {[11, 17, 23].map((x) => <line key={x} x1={x} y1={29} x2={x - (long ? 2 : 1)} y2={long ? 35 : 32} />)}
  </g>
);

const Flakes = ({ at }: { at: number[] }) => (
  <g stroke={ICE} strokeWidth={1.6} strokeLinecap="round">
    {at.map((x) => (
      <g key={x}>
        <line x1={x} y1={29} x2={x} y2={35} />
        <line x1={x - 2.6} y1={30.5} x2={x + 2.6} y2={33.5} />
        <line x1={x - 2.6} y1={33.5} x2={x + 2.6} y2={30.5} />
      </g>
    ))}
  </g>
);

const DRAWINGS: Record<WeatherCode, ReactElement> = {
  clear: <Sun cx={18} cy={18} r={7} />,
  partlyCloudy: <><Sun cx={13} cy={12} r={5} /><Cloud x={8} y={30} /></>,
  cloudy: <><Cloud x={2} y={22} fill="#b7c2cc" /><Cloud x={8} y={30} /></>,
  fog: (
    <>
      <Cloud x={5} y={20} />
      <g stroke={CLOUD} strokeWidth={2} strokeLinecap="round"><line x1={6} y1={25} x2={30} y2={25} /><line x1={9} y1={30} x2={27} y2={30} /></g>
    </>
  ),
  drizzle: <><Sun cx={25} cy={9} r={4} /><Cloud x={4} y={26} /><Drops long={false} /></>,
  rain: <><Cloud x={5} y={26} /><Drops long /></>,
  snow: <><Cloud x={5} y={26} /><Flakes at={[11, 18, 25]} /></>,
  sleet: (
    <>
      <Cloud x={5} y={26} />
      <Flakes at={[11, 25]} />
      <line x1={18} y1={29} x2={16.5} y2={34} stroke={WATER} strokeWidth={2} strokeLinecap="round" />
    </>
  ),
  thunderstorm: <><Cloud x={5} y={24} fill="#6b7a89" /><path fill={BOLT} d="M19 25h-5l-2 6h4l-2 6 8-9h-4l2-3z" /></>,
};

/** `label` names the condition for screen readers; without it the icon is decoration. */
export function WeatherIcon({ code, size, label }: { code: WeatherCode; size: number; label?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 36 38" data-weather={code} style={{ verticalAlign: 'middle', flex: 'none' }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {label && <title>{label}</title>}
      {DRAWINGS[code]}
    </svg>
  );
}
