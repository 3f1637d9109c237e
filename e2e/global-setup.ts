import { buildIfStale } from '../scripts/build-stamp.mjs';

// Browser tests run the production bundle, as a visitor gets it.
export default function setup() {
  buildIfStale();
}
