import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** Carousel dots are 8 px; the button around each is larger so it is easy to hit. */
const DOT_SIZE = '8px';

export const carousel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const figure = style({ margin: 0 });

export const imageButton = style({
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  cursor: 'zoom-in',
});

export const image = style({ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' });

export const caption = style({ marginTop: vars.space.sm, color: vars.color.inkMuted, fontSize: '0.95rem' });

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
});

export const arrow = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brandNavy,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const dots = style({ display: 'flex', gap: vars.space.xs });

export const dot = style({
  width: '24px',
  height: '24px',
  padding: 0,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  '::before': {
    content: '""',
    width: DOT_SIZE,
    height: DOT_SIZE,
    borderRadius: vars.radius.full,
    background: vars.color.border,
    border: `1px solid ${vars.color.inkMuted}`,
  },
  selectors: {
    '&[aria-current="true"]::before': { background: vars.color.brandNavy, borderColor: vars.color.brandNavy },
  },
});

export const lightbox = style({
  width: '100vw',
  height: '100vh',
  maxWidth: '100vw',
  maxHeight: '100vh',
  margin: 0,
  padding: 0,
  border: 0,
  background: 'rgba(2, 6, 23, 0.94)',
  color: vars.color.onDark,
});
globalStyle(`${lightbox}::backdrop`, { background: 'rgba(2, 6, 23, 0.6)' });

export const lightboxInner = style({
  position: 'relative',
  width: '100%',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.space.xxl} ${vars.space.xxl}`,
});

export const lightboxFigure = style({ margin: 0, maxWidth: '1100px', width: '100%', textAlign: 'center' });

export const lightboxImage = style({
  margin: '0 auto',
  maxHeight: '75vh',
  width: 'auto',
  objectFit: 'contain',
  borderRadius: vars.radius.sm,
});

export const lightboxCaption = style({ marginTop: vars.space.md, fontSize: '1.05rem' });

export const lightboxCounter = style({ color: vars.color.onDarkSubtle });

const lightboxButton = style({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.full,
  border: '1px solid rgba(255,255,255,0.5)',
  background: 'rgba(15, 23, 42, 0.7)',
  color: vars.color.onDark,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(30, 60, 149, 0.9)' } },
});

export const lightboxClose = style([lightboxButton, { top: vars.space.md, right: vars.space.md }]);
export const lightboxArrow = style([lightboxButton, { top: '50%', transform: 'translateY(-50%)' }]);
export const lightboxPrevious = style({ left: vars.space.sm });
export const lightboxNext = style({ right: vars.space.sm });
