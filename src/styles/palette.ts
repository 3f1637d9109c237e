/**
 * The site's colours as plain values, so a test can check their contrast (palette.test.ts);
 * theme.css.ts turns them into CSS variables.
 */
export const palette = {
  // The company's brand colours.
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
  // The focus ring is two rings: amber shows on dark backgrounds, the ink ring inside it on light ones.
  focus: '#f59e0b',
  focusInner: '#0f172a',
} as const;
