import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const viewport = style({
  position: 'fixed',
  top: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  width: '100%',
  // The viewport is at most 420 px wide.
  maxWidth: '420px',
  listStyle: 'none',
  margin: 0,
  pointerEvents: 'none',
});

const base = style({
  pointerEvents: 'auto',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
  touchAction: 'pan-y',
  // A mouse swipe would otherwise select the text, and the next swipe would drag that selection
  // (the browser cancels the pointer then) instead of moving the toast.
  userSelect: 'none',
  transition: 'transform 150ms ease-out, opacity 150ms ease-out',
});

export const toast = styleVariants({
  default: [base, { background: vars.color.surface, color: vars.color.ink }],
  destructive: [
    base,
    { background: vars.color.danger, color: vars.color.onDark, borderColor: vars.color.danger },
  ],
});

export const title = style({ fontWeight: 700, margin: 0 });
export const description = style({ margin: `${vars.space.xs} 0 0`, fontSize: '0.95rem' });
export const close = style({
  background: 'transparent',
  border: 0,
  color: 'inherit',
  cursor: 'pointer',
  fontSize: '1.25rem',
  lineHeight: 1,
  padding: vars.space.xs,
});
