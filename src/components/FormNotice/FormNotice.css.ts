import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const base = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  borderWidth: 1,
  borderStyle: 'solid',
  fontWeight: 600,
});

export const notice = styleVariants({
  success: [
    base,
    { borderColor: vars.color.success, background: vars.color.successSurface, color: vars.color.success },
  ],
  error: [
    base,
    { borderColor: vars.color.danger, background: vars.color.dangerSurface, color: vars.color.danger },
  ],
});
