import { bannerTowns } from '../../shared/site-content.ts';
import * as styles from './TownsBanner.css.ts';

/** A scrolling banner of the towns served (a still list under reduced motion). */
export function TownsBanner({ title }: { title: string }) {
  const towns = (duplicate: boolean) => (
    <ul
      className={duplicate ? `${styles.list} ${styles.duplicate}` : styles.list}
      aria-hidden={duplicate || undefined}
    >
      {bannerTowns.map((town) => (
        <li key={town} className={styles.town}>
          {town}
        </li>
      ))}
    </ul>
  );
  return (
    <section className={styles.banner} aria-label="Towns we serve" data-testid="towns-banner">
      <p className={styles.label}>{title}</p>
      <div className={styles.viewport}>
        <div className={styles.track}>
          {towns(false)}
          {towns(true)}
        </div>
      </div>
    </section>
  );
}
