import { buildIfStale } from '../scripts/build-if-stale.ts';

// Browser tests run the production bundle, as a visitor gets it.
export default function setup() {
  buildIfStale();
}
