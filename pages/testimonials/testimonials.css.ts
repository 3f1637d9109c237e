import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../src/styles/theme.css.ts';

export const section = style({ padding: `${vars.space.xxl} ${vars.space.md}` });

export const inner = style({ maxWidth: vars.width.content, margin: '0 auto' });

export const sectionTitle = style({ color: vars.color.brandNavy, fontSize: 'clamp(1.6rem, 3vw, 2.2rem)' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.small]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.medium]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});

export const empty = style({ color: vars.color.inkMuted, fontSize: '1.1rem' });

// The sticky header would otherwise cover the form's heading when the #review-form link lands here.
export const formSection = style({
  padding: `${vars.space.xxl} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  scrollMarginTop: '80px',
});

export const formCard = style({
  maxWidth: vars.width.text,
  margin: '0 auto',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const form = style({ display: 'grid', gap: vars.space.md });

export const row = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [breakpoints.small]: { gridTemplateColumns: '1fr 1fr' } },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontWeight: 700 });

export const input = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.inkMuted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.ink,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } },
});

export const textarea = style([input, { minHeight: '140px', resize: 'vertical' }]);

export const hint = style({ margin: 0, fontSize: '0.9rem', color: vars.color.inkMuted });

export const error = style({ margin: 0, fontSize: '0.95rem', fontWeight: 600, color: vars.color.danger });

export const submit = style({
  justifySelf: 'start',
  selectors: { '&:disabled': { opacity: 0.7, cursor: 'progress' } },
});

export const moderationNote = style({
  margin: `0 0 ${vars.space.lg}`,
  color: vars.color.inkMuted,
  fontSize: '0.95rem',
});
