// @vitest-environment jsdom
// The battery picture's band picker: 0-35, 36-70, 71-99 and 100 %, a reading between two bands in
// the lower one, out-of-range readings clamped, and grey without a reading; the picture draws the
// band's colour and cells and names the level.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '@/i18n';
import { BAND_COLOURS, formatSoc, levelBand } from './level-band';
import { BatteryPicture } from './battery-picture';

afterEach(cleanup);

describe('levelBand', () => {
  it('puts each reading in its band, the edges included', () => {
    expect([0, 1, 35].map(levelBand)).toEqual(['low', 'low', 'low']);
    expect([36, 50, 70].map(levelBand)).toEqual(['medium', 'medium', 'medium']);
    expect([71, 85, 99].map(levelBand)).toEqual(['high', 'high', 'high']);
    expect(levelBand(100)).toBe('full');
  });

  it('keeps a reading between two bands in the lower one: full only at 100', () => {
    expect(levelBand(35.9)).toBe('low');
    expect(levelBand(70.99)).toBe('medium');
    expect(levelBand(99.6)).toBe('high');
  });

  it('clamps readings out of range and has no band without a reading', () => {
    expect(levelBand(-3)).toBe('low');
    expect(levelBand(104)).toBe('full');
    expect(levelBand(null)).toBe('unknown');
    expect(levelBand(undefined)).toBe('unknown');
    expect(levelBand(Number.NaN)).toBe('unknown');
  });

  it('shows a reading in whole percent, and a dash without one', () => {
    expect(formatSoc(62.4)).toBe('62 %');
    expect(formatSoc(null)).toBe('–');
  });
});

describe('BatteryPicture', () => {
  const cells = (svg: Element, colour: string) => [...svg.querySelectorAll('rect')].slice(2).filter((r) => r.getAttribute('fill') === colour).length;

  it.each([[20, 'low', 1], [50, 'medium', 2], [80, 'high', 3], [100, 'full', 4]] as const)('draws %s %% as the %s band with %s lit cells', (soc, band, lit) => {
    render(<BatteryPicture soc={soc} testId="pic" />);
    const svg = screen.getByTestId('pic');
    expect(svg.getAttribute('data-band')).toBe(band);
    expect(cells(svg, BAND_COLOURS[band])).toBe(lit);
    expect(svg.getAttribute('aria-label')).toBe(`Battery level ${soc} %`);
  });

  it('goes grey and says so without a reading', () => {
    render(<BatteryPicture soc={null} testId="pic" />);
    const svg = screen.getByTestId('pic');
    expect(svg.getAttribute('data-band')).toBe('unknown');
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe(BAND_COLOURS.unknown);
    expect(svg.getAttribute('aria-label')).toBe('Battery level unknown');
  });

  it('uses four different colours for the four bands', () => {
    expect(new Set([BAND_COLOURS.low, BAND_COLOURS.medium, BAND_COLOURS.high, BAND_COLOURS.full]).size).toBe(4);
  });
});
