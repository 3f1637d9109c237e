import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { avatarColourValues } from '../../styles/palette.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  height: '100%',
  margin: 0,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const avatar = style({
  flex: 'none',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.full,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.onDark,
  fontWeight: 800,
  fontSize: '1.25rem',
});

export const avatarColours = Object.values(
  styleVariants(
    Object.fromEntries(avatarColourValues.map((colour, index) => [`colour${index}`, { background: colour }])),
  ),
);

export const name = style({ margin: 0, fontWeight: 700, fontSize: '1.05rem', color: vars.color.ink });

export const stars = style({
  color: vars.color.orangeDark,
  letterSpacing: '2px',
  fontSize: '1.1rem',
  lineHeight: 1,
});

export const text = style({
  margin: 0,
  color: vars.color.inkMuted,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-line',
});

export const verified = style({
  margin: 0,
  fontSize: '0.875rem',
  fontWeight: 700,
  color: vars.color.ink,
});

export const reply = style({
  marginTop: vars.space.sm,
  paddingLeft: vars.space.md,
  borderLeft: `3px solid ${vars.color.border}`,
});

export const replyTitle = style({ margin: 0, fontSize: '0.875rem', fontWeight: 700, color: vars.color.ink });

export const replyText = style({
  margin: 0,
  color: vars.color.inkMuted,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-line',
});
