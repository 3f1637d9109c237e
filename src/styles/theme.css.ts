// https://vanilla-extract.style/documentation/global-api/create-global-theme/ : design tokens, once.
import { createGlobalTheme } from '@vanilla-extract/css';
import { palette } from './palette.ts';

export const vars = createGlobalTheme(':root', {
  color: palette,
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem', xxl: '4rem' },
  radius: { sm: '6px', md: '10px', lg: '16px', full: '999px' },
  shadow: {
    card: '0 1px 3px rgba(15, 23, 42, 0.08), 0 8px 24px rgba(15, 23, 42, 0.06)',
    raised: '0 10px 30px rgba(15, 23, 42, 0.18)',
  },
  width: { content: '1200px', text: '760px' },
});

export const breakpoints = {
  /** One review card under 640 px, two under 1024 px. */
  small: 'screen and (min-width: 640px)',
  medium: 'screen and (min-width: 1024px)',
  /** The full desktop header: brand name, every link and the number with its "Call". */
  large: 'screen and (min-width: 1280px)',
} as const;
