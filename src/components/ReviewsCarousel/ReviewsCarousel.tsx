import { useCallback, useEffect, useId, useState } from 'react';
import { useVisitorAttention } from '../../client/use-visitor-attention.ts';
import { useAutoAdvance } from '../../client/use-auto-advance.ts';
import { useMediaQuery, usePrefersReducedMotion } from '../../client/use-media-query.ts';
import { breakpoints } from '../../styles/theme.css.ts';
import { ReviewCard, type ReviewCardData } from '../ReviewCard/ReviewCard.tsx';
import * as styles from './ReviewsCarousel.css.ts';

/** The reviews carousel advances every 4000 ms. */
export const REVIEW_ROTATION_MS = 4000;
/**
 * The home page shows the newest nine reviews, three screens of three cards, and links to the rest: its
 * size stays the same however many reviews come in.
 */
export const HOME_REVIEWS_LIMIT = 9;
const MAX_VISIBLE_CARDS = 3;

/** One card under 640 px, two under 1024 px, otherwise three. */
function useVisibleCardCount(): number {
  // The server renders all three slots and lets CSS hide the extra ones, so it answers "wide".
  const fromSmall = useMediaQuery(breakpoints.small, true);
  const fromMedium = useMediaQuery(breakpoints.medium, true);
  return fromMedium ? 3 : fromSmall ? 2 : 1;
}

export function ReviewsCarousel({
  reviews,
  reviewCount,
  serviceArea,
}: {
  reviews: readonly ReviewCardData[];
  /** Every shown review, of which `reviews` are the newest. */
  reviewCount: number;
  /** Where the company works (Settings), as the intro names it. */
  serviceArea: string;
}) {
  const headingId = useId();
  const [index, setIndex] = useState(0);
  const attention = useVisitorAttention();
  // null until the visitor presses pause or play; until then motion preferences decide.
  const [autoRotateChoice, setAutoRotateChoice] = useState<boolean | null>(null);
  const prefersReducedMotion = usePrefersReducedMotion();
  const visibleCardCount = useVisibleCardCount();
  const count = reviews.length;

  // The index goes back to 0 when the list shrinks below it.
  const current = index >= count ? 0 : index;
  useEffect(() => {
    if (index >= count && index !== 0) setIndex(0);
  }, [index, count]);

  const showNext = useCallback(() => setIndex((value) => (value + 1 >= count ? 0 : value + 1)), [count]);
  const showPrevious = () => setIndex((value) => (value - 1 < 0 ? count - 1 : value - 1));

  const autoRotate = autoRotateChoice ?? !prefersReducedMotion;
  const rotating = autoRotate && !attention.attending && count > 1;
  useAutoAdvance(showNext, REVIEW_ROTATION_MS, rotating, current);

  if (count === 0) return null;

  const slotCount = Math.min(visibleCardCount, MAX_VISIBLE_CARDS, count);
  const shown = Array.from({ length: slotCount }, (_, offset) => reviews[(current + offset) % count]!);
  const slotClass = [
    styles.slot,
    `${styles.slot} ${styles.slotFromSmall}`,
    `${styles.slot} ${styles.slotFromMedium}`,
  ];

  return (
    <section
      className={styles.section}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      {...attention.handlers}
      data-testid="reviews-carousel"
    >
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.heading}>
          What Our Customers Say
        </h2>
        <p className={styles.intro}>Real reviews from homeowners across {serviceArea}.</p>
        <ul className={styles.cards}>
          {shown.map((review, offset) => (
            <li key={`${offset}-${review.id}`} className={slotClass[offset]} data-testid="review-slide">
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={showPrevious}>
            <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> review</span>
          </button>
          <ul className={styles.dots} aria-label="Choose a review">
            {reviews.map((review, position) => (
              <li key={review.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Show review ${position + 1}`}
                  aria-current={position === current ? 'true' : undefined}
                  onClick={() => setIndex(position)}
                >
                  <span className={styles.dotMark} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} onClick={showNext}>
            Next<span className="visually-hidden"> review</span>
            <span aria-hidden="true"> ›</span>
          </button>
          <button type="button" className={styles.arrow} onClick={() => setAutoRotateChoice(!autoRotate)}>
            {autoRotate ? 'Pause rotation' : 'Play rotation'}
          </button>
        </div>
        {/* Announced only while the visitor drives the carousel: a 4-second ticker would talk over everything. */}
        <p className={styles.counter} aria-live={rotating ? 'off' : 'polite'}>
          Review {current + 1} of {count}
        </p>
        <div className={styles.footer}>
          <a className={styles.leaveReviewLink} href="/testimonials#review-form">
            Leave Your Review
          </a>
          {reviewCount > count && (
            <a className={styles.allReviewsLink} href="/testimonials">
              Read all {reviewCount} reviews
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
