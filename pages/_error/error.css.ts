import { style } from '@vanilla-extract/css';
import { vars } from '../../src/styles/theme.css.ts';

export const wrapper = style({
  maxWidth: vars.width.text,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  textAlign: 'center',
});
