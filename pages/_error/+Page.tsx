import { usePageContext } from '../../renderer/usePageContext.tsx';
import * as styles from './error.css.ts';

// https://vike.dev/error-page : unknown routes (404), render failures (500), and pages that cannot be
// shown for a moment (503, with the reason given to `render()`, e.g. the database being away).
export default function Page() {
  const { is404, abortReason } = usePageContext();
  if (is404) {
    return (
      <section className={styles.wrapper}>
        <h1>404 Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </section>
    );
  }
  if (typeof abortReason === 'string') {
    return (
      <section className={styles.wrapper}>
        <h1>Back in a moment</h1>
        <p>{abortReason}</p>
      </section>
    );
  }
  return (
    <section className={styles.wrapper}>
      <h1>Something went wrong</h1>
      <p>Sorry, this page could not be shown. Please try again in a moment, or call us.</p>
    </section>
  );
}
