import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css.ts';
import { shownAgain, visuallyHidden } from '../../styles/visually-hidden.ts';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: '-100px',
  zIndex: 100,
  background: vars.color.surface,
  padding: vars.space.sm,
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: '0 1px 6px rgba(15, 23, 42, 0.06)',
});

export const headerInner = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  '@media': { [breakpoints.medium]: { gap: vars.space.sm } },
});

export const brand = style({
  fontWeight: 800,
  fontSize: '1.15rem',
  color: vars.color.brandNavy,
  textDecoration: 'none',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
});

/**
 * The company's name beside the logo. From 1024 px the header holds every link on one line: below
 * 1280 px that leaves room for the logo alone (the name is still read out), from 1280 px for the name on
 * two lines.
 */
export const brandName = style({
  '@media': {
    [breakpoints.medium]: visuallyHidden,
    [breakpoints.large]: {
      ...shownAgain,
      whiteSpace: 'normal',
      maxWidth: '8.5rem',
      fontSize: '1rem',
      lineHeight: 1.2,
    },
  },
});

export const desktopNav = style({
  display: 'none',
  '@media': { [breakpoints.medium]: { display: 'block' } },
});

export const navList = style({
  listStyle: 'none',
  display: 'flex',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  // One line from 1024 px up; the links take less room below 1280 px instead of wrapping.
  flexWrap: 'nowrap',
});

export const navLink = style({
  display: 'block',
  whiteSpace: 'nowrap',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  '@media': {
    [breakpoints.medium]: { padding: `${vars.space.sm} 0.4rem`, fontSize: '0.95rem' },
    [breakpoints.large]: { padding: `${vars.space.sm} 0.4rem`, fontSize: '1rem' },
  },
  color: vars.color.ink,
  textDecoration: 'none',
  fontWeight: 600,
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.brandNavy },
    '&[aria-current="page"]': {
      color: vars.color.brandNavy,
      boxShadow: `inset 0 -3px 0 ${vars.color.brandOrange}`,
    },
  },
});

export const callButton = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  fontWeight: 700,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '@media': {
    [breakpoints.medium]: { display: 'inline-flex', padding: `${vars.space.sm} 0.75rem` },
    [breakpoints.large]: { padding: `${vars.space.sm} 0.9rem` },
  },
  selectors: { '&:hover': { background: vars.color.orangeDarker } },
});

/** "Call" before the number: read out always, shown from 1280 px, where the header has room for it. */
/**
 * "Book online" beside the menu button on small screens. From 1024 px the desktop header has no room left
 * on one line (the layout test measures it), and the home hero and the services page carry the button.
 */
export const bookButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  marginInlineStart: 'auto',
  border: `2px solid ${vars.color.brandNavy}`,
  color: vars.color.brandNavy,
  padding: `${vars.space.xs} 0.75rem`,
  borderRadius: vars.radius.full,
  fontWeight: 700,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '@media': { [breakpoints.medium]: { display: 'none' } },
  selectors: { '&:hover': { background: vars.color.brandNavy, color: vars.color.onDark } },
});

export const callWord = style({
  ...visuallyHidden,
  '@media': { [breakpoints.large]: shownAgain },
});

export const menuButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  background: vars.color.brandNavy,
  color: vars.color.onDark,
  border: 0,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontWeight: 700,
  cursor: 'pointer',
  '@media': { [breakpoints.medium]: { display: 'none' } },
});

export const mobileMenu = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: vars.space.md,
  '@media': { [breakpoints.medium]: { display: 'none' } },
});

export const mobileNavList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const emergencyBlock = style({
  marginTop: vars.space.md,
  background: vars.color.brandNavy,
  color: vars.color.onDark,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  textAlign: 'center',
});

export const emergencyLink = style({ color: vars.color.onDark, fontWeight: 800, fontSize: '1.25rem' });

export const main = style({ minHeight: '60vh' });

export const footer = style({
  background: vars.color.navyDeep,
  color: vars.color.onDarkMuted,
  marginTop: vars.space.xxl,
});

export const footerGrid = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.small]: { gridTemplateColumns: '1fr 1fr' },
    [breakpoints.medium]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
});

export const footerHeading = style({ color: vars.color.onDark, fontSize: '1.05rem' });
export const footerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});
export const footerLink = style({
  color: vars.color.onDarkMuted,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const footerBottom = style({
  borderTop: '1px solid rgba(255,255,255,0.15)',
  textAlign: 'center',
  padding: vars.space.md,
  fontSize: '0.9rem',
});

const floating = style({
  position: 'fixed',
  bottom: vars.space.lg,
  zIndex: 40,
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.full,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: vars.shadow.raised,
  border: 0,
  cursor: 'pointer',
});

export const floatingCall = style([
  floating,
  { right: vars.space.lg, background: vars.color.orangeDark, color: vars.color.onDark },
]);
export const scrollTop = style([
  floating,
  { left: vars.space.lg, background: vars.color.brandNavy, color: vars.color.onDark },
]);

/** The owner's logo keeps its own proportions inside the header's 32 px line, and the footer's. */
export const brandLogo = style({ height: '32px', width: 'auto', maxWidth: '160px', objectFit: 'contain' });

export const footerLogo = style({
  display: 'block',
  height: '40px',
  width: 'auto',
  maxWidth: '200px',
  objectFit: 'contain',
  margin: '0 auto 0.75rem',
});
