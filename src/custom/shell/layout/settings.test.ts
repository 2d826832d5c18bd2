// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings, updateSettings } from './settings';

describe('layout settings', () => {
  it('start from the defaults of 000 section 9', () => {
    expect(parseSettings(undefined)).toEqual({
      themeColor: '#0076fe', sideTheme: 'light', topNav: false, tagsView: true, fixedHeader: false, sidebarLogo: true, dynamicTitle: true,
    });
  });

  it('keep each stored value of the right kind and drop the others', () => {
    expect(parseSettings({ themeColor: '#13c2c2', sideTheme: 'dark', tagsView: false, fixedHeader: 'yes', dynamicTitle: 0 }))
      .toEqual({ ...DEFAULT_SETTINGS, themeColor: '#13c2c2', sideTheme: 'dark', tagsView: false });
    expect(parseSettings({ themeColor: 'red; background: url(x)' }).themeColor).toBe('#0076fe');
  });

  it('are stored beside the display settings under "system settings info"', () => {
    localStorage.setItem('system-settings-info', JSON.stringify({ value: { pageSize: 20 }, expiresAt: null }));
    updateSettings({ sideTheme: 'dark' });
    const stored = JSON.parse(localStorage.getItem('system-settings-info')!) as { value: { pageSize: number; layout: { sideTheme: string } } };
    expect(stored.value.pageSize).toBe(20);
    expect(stored.value.layout.sideTheme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--portal-primary')).toBe('#0076fe');
  });
});
