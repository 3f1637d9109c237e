import { useState } from 'react';
import { usePageContext } from '../../renderer/usePageContext.tsx';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { Toaster } from '../../src/components/Toast/Toaster.tsx';
import { REVIEWS_CLOSED_MESSAGE } from '../../src/shared/review-rules.ts';
import { ReviewForm } from '../testimonials/ReviewForm.tsx';
import * as styles from '../testimonials/testimonials.css.ts';
import type { PersonalReviewData } from './+data.ts';

const unusable: Record<string, string> = {
  used: 'This link has been used for a review already. Thank you!',
  expired: 'This review link has expired.',
  unknown: 'This review link is not known.',
};

export default function Page() {
  const { data, settings } = usePageContext();
  const link = data as PersonalReviewData;
  const [sent, setSent] = useState(false);

  return (
    <>
      <PageHero
        eyebrow="Your review"
        title={link.state === 'open' ? `Thank you, ${link.name}` : 'Leave a review'}
        lead="Tell other homeowners how the job went, good or bad. Your review is marked as from a verified customer, with the month and town of the job."
      />
      <section id="review-form" className={styles.formSection} aria-labelledby="review-form-title">
        <div className={styles.formCard}>
          <h2 id="review-form-title" className={styles.sectionTitle}>
            Your review
          </h2>
          {link.state !== 'open' ? (
            <p className={styles.empty}>
              {unusable[link.state]} You can still <a href="/testimonials#review-form">leave a review</a> on
              our reviews page.
            </p>
          ) : sent ? (
            <p className={styles.empty}>
              Thank you for your review. <a href="/testimonials">See all reviews</a>.
            </p>
          ) : settings.allowComments ? (
            <ReviewForm
              personalLink={{ token: link.token, name: link.name }}
              onReviewAdded={() => undefined}
              onSent={() => setSent(true)}
            />
          ) : (
            <p className={styles.empty}>{REVIEWS_CLOSED_MESSAGE}</p>
          )}
        </div>
      </section>
      <Toaster />
    </>
  );
}
