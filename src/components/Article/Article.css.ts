import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const article = style({
  maxWidth: vars.width.text,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});
export const back = style({ display: 'inline-block', marginBottom: vars.space.lg, fontWeight: 600 });
export const header = style({ marginBottom: vars.space.lg });
export const date = style({ margin: 0, color: vars.color.inkMuted });
export const title = style({
  fontSize: 'clamp(1.9rem, 4.5vw, 2.8rem)',
  color: vars.color.brandNavy,
  overflowWrap: 'anywhere',
});
export const excerpt = style({
  fontSize: '1.2rem',
  color: vars.color.inkMuted,
  margin: `0 0 ${vars.space.md}`,
});
export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const byline = style({ margin: 0, fontWeight: 600 });
export const share = style({
  padding: `${vars.space.xs} ${vars.space.lg}`,
  minHeight: '44px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.brandNavy}`,
  background: vars.color.surface,
  color: vars.color.brandNavy,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});
export const media = style({
  marginBottom: vars.space.lg,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
});
export const mediaItem = style({ width: '100%' });
export const content = style({ fontSize: '1.075rem', overflowWrap: 'anywhere' });
globalStyle(`${content} img`, { borderRadius: vars.radius.sm, margin: `${vars.space.md} 0` });
globalStyle(`${content} h2, ${content} h3`, { color: vars.color.brandNavy, marginTop: vars.space.lg });
globalStyle(`${content} blockquote`, {
  margin: `${vars.space.md} 0`,
  paddingLeft: vars.space.md,
  borderLeft: `4px solid ${vars.color.brandOrange}`,
  color: vars.color.inkMuted,
});
globalStyle(`${content} table`, { borderCollapse: 'collapse', width: '100%' });
globalStyle(`${content} th, ${content} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.sm,
  textAlign: 'left',
});
export const footer = style({
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const quote = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  fontWeight: 700,
  textDecoration: 'none',
});

export const preview = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.noticeSurface,
  color: vars.color.noticeInk,
  fontWeight: 600,
});
