import { townWithState, type TownListing } from '../../shared/town-lists.ts';
import { TownName } from '../TownName/TownName.tsx';
import * as styles from './TownsBanner.css.ts';

/** A scrolling banner of the towns served (a still list under reduced motion); nothing without towns. */
export function TownsBanner({ title, towns }: { title: string; towns: readonly TownListing[] }) {
  if (towns.length === 0) return null;
  const list = (duplicate: boolean) => (
    <ul
      className={duplicate ? `${styles.list} ${styles.duplicate}` : styles.list}
      aria-hidden={duplicate || undefined}
    >
      {towns.map((area) => (
        <li key={townWithState(area)} className={styles.town}>
          <TownName area={area} hidden={duplicate} />
        </li>
      ))}
    </ul>
  );
  return (
    <section className={styles.banner} aria-label="Towns we serve" data-testid="towns-banner">
      <p className={styles.label}>{title}</p>
      <div className={styles.viewport}>
        <div className={styles.track}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </section>
  );
}
