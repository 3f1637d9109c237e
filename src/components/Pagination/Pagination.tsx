import * as styles from './Pagination.css.ts';

/**
 * Page links that work without JavaScript: each page is its own server-rendered URL (`?page=N`).
 * At the ends the previous or next control stays in place but is disabled (a link without href).
 */
export function Pagination({
  basePath,
  page,
  pageCount,
  label,
}: {
  basePath: string;
  page: number;
  pageCount: number;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => (target === 1 ? basePath : `${basePath}?page=${target}`);
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const edge = (target: number, text: string, enabled: boolean) =>
    enabled ? (
      <a className={styles.button} href={hrefFor(target)}>
        {text}
      </a>
    ) : (
      // A link with nowhere to go, announced as unavailable: the row keeps its shape and order.
      // eslint-disable-next-line jsx-a11y/anchor-is-valid
      <a className={styles.button} role="link" aria-disabled="true">
        {text}
      </a>
    );

  return (
    <nav className={styles.pagination} aria-label={label}>
      {edge(page - 1, 'Previous', page > 1)}
      <ul className={styles.pages}>
        {pages.map((number) => (
          <li key={number}>
            <a
              className={styles.button}
              href={hrefFor(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
            >
              {number}
            </a>
          </li>
        ))}
      </ul>
      {edge(page + 1, 'Next', page < pageCount)}
    </nav>
  );
}
