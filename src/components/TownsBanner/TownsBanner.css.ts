import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

// The track holds the list twice, so moving it by half its width brings the start back seamlessly.
const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });

const reducedMotion = '(prefers-reduced-motion: reduce)';

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  background: vars.color.brandNavy,
  color: vars.color.onDark,
  fontWeight: 600,
});

export const label = style({
  flex: 'none',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.onDarkHighlight,
  whiteSpace: 'nowrap',
});

export const viewport = style({ flex: 1, overflow: 'hidden' });

export const track = style({
  display: 'flex',
  width: 'max-content',
  animation: `${scroll} 40s linear infinite`,
  selectors: { [`${banner}:hover &`]: { animationPlayState: 'paused' } },
  // Reduced motion: a still, wrapping list instead of moving text.
  '@media': { [reducedMotion]: { animation: 'none', width: 'auto' } },
});

export const list = style({
  display: 'flex',
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space.sm} 0`,
  '@media': { [reducedMotion]: { flexWrap: 'wrap', rowGap: vars.space.xs } },
});

export const town = style({
  padding: `0 ${vars.space.md}`,
  whiteSpace: 'nowrap',
  '::before': {
    content: '""',
    display: 'inline-block',
    width: '8px',
    height: '8px',
    marginRight: vars.space.sm,
    borderRadius: '50%',
    background: vars.color.brandOrange,
  },
});

// The second copy only makes the loop seamless; nothing moves under reduced motion, so it goes.
export const duplicate = style({ '@media': { [reducedMotion]: { display: 'none' } } });
