import { MAX_RATING } from '../../shared/review-rules.ts';
import { formatJobMonth } from '../../shared/job-month.ts';
import type { PublicReview } from '../../shared/schemas/review.ts';
import * as styles from './ReviewCard.css.ts';

/** A card shows everything of the public review but its date. */
export type ReviewCardData = Omit<PublicReview, 'createdAt'>;

/**
 * One of the twelve avatar colours, picked from the review id rather than at random (see
 * docs/decisions/010-review-avatar-colours.md): the server HTML and the hydrated page agree, and a
 * review keeps its colour on every visit.
 */
export function avatarColourClass(reviewId: string): string {
  let hash = 0;
  for (const char of reviewId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return styles.avatarColours[hash % styles.avatarColours.length]!;
}

export function fullName(review: Pick<ReviewCardData, 'name' | 'secondName'>): string {
  return [review.name, review.secondName].filter(Boolean).join(' ');
}

/** As many stars as the rating, no empty ones; the label gives the scale. */
export function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(MAX_RATING, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${stars} out of ${MAX_RATING}`} className={styles.stars}>
      {'★'.repeat(stars)}
    </span>
  );
}

/** A review as a card: coloured initial, full name, stars, text. React escapes every field. */
export function ReviewCard({
  review,
  headingLevel = 'h3',
}: {
  review: ReviewCardData;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const initial = review.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <article className={styles.card}>
      <div className={styles.header}>
        <span className={`${styles.avatar} ${avatarColourClass(review.id)}`} aria-hidden="true">
          {initial}
        </span>
        <div>
          <Heading className={styles.name}>{fullName(review)}</Heading>
          <StarRating rating={review.rating} />
        </div>
      </div>
      {review.verified && (
        <p className={styles.verified}>
          {['Verified customer', review.jobMonth && `job in ${formatJobMonth(review.jobMonth)}`, review.town]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <p className={styles.text}>{review.review}</p>
      {review.reply && (
        <div className={styles.reply}>
          <p className={styles.replyTitle}>Reply from the owner</p>
          <p className={styles.replyText}>{review.reply}</p>
        </div>
      )}
    </article>
  );
}
