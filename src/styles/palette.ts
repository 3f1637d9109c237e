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
  // Text and lines on the navy and orange backgrounds (header, hero, footer, buttons, lightbox).
  onDark: '#ffffff',
  onDarkMuted: '#e2e8f0',
  onDarkSubtle: '#cbd5e1',
  onDarkHighlight: '#fde68a',
  onBrandSoft: '#e0e7ff',
  // Hover shade of the orange buttons, and the footer's deeper navy.
  orangeDarker: '#9a3412',
  navyDeep: '#0b1a47',
  // Pale backgrounds with dark text of the same hue: form notices, callouts and admin badges.
  successSurface: '#f0fdf4',
  successSurfaceStrong: '#dcfce7',
  successInk: '#14532d',
  dangerSurface: '#fef2f2',
  dangerSurfaceStrong: '#fee2e2',
  dangerInk: '#7f1d1d',
  infoSurface: '#dbeafe',
  infoInk: '#1e3a8a',
  warnSurface: '#ffedd5',
  warnInk: '#9a3412',
  noticeSurface: '#fef9c3',
  noticeInk: '#713f12',
  neutralSurface: '#e2e8f0',
  neutralInk: '#1e293b',
} as const;

/**
 * The twelve review avatar backgrounds, picked per review id. They are data rather than theme tokens;
 * each keeps white text above 4.5:1 contrast.
 */
export const avatarColourValues = [
  '#1e3c95',
  '#1d4ed8',
  '#c2410c',
  '#15803d',
  '#b91c1c',
  '#7e22ce',
  '#be185d',
  '#0f766e',
  '#b45309',
  '#4338ca',
  '#0369a1',
  '#be123c',
] as const;
