import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../src/styles/theme.css.ts';
import { cardGrid } from '../../src/styles/recipes.css.ts';

export const section = style({ padding: `${vars.space.xxl} ${vars.space.md}` });

export const muted = style({ background: vars.color.surfaceMuted });

export const inner = style({ maxWidth: vars.width.content, margin: '0 auto' });

export const sectionTitle = style({ color: vars.color.brandNavy, fontSize: 'clamp(1.6rem, 3vw, 2.2rem)' });

export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [breakpoints.medium]: { gridTemplateColumns: '1fr 1fr' } },
});

export const image = style({ width: '100%', borderRadius: vars.radius.lg, boxShadow: vars.shadow.card });

export const values = cardGrid.fourColumns;

export const valueCard = style({
  height: '100%',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  borderTop: `4px solid ${vars.color.brandOrange}`,
  boxShadow: vars.shadow.card,
});

export const valueTitle = style({ color: vars.color.brandNavy, fontSize: '1.2rem' });

export const reasons = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: 0,
  listStyle: 'none',
  '@media': { [breakpoints.small]: { gridTemplateColumns: '1fr 1fr' } },
});

globalStyle(`${reasons} li`, { display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });

export const check = style({ color: vars.color.success, fontWeight: 800 });

export const towns = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.md} 0`,
});

globalStyle(`${towns} li`, {
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 600,
});

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xl,
  margin: `${vars.space.md} 0`,
});

globalStyle(`${facts} > div`, { display: 'flex', flexDirection: 'column-reverse' });
globalStyle(`${facts} dd`, { margin: 0, fontSize: '2rem', fontWeight: 800, color: vars.color.brandNavy });

export const ctaRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const team = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
});

export const teamMember = style({ textAlign: 'center' });

export const teamPhoto = style({
  width: '160px',
  height: '160px',
  objectFit: 'cover',
  borderRadius: vars.radius.full,
  margin: '0 auto',
});
