import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../src/styles/theme.css.ts';

export const breadcrumb = style({
  maxWidth: vars.width.text,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: '0.95rem',
});
globalStyle(`${breadcrumb} ol`, {
  display: 'flex',
  flexWrap: 'wrap',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
// The separator is drawn, not read: a screen reader hears the list of two places.
globalStyle(`${breadcrumb} li + li::before`, {
  content: '"›"',
  padding: `0 ${vars.space.sm}`,
  color: vars.color.inkMuted,
});
globalStyle(`${breadcrumb} a`, { color: vars.color.brandNavy });

export const section = style({
  maxWidth: vars.width.text,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});

export const zips = style({ marginTop: vars.space.lg, color: vars.color.inkMuted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});
