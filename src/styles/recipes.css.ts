import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The round previous/next button both carousels use: a 44 px touch target, navy on white, inverted on hover. */
export const carouselButton = style({
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.brandNavy}`,
  background: vars.color.surface,
  color: vars.color.brandNavy,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandNavy, color: vars.color.surface } },
});
