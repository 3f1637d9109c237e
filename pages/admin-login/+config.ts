// https://vike.dev/config : the address to return to after signing in, which the form posts back, and
// `step=code` when the password was right and the second step comes next.
import type { Config } from 'vike/types';

export default {
  queryParams: ['next', 'step'],
} satisfies Config;
