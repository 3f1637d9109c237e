import * as styles from './services.css.ts';

/** "From $149", or nothing for a service priced on the visit. */
export function PriceFrom({ priceFrom }: { priceFrom: number | null }) {
  if (priceFrom === null) return null;
  return <p className={styles.priceFrom}>From ${priceFrom.toLocaleString('en-US')}</p>;
}
