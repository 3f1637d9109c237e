import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
});
export const pages = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});
export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brandNavy,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.brandNavy,
      borderColor: vars.color.brandNavy,
      color: vars.color.onDark,
    },
    '&[aria-disabled="true"]': {
      color: vars.color.inkMuted,
      background: vars.color.surfaceMuted,
      cursor: 'not-allowed',
    },
    '&:hover:not([aria-disabled="true"]):not([aria-current="page"])': { background: vars.color.surfaceMuted },
  },
});
