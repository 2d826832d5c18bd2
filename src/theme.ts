/** Default theme colour (000 section 9). */
export const THEME_COLOR = '#0076fe';
export const MOBILE_BREAKPOINT_PX = 1280;
