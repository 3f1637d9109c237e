import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from './theme.css.ts';

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

/** A list of cards: one column on phones, two on small screens, three or four from medium up. */
const cardGridFrom = (mediumColumns: number) =>
  style({
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: vars.space.lg,
    gridTemplateColumns: '1fr',
    '@media': {
      [breakpoints.small]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      [breakpoints.medium]: { gridTemplateColumns: `repeat(${mediumColumns}, 1fr)` },
    },
  });

export const cardGrid = { threeColumns: cardGridFrom(3), fourColumns: cardGridFrom(4) };
