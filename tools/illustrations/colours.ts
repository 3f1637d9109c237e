// The illustrations' colours. The brand and interface colours come from the site's palette, so a
// change of brand colour reaches the pictures too; the rest are shades only the drawings use (deeper
// navies, pale blues, slate greys, brass, grass and soil) and live here rather than in the site's theme.
import { palette } from '../../src/styles/palette.ts';

export const C = {
  navy: '#0b1a45',
  blue900: '#132a6b',
  blue800: palette.brandNavy,
  blue600: palette.brandBlue,
  blue400: '#60a5fa',
  blue200: '#bfdbfe',
  blue100: '#dbeafe',
  blue50: '#eff6ff',
  orange: palette.brandOrange,
  orangeDark: palette.orangeDark,
  orangeLight: '#fdba74',
  ink: palette.ink,
  slate800: '#1e293b',
  slate700: '#334155',
  slate600: palette.inkMuted,
  slate500: '#64748b',
  slate400: '#94a3b8',
  slate300: palette.border,
  slate200: '#e2e8f0',
  slate100: palette.surfaceMuted,
  white: palette.surface,
  red: '#dc2626',
  brass: '#d4a72c',
  grass: '#4caf50',
  grassDark: '#2f7d32',
  soil: '#8b5a3c',
  soilDark: '#5f3b25',
  sky: '#bae6fd',
} as const;

/** Skin tones of the people in the scenes. */
export const SKIN = ['#8d5524', '#e0ac69', '#c68642', '#f1c27d'] as const;
