// The Dashboard tab: totals in a wrapping row, the day chart with its table beside it on wide screens
// and under it on a phone.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

// minmax(0, 1fr): a wide chart or table scrolls inside its card instead of widening the page on a phone.
export const stack = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'minmax(0, 1fr)' });

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'space-between',
  alignItems: 'center',
});

export const totals = style({
  listStyle: 'none',
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
});

export const total = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const totalLabel = style({ fontWeight: 600, color: vars.color.inkMuted });
export const totalValue = style({ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.1 });

const changeBase = style({ fontSize: '0.9rem', fontWeight: 600 });
export const change = styleVariants({
  up: [changeBase, { color: vars.color.success }],
  down: [changeBase, { color: vars.color.danger }],
  same: [changeBase, { color: vars.color.inkMuted }],
});

export const chartAndTable = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
  },
});

export const chart = style({ minWidth: 0, minHeight: '300px', overflow: 'hidden' });

export const compact = style({});

export const scrollTable = style([compact, { maxHeight: '340px', overflowY: 'auto' }]);

export const wideTable = style([compact, { overflowX: 'auto' }]);

export const pathCell = style({ overflowWrap: 'break-word', fontWeight: 400 });

// Five narrow columns fit a phone with tighter cells.
globalStyle(`${compact} th, ${compact} td`, { padding: '0.45rem 0.4rem' });

export const pair = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
