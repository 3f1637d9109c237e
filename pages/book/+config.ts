// https://vike.dev/config : what this page reads. It is rendered for every request and never kept in
// the page cache (isLivePath in src/server/rendering/ssr.ts): the windows' room changes with every
// booking and with the clock.
import type { Config } from 'vike/types';
import { SENT_PARAM } from '../../src/shared/form-post.ts';

export default {
  queryParams: ['emergency', 'zip', 'service', 'slot', 'outside', SENT_PARAM],
  tables: ['bookings', 'booking_settings', 'booking_closed_days', 'booking_blocked_windows'],
} satisfies Config;
