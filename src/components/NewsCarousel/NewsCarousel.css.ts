import { style } from '@vanilla-extract/css';
import { carouselButton } from '../../styles/recipes.css.ts';
import { vars } from '../../styles/theme.css.ts';

/** The news slide transition lasts 500 ms. */
export const SLIDE_TRANSITION_MS = 500;

export const section = style({ padding: `${vars.space.xxl} ${vars.space.md}` });

export const inner = style({ maxWidth: vars.width.content, margin: '0 auto' });

export const headingRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const heading = style({
  margin: 0,
  color: vars.color.brandNavy,
  fontSize: 'clamp(1.6rem, 3vw, 2.2rem)',
});

export const viewAll = style({ fontWeight: 700, color: vars.color.blueDark });

export const viewport = style({
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const track = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  transition: `transform ${SLIDE_TRANSITION_MS}ms ease-in-out`,
});

export const slide = style({
  flex: '0 0 100%',
  minHeight: '320px',
  display: 'flex',
  alignItems: 'flex-end',
  backgroundColor: vars.color.brandNavy,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
});

// Dark wash under the text so white type stays readable over any photo.
export const slideBody = style({
  width: '100%',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  background:
    'linear-gradient(to top, rgba(15, 23, 42, 0.92) 0%, rgba(15, 23, 42, 0.75) 60%, rgba(15, 23, 42, 0.35) 100%)',
  color: vars.color.onDark,
});

export const date = style({
  display: 'block',
  fontSize: '0.9rem',
  fontWeight: 600,
  color: vars.color.onDarkHighlight,
});

export const title = style({ margin: `${vars.space.xs} 0`, fontSize: 'clamp(1.3rem, 2.5vw, 1.8rem)' });

export const titleLink = style({
  color: vars.color.onDark,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const excerpt = style({ margin: 0, maxWidth: vars.width.text, color: vars.color.onDarkMuted });

export const controls = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
});

export const control = carouselButton;

export const position = style({ margin: 0, color: vars.color.inkMuted, fontWeight: 600 });
