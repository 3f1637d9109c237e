import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css.ts';

// Shared by the news list, the advice centre and the article page.
export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandNavy}, ${vars.color.blueDark})`,
  color: vars.color.onDark,
  padding: `${vars.space.xxl} ${vars.space.md}`,
});
export const heroInner = style({ maxWidth: vars.width.content, margin: '0 auto' });
export const heroTitle = style({ fontSize: 'clamp(2rem, 5vw, 3rem)' });
export const heroIntro = style({ maxWidth: vars.width.text, fontSize: '1.15rem', margin: 0 });

export const container = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
});
export const sectionTitle = style({ color: vars.color.brandNavy, fontSize: 'clamp(1.5rem, 3vw, 2rem)' });

export const emptyState = style({ textAlign: 'center', padding: `${vars.space.xxl} ${vars.space.md}` });
export const emptyTitle = style({ color: vars.color.brandNavy, fontSize: '1.6rem' });

export const tipsGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.medium]: { gridTemplateColumns: '1fr 1fr' } },
});
export const tipCard = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  borderLeft: `4px solid ${vars.color.brandOrange}`,
});
export const tipList = style({ margin: 0, paddingLeft: '1.25rem', display: 'grid', gap: vars.space.sm });

export const callout = style({
  margin: `${vars.space.xl} auto 0`,
  maxWidth: vars.width.content,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.brandNavy,
  color: vars.color.onDark,
  textAlign: 'center',
  scrollMarginTop: '100px',
});
export const calloutButton = style({
  display: 'inline-block',
  marginTop: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  fontWeight: 700,
  textDecoration: 'none',
});
