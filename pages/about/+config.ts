// https://vike.dev/config : what this page reads, which the page cache keys and empties it by
// (renderer/+config.ts).
import type { Config } from 'vike/types';

export default {
  queryParams: [],
  tables: ['service_areas', 'page_texts:about'],
} satisfies Config;
