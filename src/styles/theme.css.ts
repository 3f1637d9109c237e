// https://vanilla-extract.style/documentation/global-api/create-global-theme/ : design tokens, once.
import { createGlobalTheme } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  color: {
    // SPEC section 9 brand colours.
    brandNavy: '#1e3c95',
    brandBlue: '#2563eb',
    brandOrange: '#f97316',
    // Text-safe variants: orange on white is 2.8:1, so orange text and orange buttons with white text use this.
    orangeDark: '#c2410c',
    blueDark: '#1d4ed8',
    ink: '#0f172a',
    inkMuted: '#475569',
    surface: '#ffffff',
    surfaceMuted: '#f1f5f9',
    border: '#cbd5e1',
    success: '#15803d',
    danger: '#b91c1c',
    focus: '#f59e0b',
  },
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
  /** SPEC section 9: one review card under 640 px, two under 1024 px. */
  small: 'screen and (min-width: 640px)',
  medium: 'screen and (min-width: 1024px)',
} as const;
