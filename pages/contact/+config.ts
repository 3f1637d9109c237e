// https://vike.dev/config : what this page reads, which the page cache keys and empties it by
// (renderer/+config.ts).
import type { Config } from 'vike/types';
import { SENT_PARAM } from '../../src/shared/form-post.ts';

export default {
  queryParams: [SENT_PARAM],
  tables: ['service_areas', 'faqs', 'page_texts:contact'],
} satisfies Config;
