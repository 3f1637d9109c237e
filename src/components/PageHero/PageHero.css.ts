import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandNavy} 0%, ${vars.color.blueDark} 100%)`,
  color: vars.color.onDark,
  padding: `${vars.space.xxl} ${vars.space.md}`,
  textAlign: 'center',
});

export const inner = style({ maxWidth: vars.width.text, margin: '0 auto' });

export const eyebrow = style({
  display: 'inline-block',
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.orangeDark,
  fontWeight: 700,
  fontSize: '0.9rem',
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
});

export const title = style({ fontSize: 'clamp(2rem, 5vw, 3rem)', margin: `0 0 ${vars.space.md}` });

export const lead = style({ fontSize: '1.15rem', margin: 0, color: vars.color.onBrandSoft });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
