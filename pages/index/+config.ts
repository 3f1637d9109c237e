// https://vike.dev/config : what this page reads, which the page cache keys and empties it by
// (renderer/+config.ts).
import type { Config } from 'vike/types';

export default {
  queryParams: [],
  tables: ['posts', 'reviews', 'media', 'service_areas', 'offers', 'page_texts:home'],
} satisfies Config;
