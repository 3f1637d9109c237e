// The Dashboard tab: totals in a wrapping row, the day chart with its table beside it on wide screens
// and under it on a phone.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const stack = style({ display: 'grid', gap: vars.space.lg });

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
  gridTemplateColumns: 'repeat(auto-fit, minmax(9.5rem, 1fr))',
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
  '@media': {
    'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
  },
});

export const chart = style({ minWidth: 0, minHeight: '300px' });

export const scrollTable = style({ maxHeight: '340px', overflowY: 'auto' });

export const wideTable = style({ overflowX: 'auto' });

export const pathCell = style({ overflowWrap: 'anywhere', fontWeight: 400 });
