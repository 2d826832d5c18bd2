// A number of points in the reader's language (1,455 or 1 455), as the page's other figures.
import i18n from '@/i18n';

export const count = (value: number | undefined): string => (value === undefined ? '' : value.toLocaleString(i18n.language));
