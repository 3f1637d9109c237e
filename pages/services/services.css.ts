import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../src/styles/theme.css.ts';
import { HASH_SCROLL_OFFSET_PX } from '../../src/client/hash-scroll-offset.ts';

const container = { maxWidth: vars.width.content, margin: '0 auto', paddingInline: vars.space.md } as const;

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.brandNavy}, ${vars.color.blueDark})`,
  color: vars.color.onDark,
  padding: `${vars.space.xxl} 0`,
});
export const heroInner = style({ ...container });
export const badge = style({
  display: 'inline-block',
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.orangeDark,
  fontWeight: 700,
  fontSize: '0.85rem',
  letterSpacing: '0.06em',
});
export const heroTitle = style({ fontSize: 'clamp(2rem, 5vw, 3.2rem)' });
export const heroIntro = style({
  maxWidth: vars.width.text,
  fontSize: '1.15rem',
  margin: `0 0 ${vars.space.lg}`,
});

export const primaryButton = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  fontWeight: 700,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.orangeDarker } },
});

export const sectionTitle = style({ fontSize: 'clamp(1.5rem, 3vw, 2.1rem)', color: vars.color.brandNavy });

export const overview = style({ ...container, paddingBlock: vars.space.xxl });
export const overviewGrid = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.small]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.medium]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});
export const overviewCard = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  borderTop: `4px solid ${vars.color.brandOrange}`,
});
export const cardTitle = style({ fontSize: '1.2rem', color: vars.color.brandNavy });
export const learnMore = style({ marginTop: 'auto', fontWeight: 700, color: vars.color.blueDark });

export const detail = style({
  paddingBlock: vars.space.xxl,
  // The browser's own jump to a hash (before hydration, or without JavaScript) lands clear of the header too.
  scrollMarginTop: `${HASH_SCROLL_OFFSET_PX}px`,
  selectors: { '&:nth-of-type(odd)': { background: vars.color.surfaceMuted } },
});
const detailGrid = {
  ...container,
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  gridTemplateColumns: '1fr',
} as const;
export const detailInner = style({
  ...detailGrid,
  '@media': { [breakpoints.medium]: { gridTemplateColumns: '1fr 1fr' } },
});
export const detailText = style({});
export const detailMedia = style({ minWidth: 0 });
/** Every other section shows its photos on the left, for rhythm; the reading order stays text first. */
export const detailMediaFirst = style({ '@media': { [breakpoints.medium]: { order: -1 } } });
export const offerings = style({
  margin: `0 0 ${vars.space.lg}`,
  paddingLeft: '1.25rem',
  display: 'grid',
  gap: vars.space.xs,
});

export const closing = style({
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: vars.color.brandNavy,
  color: vars.color.onDark,
});
export const closingTitle = style({ fontSize: 'clamp(1.6rem, 3.5vw, 2.4rem)' });

export const description = style({ marginBottom: vars.space.md });
export const priceFrom = style({ fontWeight: 700, fontSize: '1.1rem', color: vars.color.brandNavy });
export const detailActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
export const secondaryLink = style({ fontWeight: 700, color: vars.color.blueDark });

export const breadcrumb = style({ ...container, paddingTop: vars.space.md, fontSize: '0.95rem' });
export const breadcrumbList = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
});
export const breadcrumbItem = style({
  selectors: { '&:not(:last-child)::after': { content: '"›"', marginLeft: vars.space.xs } },
});
export const breadcrumbLink = style({ color: vars.color.blueDark });
export const heroSecondaryButton = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.onDark}`,
  color: vars.color.onDark,
  fontWeight: 700,
  textDecoration: 'none',
});
export const closingActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
});
