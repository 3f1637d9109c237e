import { useState } from 'react';
import { usePageContext } from '../../renderer/usePageContext.tsx';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { ReviewCard } from '../../src/components/ReviewCard/ReviewCard.tsx';
import { Toaster } from '../../src/components/Toast/Toaster.tsx';
import type { TestimonialsData } from './+data.ts';
import type { PublicReview } from '../../src/shared/schemas/review.ts';
import { REVIEWS_CLOSED_MESSAGE } from '../../src/shared/review-rules.ts';
import { ReviewForm } from './ReviewForm.tsx';
import * as styles from './testimonials.css.ts';

export default function Page() {
  const { data, settings } = usePageContext();
  const [reviews, setReviews] = useState<PublicReview[]>(() => [...(data as TestimonialsData).reviews]);

  return (
    <>
      <PageHero
        eyebrow="Customer reviews"
        title="What Our Customers Say"
        lead={`Homeowners across ${settings.serviceArea} share how our plumbers did. Had us out recently? We would love to hear from you.`}
      />

      <section className={styles.section} aria-labelledby="reviews-title">
        <div className={styles.inner}>
          <h2 id="reviews-title" className={styles.sectionTitle}>
            Customer Reviews
          </h2>
          <p className={styles.moderationNote}>
            No review is held back or removed for its stars: we check reviews only for spam and personal
            information. &ldquo;Verified customer&rdquo; marks a review sent through the link we email after a
            job.
          </p>
          {reviews.length === 0 ? (
            <p className={styles.empty}>No reviews yet. Be the first to leave a review!</p>
          ) : (
            <ul className={styles.list} data-testid="review-list">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section id="review-form" className={styles.formSection} aria-labelledby="review-form-title">
        <div className={styles.formCard}>
          <h2 id="review-form-title" className={styles.sectionTitle}>
            Leave a Review
          </h2>
          {settings.allowComments ? (
            <ReviewForm
              onReviewAdded={(review) =>
                setReviews((current) => [review, ...current.filter((item) => item.id !== review.id)])
              }
            />
          ) : (
            <p className={styles.empty}>{REVIEWS_CLOSED_MESSAGE}</p>
          )}
        </div>
      </section>
      {/* Only pages that send something carry the toast code. */}
      <Toaster />
    </>
  );
}
