import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../src/styles/theme.css.ts';

const containerRules = {
  maxWidth: vars.width.content,
  margin: '0 auto',
  paddingInline: vars.space.md,
} as const;

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandNavy}, ${vars.color.blueDark})`,
  color: vars.color.onDark,
  padding: `${vars.space.xxl} 0`,
});
export const heroInner = style(containerRules);
export const heroTitle = style({ fontSize: 'clamp(2rem, 5vw, 3rem)' });
export const heroIntro = style({ maxWidth: vars.width.text, fontSize: '1.15rem', margin: 0 });

export const container = style({ ...containerRules, paddingBlock: vars.space.xl });
export const containerInner = style(containerRules);
export const sectionTitle = style({ color: vars.color.brandNavy, fontSize: 'clamp(1.5rem, 3vw, 2rem)' });

export const infoGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.small]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.medium]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
});
export const infoCard = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  borderTop: `4px solid ${vars.color.brandOrange}`,
  overflowWrap: 'anywhere',
});
export const infoTitle = style({ fontSize: '1.1rem', color: vars.color.brandNavy });

export const formAndMap = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.medium]: { gridTemplateColumns: '3fr 2fr' } },
});
export const form = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });
export const formTitle = style({ color: vars.color.brandNavy, fontSize: '1.6rem' });
export const formHint = style({ margin: 0, color: vars.color.inkMuted });
export const row = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.small]: { gridTemplateColumns: '1fr 1fr' } },
});
export const field = style({ display: 'grid', gap: vars.space.xs });
export const label = style({ fontWeight: 600 });
export const input = style({
  width: '100%',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.inkMuted}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } },
});
export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: '0.9rem' });
export const submit = style({
  justifySelf: 'start',
  padding: `${vars.space.sm} ${vars.space.xl}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.75, cursor: 'progress' },
    '&:hover:not(:disabled)': { background: vars.color.orangeDarker },
  },
});

export const mapSection = style({ display: 'flex', flexDirection: 'column' });
export const map = style({
  width: '100%',
  minHeight: '360px',
  flex: 1,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

export const communities = style({ background: vars.color.surfaceMuted, paddingBlock: vars.space.xxl });
export const townList = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
export const town = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const homeBase = style({ color: vars.color.inkMuted });
export const blurbs = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.small]: { gridTemplateColumns: '1fr 1fr' } },
});
