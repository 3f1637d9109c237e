import { style } from '@vanilla-extract/css';
import { cardGrid } from '../../styles/recipes.css.ts';
import { vars } from '../../styles/theme.css.ts';

export const grid = cardGrid.threeColumns;

export const card = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
export const media = style({ background: vars.color.surfaceMuted });
export const mediaItem = style({ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' });
export const body = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  padding: vars.space.lg,
  gap: vars.space.xs,
});
export const date = style({ margin: 0, color: vars.color.inkMuted, fontSize: '0.9rem' });
export const title = style({ margin: 0, fontSize: '1.2rem', color: vars.color.brandNavy });
export const excerpt = style({ margin: 0 });
export const byline = style({ margin: 0, color: vars.color.inkMuted, fontSize: '0.9rem' });
export const readMore = style({
  marginTop: 'auto',
  alignSelf: 'start',
  paddingTop: vars.space.sm,
  fontWeight: 700,
  color: vars.color.blueDark,
});
