import { visuallyHidden } from './visually-hidden.ts';
import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { scrollBehavior: 'smooth', WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.ink,
  background: vars.color.surface,
  lineHeight: 1.6,
});
globalStyle('img, video', { maxWidth: '100%', height: 'auto', display: 'block' });
// The rule above outranks the browser's own [hidden] rule; this puts `hidden` back in charge, so an
// image that failed to load and hid itself is really gone.
globalStyle('[hidden]', { display: 'none !important' });
globalStyle('a', { color: vars.color.blueDark });
globalStyle('h1, h2, h3, h4', { fontFamily: vars.font.heading, lineHeight: 1.2, margin: '0 0 0.5em' });
// Two rings, so the focus shows at 3:1 or more on every background the site uses (WCAG 1.4.11): the
// amber outline on navy and ink, the ink ring that fills the 2 px gap on white and light grey.
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${vars.color.focusInner}`,
});
globalStyle('button', { font: 'inherit' });
globalStyle('.visually-hidden', visuallyHidden);
// Reduced motion: no smooth scrolling, no transitions or animations anywhere.
globalStyle('html', { '@media': { '(prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' } } });
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
