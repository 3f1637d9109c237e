import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../src/styles/theme.css.ts';
import { cardGrid } from '../../src/styles/recipes.css.ts';

export const inner = style({ maxWidth: vars.width.content, margin: '0 auto' });

export const section = style({ padding: `${vars.space.xxl} ${vars.space.md}` });

export const sectionTitle = style({ color: vars.color.brandNavy, fontSize: 'clamp(1.6rem, 3vw, 2.2rem)' });

export const sectionLead = style({
  color: vars.color.inkMuted,
  margin: `0 0 ${vars.space.xl}`,
  maxWidth: vars.width.text,
});

// Hero: the photo fills the section; its left half is dark by design, and a wash keeps text readable on narrow screens.
export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  color: vars.color.onDark,
  background: vars.color.brandNavy,
});

export const heroImage = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const heroContent = style({
  position: 'relative',
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background:
    'linear-gradient(90deg, rgba(15, 23, 42, 0.88) 0%, rgba(15, 23, 42, 0.7) 60%, rgba(15, 23, 42, 0.2) 100%)',
});

export const emergencyBadge = style({
  display: 'inline-block',
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  fontWeight: 800,
  letterSpacing: '0.03em',
  textTransform: 'uppercase',
});

export const heroTitle = style({ fontSize: 'clamp(2.1rem, 5vw, 3.4rem)', maxWidth: '14em' });

export const heroLead = style({ fontSize: '1.15rem', maxWidth: '36em', color: vars.color.onDarkMuted });

export const claims = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.md} 0`,
});

globalStyle(`${claims} li`, {
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: 'rgba(15, 23, 42, 0.65)',
  border: '1px solid rgba(255, 255, 255, 0.5)',
  fontWeight: 600,
});

export const heroActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: `${vars.space.lg} 0`,
});

export const stats = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xl, margin: 0 });

globalStyle(`${stats} > div`, { display: 'flex', flexDirection: 'column-reverse' });
globalStyle(`${stats} dt`, { color: vars.color.onDarkMuted });
globalStyle(`${stats} dd`, {
  margin: 0,
  fontSize: '2rem',
  fontWeight: 800,
  color: vars.color.onDarkHighlight,
});

export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.small]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.medium]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  height: '100%',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  borderTop: `4px solid ${vars.color.brandOrange}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  textDecoration: 'none',
  color: vars.color.ink,
  selectors: { '&:hover': { borderColor: vars.color.brandBlue } },
});

export const tileTitle = style({ fontWeight: 800, fontSize: '1.15rem', color: vars.color.brandNavy });

export const tileText = style({ color: vars.color.inkMuted });

export const offers = style({ background: vars.color.surfaceMuted });

export const offerGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [breakpoints.medium]: { gridTemplateColumns: '1fr 1fr' } },
});

export const offerCard = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const newCustomerCard = style({ border: `3px dashed ${vars.color.orangeDark}` });

export const offerEyebrow = style({
  margin: 0,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  color: vars.color.orangeDark,
});

export const offerTitle = style({
  margin: 0,
  color: vars.color.brandNavy,
  fontSize: 'clamp(1.5rem, 3vw, 2rem)',
});

export const couponImage = style({ borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });

export const offerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const finePrint = style({
  margin: `${vars.space.sm} 0 0`,
  paddingLeft: vars.space.lg,
  fontSize: '0.9rem',
  color: vars.color.inkMuted,
});

export const cards = cardGrid.fourColumns;

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
});

export const cardImage = style({ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' });

export const cardBody = style({ display: 'flex', flexDirection: 'column', flex: 1, padding: vars.space.lg });

export const cardTitle = style({ color: vars.color.brandNavy, fontSize: '1.2rem' });

export const learnMore = style({ marginTop: 'auto', fontWeight: 700, color: vars.color.orangeDark });

export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [breakpoints.medium]: { gridTemplateColumns: '1fr 1fr' } },
});

export const splitImage = style({ width: '100%', borderRadius: vars.radius.lg, boxShadow: vars.shadow.card });

export const finalCta = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  textAlign: 'center',
  color: vars.color.onDark,
  background: `linear-gradient(135deg, ${vars.color.brandNavy} 0%, ${vars.color.blueDark} 100%)`,
});

export const finalCtaTitle = style({ fontSize: 'clamp(1.8rem, 4vw, 2.6rem)' });

export const finalCtaActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
