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

/**
 * A section below the first screen: laid out when it comes near the screen, not in the page's first
 * layout, which on a slow phone was one of the longest tasks of the load. The height is a guess kept
 * until the section has been laid out once; 'auto' then remembers its real one. A jump to an anchor is
 * measured against the heights of the sections above the target, so those are laid out in full when
 * the address names the target (the browser's own jump, before any script) and before a script scrolls
 * there (`scrollToHash`): otherwise the target lands off by the difference between guess and height.
 */
export const laterSection = style({
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 720px',
  selectors: { '&:target, &:has(~ :target)': { contentVisibility: 'visible' } },
});
