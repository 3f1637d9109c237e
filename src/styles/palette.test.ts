import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast } from '../shared/contrast.ts';
import { palette } from './palette.ts';

const white = palette.surface;

describe('palette contrast', () => {
  // Each pair is text the site shows on a background it shows it on; normal-size text needs 4.5:1.
  it.each([
    ['body text on white', palette.ink, white],
    ['muted text on white', palette.inkMuted, white],
    ['muted text on light grey', palette.inkMuted, palette.surfaceMuted],
    ['links on white', palette.blueDark, white],
    ['white on the navy header, hero and buttons', white, palette.brandNavy],
    ['white on the orange call buttons', white, palette.orangeDark],
    ['orange text on white', palette.orangeDark, white],
    ['white on the error toast', white, palette.danger],
    ['success text on white', palette.success, white],
    ['error text on white', palette.danger, white],
  ])('%s reads at 4.5:1 or more', (_name, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('needs the darker orange for text: the brand orange itself reads at under 3:1 on white', () => {
    expect(contrast(palette.brandOrange, white)).toBeLessThan(3);
    expect(contrast(palette.brandBlue, white)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['white', white],
    ['light grey', palette.surfaceMuted],
    ['navy', palette.brandNavy],
    ['ink', palette.ink],
    ['orange buttons', palette.orangeDark],
  ])('shows the focus ring at 3:1 or more on %s (one of its two rings)', (_name, background) => {
    expect(
      Math.max(contrast(palette.focus, background), contrast(palette.focusInner, background)),
    ).toBeGreaterThanOrEqual(3);
  });
});
