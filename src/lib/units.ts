// The power and energy ladders of the spec (000 section 3 "Power units", section 9): a value is
// shown in the largest unit that keeps it at or above 1, so 1500 W reads 1.5 kW and 0.8 kWh reads
// 800 Wh; a positive value that would round to 0 shows as 0.01, so a trickle never reads as none.
const POWER = ['W', 'kW', 'MW', 'GW'] as const;
const ENERGY = ['Wh', 'kWh', 'MWh', 'GWh'] as const;
const CAPACITY = ['Wp', 'kWp', 'MWp', 'GWp'] as const;
const SMALLEST = 0.01;

/** The user's unit settings (settingsGetInfo): `auto` climbs the ladder, a unit shows every value in it. */
export type PowerUnit = 'auto' | (typeof POWER)[number];
export type EnergyUnit = 'auto' | (typeof ENERGY)[number];

// One user per browser tab, so the choice lives here; only the web app sets it (the server formats nothing).
let chosen: { power: PowerUnit; energy: EnergyUnit } = { power: 'auto', energy: 'auto' };

export function chooseUnits(power: PowerUnit, energy: EnergyUnit): void {
  chosen = { power, energy };
}

const LADDERS: readonly (readonly string[])[] = [POWER, ENERGY, CAPACITY];

/**
 * A value given in one of the spec's units, moved up its ladder in steps of 1000 while it is at or
 * above 1000 (or to the unit `fixed`), a positive value below 0.01 shown as 0.01. Throws
 * 'invalid unit' for a unit outside the W, Wh and Wp ladders.
 */
export function scaleUnit(value: number, unit: string, digits = 2, fixed?: string): { value: number; unit: string } {
  const units = LADDERS.find((ladder) => ladder.includes(unit));
  if (!units) throw new Error('invalid unit');
  return climb(value, units, units.indexOf(unit), digits, fixed);
}

function climb(value: number, units: readonly string[], from: number, digits: number, fixed?: string): { value: number; unit: string } {
  let v = value;
  let i = from;
  const target = fixed ? units.indexOf(fixed) : -1;
  while (target >= 0 ? i < target : Math.abs(v) >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  const shown = v > 0 && v < SMALLEST ? SMALLEST : Number(v.toFixed(digits));
  return { value: shown, unit: units[i]! };
}

function ladder(value: number, units: readonly string[], digits: number, fixed?: string): string {
  const { value: shown, unit } = climb(value, units, 0, digits, fixed);
  return `${shown} ${unit}`;
}

/** A power in W on the W..GW ladder, or in the user's chosen power unit. */
export const formatPower = (watts: number, digits = 2) => ladder(watts, POWER, digits, chosen.power);

/** An energy in kWh on the Wh..GWh ladder, or in the user's chosen energy unit. */
export const formatEnergy = (kwh: number, digits = 2) => ladder(kwh * 1000, ENERGY, digits, chosen.energy);

/** An installed capacity in kWp (systemPower) on the Wp..GWp ladder. */
export const formatCapacity = (kwp: number, digits = 2) => ladder(kwp * 1000, CAPACITY, digits);

/** A mass in kg (CO2 avoided): kg below a tonne, t above. */
export const formatMass = (kg: number, digits = 2) => ladder(kg, ['kg', 't'], digits);
