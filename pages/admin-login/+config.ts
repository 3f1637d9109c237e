// https://vike.dev/config : the address to return to after signing in; the form posts it back.
import type { Config } from 'vike/types';

export default {
  queryParams: ['next'],
} satisfies Config;
