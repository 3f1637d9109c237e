import { style } from '@vanilla-extract/css';
import { vars } from '../../src/styles/theme.css.ts';

export const steps = style({ display: 'grid', gap: vars.space.lg });

export const question = style({
  fontSize: '1.25rem',
  fontWeight: 700,
  margin: 0,
  color: vars.color.brandNavy,
});

export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  border: 0,
  padding: 0,
  margin: 0,
});

export const callButton = style({ fontSize: '1.5rem', minHeight: '64px', paddingInline: vars.space.xl });

export const day = style({
  border: `1px solid ${vars.color.inkMuted}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

export const dayTitle = style({ fontWeight: 700, padding: `0 ${vars.space.sm}` });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  fontSize: '1.05rem',
});

export const summary = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const towns = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: 0,
  listStyle: 'none',
});

export const town = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  fontWeight: 600,
});
