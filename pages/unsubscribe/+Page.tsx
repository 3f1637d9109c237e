import { usePageContext } from '../../renderer/usePageContext.tsx';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import * as styles from '../testimonials/testimonials.css.ts';
import type { UnsubscribeData } from './+data.ts';

// A plain form post, with or without script: the server answers with this page again.
export default function Page() {
  const { data, urlPathname } = usePageContext();
  const state = data as UnsubscribeData;
  return (
    <>
      <PageHero
        eyebrow="Email"
        title="Review requests"
        lead="We ask customers for a review once after a job."
      />
      <section className={styles.formSection}>
        <div className={styles.formCard}>
          {!state.known ? (
            <p className={styles.empty}>This unsubscribe link is not known.</p>
          ) : state.unsubscribed ? (
            <p className={styles.empty} role="status">
              Done: {state.email} will never be sent a review request again.
            </p>
          ) : (
            <form method="post" action={urlPathname}>
              <p className={styles.empty}>Stop all review requests to {state.email}, for good?</p>
              <button type="submit" className={linkButton.orange}>
                Unsubscribe
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
