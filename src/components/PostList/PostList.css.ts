import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const caption = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.inkMuted });
