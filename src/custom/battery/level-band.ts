// The battery pictures of 001 "Page areas": one per level band, 0-35, 36-70, 71-99 and 100 %, and
// grey when there is no reading (offline, or no battery value reported). Bands are whole
// percentages; a reading between two of them belongs to the lower one, so that a battery reads
// full only at 100 % and never at 99.6 %.
export type LevelBand = 'low' | 'medium' | 'high' | 'full' | 'unknown';

export const LEVEL_BANDS = ['low', 'medium', 'high', 'full'] as const;

/** The band of a state of charge in %; out-of-range readings are clamped to 0..100. */
export function levelBand(soc: number | null | undefined): LevelBand {
  if (soc === null || soc === undefined || !Number.isFinite(soc)) return 'unknown';
  const level = Math.floor(Math.min(100, Math.max(0, soc)));
  if (level <= 35) return 'low';
  if (level <= 70) return 'medium';
  if (level <= 99) return 'high';
  return 'full';
}

/** The colour of each band: red, yellow, blue and green, grey without a reading. */
export const BAND_COLOURS: Record<LevelBand, string> = {
  low: '#f5222d',
  medium: '#faad14',
  high: '#1677ff',
  full: '#52c41a',
  unknown: '#bfbfbf',
};

/** How many of the picture's four cells are lit in each band. */
export const BAND_CELLS: Record<LevelBand, number> = { unknown: 0, low: 1, medium: 2, high: 3, full: 4 };

/** A state of charge as shown: whole percent, or a dash without a reading. */
export const formatSoc = (soc: number | null | undefined) =>
  soc === null || soc === undefined || !Number.isFinite(soc) ? '–' : `${Math.round(Math.min(100, Math.max(0, soc)))} %`;
