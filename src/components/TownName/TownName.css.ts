import { style } from '@vanilla-extract/css';

// The list's own colour, underlined as a link: it stands on the banner's navy and on light sections.
export const link = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
});
