/** Text read out by screen readers that takes no room on screen (the `.visually-hidden` class). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Undoes visuallyHidden where a wider screen has room to show the text. */
export const shownAgain = {
  position: 'static',
  width: 'auto',
  height: 'auto',
  margin: 0,
  overflow: 'visible',
  clip: 'auto',
} as const;
