import type { TownListing } from '../../shared/town-lists.ts';
import * as styles from './TownName.css.ts';

/**
 * A town's name, linking its own page when it has one published. `hidden`: the copy inside an
 * aria-hidden list (the banner's seamless loop), whose link must not take focus either.
 */
export function TownName({ area, hidden = false }: { area: TownListing; hidden?: boolean }) {
  if (!area.pagePath) return <>{area.town}</>;
  return (
    <a className={styles.link} href={area.pagePath} tabIndex={hidden ? -1 : undefined}>
      {area.town}
    </a>
  );
}
