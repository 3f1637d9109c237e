import { style } from '@vanilla-extract/css';
import { carouselButton } from '../../styles/recipes.css.ts';
import { breakpoints, vars } from '../../styles/theme.css.ts';

export const section = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
});

export const inner = style({ maxWidth: vars.width.content, margin: '0 auto' });

export const heading = style({
  textAlign: 'center',
  color: vars.color.brandNavy,
  fontSize: 'clamp(1.6rem, 3vw, 2.2rem)',
});

export const intro = style({
  textAlign: 'center',
  color: vars.color.inkMuted,
  margin: `0 auto ${vars.space.xl}`,
  maxWidth: vars.width.text,
});

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.lg,
  alignItems: 'stretch',
});

export const slot = style({ flex: '1 1 0', minWidth: 0 });

// One card under 640 px, two under 1024 px, three above. The script renders the
// same number after hydration; these rules make the server's HTML right before it runs.
export const slotFromSmall = style({
  display: 'none',
  '@media': { [breakpoints.small]: { display: 'block' } },
});
export const slotFromMedium = style({
  display: 'none',
  '@media': { [breakpoints.medium]: { display: 'block' } },
});

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const arrow = carouselButton;

export const dots = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  margin: 0,
  padding: 0,
});

// The visible dot is 8 px, the current one included; the button around it is 24 px so
// it is easy to hit. A real element rather than ::before, so its drawn size can be measured.
const DOT_SIZE = '8px';

export const dot = style({
  width: '24px',
  height: '24px',
  padding: 0,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
});

// The current dot differs by colour and by a ring drawn outside its box (an outline takes no space),
// so it stays 8 px and does not rely on colour alone.
export const dotMark = style({
  width: DOT_SIZE,
  height: DOT_SIZE,
  borderRadius: vars.radius.full,
  background: vars.color.inkMuted,
  selectors: {
    [`${dot}[aria-current="true"] &`]: {
      background: vars.color.orangeDark,
      outline: `2px solid ${vars.color.orangeDark}`,
      outlineOffset: '2px',
    },
  },
});

export const counter = style({
  margin: `${vars.space.sm} 0 0`,
  textAlign: 'center',
  color: vars.color.inkMuted,
  fontWeight: 600,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
});

export const allReviewsLink = style({ color: vars.color.brandNavy, fontWeight: 700 });

export const leaveReviewLink = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.full,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  fontWeight: 700,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.brandNavy } },
});
