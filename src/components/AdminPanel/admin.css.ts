// Styles shared by every admin screen: the owner's tools look alike, so they share one sheet.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ minHeight: '100vh', background: vars.color.surfaceMuted, color: vars.color.ink });

export const header = style({
  background: vars.color.brandNavy,
  color: vars.color.onDark,
  padding: `${vars.space.md} ${vars.space.lg}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const headerTitle = style({ fontSize: '1.35rem', margin: 0 });
export const headerActions = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const headerUser = style({ fontSize: '0.95rem', opacity: 0.95 });
export const logoutForm = style({ display: 'contents' });

export const main = style({ maxWidth: vars.width.content, margin: '0 auto', padding: vars.space.lg });

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  background: 'transparent',
  color: vars.color.inkMuted,
  fontWeight: 600,
  cursor: 'pointer',
  minHeight: '44px',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.brandNavy, borderBottomColor: vars.color.brandNavy },
  },
});
export const countBadge = style({
  display: 'inline-block',
  marginLeft: vars.space.xs,
  minWidth: '1.5em',
  padding: '0 0.4em',
  borderRadius: vars.radius.full,
  background: vars.color.orangeDark,
  color: vars.color.onDark,
  fontSize: '0.8rem',
  textAlign: 'center',
});

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});
export const cardTitle = style({ fontSize: '1.25rem', marginBottom: vars.space.md });
export const sectionTitle = style({ fontSize: '1.05rem', margin: `${vars.space.lg} 0 ${vars.space.sm}` });

export const form = style({ display: 'grid', gap: vars.space.md });
export const field = style({ display: 'grid', gap: vars.space.xs });
export const fieldRow = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 640px)': { gridTemplateColumns: '1fr 1fr' } },
});
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.color.inkMuted, fontSize: '0.9rem', margin: 0 });
export const input = style({
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.ink,
  minHeight: '44px',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const checkboxLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 600,
  minHeight: '44px',
});
export const fieldError = style({ color: vars.color.danger, fontSize: '0.9rem', margin: 0 });
export const errorBox = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
});
globalStyle(`${errorBox} ul`, { margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.lg });

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '1px solid transparent',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brandNavy, color: vars.color.onDark }],
  secondary: [
    buttonBase,
    { background: vars.color.surface, color: vars.color.brandNavy, borderColor: vars.color.brandNavy },
  ],
  danger: [
    buttonBase,
    { background: vars.color.surface, color: vars.color.danger, borderColor: vars.color.danger },
  ],
  onDark: [
    buttonBase,
    { background: 'transparent', color: vars.color.onDark, borderColor: vars.color.onDark },
  ],
});
export const buttonRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });
export const row = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
});
// The row a link pointed at (a new-lead email): marked until the owner moves on.
globalStyle(`${row}[aria-current="true"]`, {
  borderColor: vars.color.brandBlue,
  boxShadow: `0 0 0 2px ${vars.color.brandBlue}`,
});
export const rowTitle = style({ fontSize: '1.05rem', margin: 0, overflowWrap: 'anywhere' });
export const rowText = style({ margin: 0, color: vars.color.inkMuted, overflowWrap: 'anywhere' });
export const badges = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
const badgeBase = style({
  display: 'inline-block',
  padding: '0.1em 0.6em',
  borderRadius: vars.radius.full,
  fontSize: '0.8rem',
  fontWeight: 700,
});
export const badge = styleVariants({
  news: [badgeBase, { background: vars.color.infoSurface, color: vars.color.infoInk }],
  advice: [badgeBase, { background: vars.color.warnSurface, color: vars.color.warnInk }],
  published: [badgeBase, { background: vars.color.successSurfaceStrong, color: vars.color.successInk }],
  draft: [badgeBase, { background: vars.color.neutralSurface, color: vars.color.neutralInk }],
  scheduled: [badgeBase, { background: vars.color.noticeSurface, color: vars.color.noticeInk }],
  hidden: [badgeBase, { background: vars.color.dangerSurfaceStrong, color: vars.color.dangerInk }],
});

export const preview = style({
  maxWidth: '100%',
  maxHeight: '180px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
export const progress = style({ width: '100%', height: '0.75rem' });

export const editorToolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderBottom: 'none',
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  background: vars.color.surfaceMuted,
});
export const toolButton = style([
  buttonBase,
  {
    minHeight: '36px',
    padding: `0 ${vars.space.sm}`,
    background: vars.color.surface,
    color: vars.color.ink,
    borderColor: vars.color.border,
    selectors: { '&[aria-pressed="true"]': { background: vars.color.brandNavy, color: vars.color.onDark } },
  },
]);
export const editorArea = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: `0 0 ${vars.radius.sm} ${vars.radius.sm}`,
  background: vars.color.surface,
  minHeight: '220px',
  padding: `0 ${vars.space.md}`,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
globalStyle(`${editorArea} .ProseMirror`, {
  minHeight: '200px',
  outline: 'none',
  padding: `${vars.space.sm} 0`,
  // The editor's own base rules: typed spaces stay spaces (not &nbsp;) and long words wrap.
  position: 'relative',
  wordWrap: 'break-word',
  whiteSpace: 'break-spaces',
  fontVariantLigatures: 'none',
  fontFeatureSettings: '"liga" 0',
});
globalStyle(`${editorArea} .ProseMirror [contenteditable="false"]`, { whiteSpace: 'normal' });
globalStyle(`${editorArea} .ProseMirror [contenteditable="false"] [contenteditable="true"]`, {
  whiteSpace: 'pre-wrap',
});
globalStyle(`${editorArea} .ProseMirror pre`, { whiteSpace: 'pre-wrap' });
globalStyle(`${editorArea} img.ProseMirror-separator`, {
  display: 'inline !important',
  border: 'none !important',
  margin: '0 !important',
  width: '0 !important',
  height: '0 !important',
});
globalStyle(`${editorArea} .ProseMirror-gapcursor`, {
  display: 'none',
  pointerEvents: 'none',
  position: 'absolute',
  margin: 0,
});
globalStyle(`${editorArea} .ProseMirror-focused .ProseMirror-gapcursor`, { display: 'block' });
globalStyle(`${editorArea} .ProseMirror-hideselection *::selection`, { background: 'transparent' });
globalStyle(`${editorArea} .ProseMirror-hideselection`, { caretColor: 'transparent' });
globalStyle(`${editorArea}:focus-within`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle(`${editorArea} img`, { maxWidth: '100%', height: 'auto' });

export const loginWrap = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.brandNavy,
});
export const loginCard = style([card, { width: '100%', maxWidth: '420px' }]);
export const passwordRow = style({ display: 'flex', gap: vars.space.xs });
export const backLink = style({ color: vars.color.brandNavy, fontWeight: 600 });
export const details = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

// The Media tab: a thumbnail beside what is known of each upload.
export const mediaRow = style([
  row,
  {
    gridTemplateColumns: '96px 1fr',
    gap: vars.space.md,
    alignItems: 'start',
    '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: '1fr' } },
  },
]);
export const mediaThumbnail = style({
  width: '96px',
  height: '96px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  color: vars.color.inkMuted,
  display: 'grid',
  placeItems: 'center',
});
export const mediaBody = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const mediaFacts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: '0.95rem',
});
globalStyle(`${mediaFacts} dt`, { fontWeight: 600 });
globalStyle(`${mediaFacts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const mediaUses = style({ margin: 0, paddingLeft: vars.space.lg });
export const mediaAltForm = style({ display: 'grid', gap: vars.space.xs });
export const mediaAltRow = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
globalStyle(`${mediaAltRow} input`, { flex: '1 1 16rem' });

// History: words put in and taken out, told apart by more than colour (underline, strike-through).
export const wordsAdded = style({
  background: '#d9f2dd',
  color: '#0b4d16',
  textDecoration: 'underline',
});
export const wordsRemoved = style({
  background: '#fbe0e0',
  color: '#7a1010',
  textDecoration: 'line-through',
});
export const diffText = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
  lineHeight: 1.6,
});
export const conflictColumns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
});

// The photos a visitor sent with a booking, side by side under the visit.
export const bookingPhotos = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
export const bookingPhoto = style({
  display: 'block',
  width: '160px',
  height: '120px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
