// https://vike.dev/config : what this page reads, which the page cache keys and empties it by
// (renderer/+config.ts). Each service's own page (@slug/) inherits it: it reads the same tables.
import type { Config } from 'vike/types';

export default {
  queryParams: [],
  tables: ['services', 'faqs', 'media'],
} satisfies Config;
