import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const section = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xxl,
});
export const title = style({ fontSize: 'clamp(1.5rem, 3vw, 2.1rem)', color: vars.color.brandNavy });
export const list = style({ maxWidth: vars.width.text, margin: 0 });
export const question = style({
  marginTop: vars.space.lg,
  fontSize: '1.1rem',
  fontWeight: 700,
  color: vars.color.brandNavy,
});
export const answer = style({ margin: `${vars.space.xs} 0 0` });
