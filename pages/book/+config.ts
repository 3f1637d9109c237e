// https://vike.dev/config : what this page reads. It is never kept in the page cache (isLivePath in
// src/server/rendering/ssr.ts): the windows' room changes with every booking and with the clock. Its
// window step is kept apart for the minute it was rendered in, until a change to one of these tables.
import type { Config } from 'vike/types';
import { SENT_PARAM } from '../../src/shared/form-post.ts';

export default {
  queryParams: ['emergency', 'zip', 'service', 'slot', 'outside', SENT_PARAM],
  tables: ['service_areas', 'bookings', 'booking_settings', 'booking_closed_days', 'booking_blocked_windows'],
} satisfies Config;
