/**
 * Every kind of activity log entry, so the Activity tab can offer them as a filter, each with the words
 * the tab shows for it. Content changes add theirs here (a create, an edit with its fields, a delete, a
 * restore, a publish) and log them alike. The kind itself is what the log stores, the API answers and
 * the CSV export carries; the label is only for reading.
 */
export const activityKindLabels = {
  'sign-in': 'Signed in',
  'sign-in-refused': 'Sign-in refused',
  'sign-out': 'Signed out',
  reauthenticated: 'Confirmed password',
  'reauthentication-refused': 'Password confirmation refused',
  'session-ended': 'Session ended',
  'other-sessions-ended': 'Other sessions ended',
  'password-changed': 'Password changed',
  'two-step-enabled': 'Two-step sign-in turned on',
  'two-step-disabled': 'Two-step sign-in turned off',
  'recovery-codes-renewed': 'Recovery codes renewed',
  'recovery-code-used': 'Recovery code used',
  'second-step-locked': 'Second step locked',
  'passkey-added': 'Passkey added',
  'passkey-renamed': 'Passkey renamed',
  'passkey-removed': 'Passkey removed',
  'email-changed': 'Email changed',
  'two-step-policy-changed': 'Two-step rule changed',
  'user-created': 'Person added',
  'user-disabled': 'Person disabled',
  'user-enabled': 'Person enabled',
  'user-password-reset': "Person's password reset",
  'user-sessions-ended': "Person's sessions ended",
  'backup-downloaded': 'Backup downloaded',
  'leads-exported': 'Leads exported',
  'review-requested': 'Review requested',
  'booking-created': 'Booking made',
  'booking-changed': 'Booking changed',
  'booking-settings-saved': 'Booking settings saved',
  'booking-window-blocked': 'Arrival window blocked',
  'booking-calendar-feed-changed': 'Calendar feed changed',
  'bookings-exported': 'Bookings exported',
  'content-created': 'Created',
  'content-edited': 'Edited',
  'content-published': 'Published',
  'content-unpublished': 'Unpublished',
  'version-restored': 'Earlier version restored',
  'content-trashed': 'Moved to Trash',
  'content-restored': 'Restored from Trash',
  'content-purged': 'Deleted forever',
  'settings-changed': 'Settings changed',
  'change-scheduled': 'Change scheduled',
  'scheduled-change-applied': 'Scheduled change made',
} as const satisfies Record<string, string>;

export type ActivityKind = keyof typeof activityKindLabels;

export const activityKinds = Object.keys(activityKindLabels) as ActivityKind[];

/** The words for a kind; a kind this version does not know (from a newer one sharing the database) as it is. */
export function activityKindLabel(kind: string): string {
  return Object.hasOwn(activityKindLabels, kind) ? activityKindLabels[kind as ActivityKind] : kind;
}
