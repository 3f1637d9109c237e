import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.full,
  fontWeight: 700,
  fontSize: '1.05rem',
  textDecoration: 'none',
  border: '2px solid transparent',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease',
});

/** Links and buttons that look like buttons; orange behind white text uses the darker, readable orange. */
export const linkButton = styleVariants({
  orange: [
    base,
    {
      background: vars.color.orangeDark,
      color: vars.color.onDark,
      selectors: { '&:hover': { background: vars.color.orangeDarker } },
    },
  ],
  navy: [
    base,
    {
      background: vars.color.brandNavy,
      color: vars.color.onDark,
      selectors: { '&:hover': { background: vars.color.blueDark } },
    },
  ],
  outlineLight: [
    base,
    {
      borderColor: vars.color.onDark,
      color: vars.color.onDark,
      background: 'transparent',
      selectors: { '&:hover': { background: vars.color.onDark, color: vars.color.brandNavy } },
    },
  ],
  outlineNavy: [
    base,
    {
      borderColor: vars.color.brandNavy,
      color: vars.color.brandNavy,
      background: vars.color.surface,
      selectors: { '&:hover': { background: vars.color.brandNavy, color: vars.color.onDark } },
    },
  ],
});
