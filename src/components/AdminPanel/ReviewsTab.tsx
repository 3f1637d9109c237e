import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDate } from '../../shared/format-date.ts';
import { toast } from '../Toast/toast-store.ts';
import * as styles from './admin.css.ts';

/** Every review, shown or hidden, with moderation. */
export function ReviewsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const reviews = useQuery(trpc.adminReviews.list.queryOptions());
  const setVisible = useMutation(trpc.adminReviews.setVisible.mutationOptions());
  const remove = useMutation(trpc.adminReviews.delete.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminReviews.list.queryKey() });

  async function toggle(reviewId: string, isVisible: boolean) {
    try {
      await setVisible.mutateAsync({ id: Number(reviewId), isVisible });
      toast(
        isVisible
          ? { title: 'Review shown', description: 'Visitors can read it now' }
          : { title: 'Review hidden', description: 'Visitors no longer see it' },
      );
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to change the review',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function deleteReview(reviewId: string) {
    if (!window.confirm('Are you sure you want to delete this review?')) return;
    try {
      await remove.mutateAsync({ id: Number(reviewId) });
      toast({ title: 'Review deleted' });
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Failed to delete review',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const rows = reviews.data ?? [];
  const waiting = rows.filter((review) => !review.isVisible).length;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Reviews ({rows.length})
      </h2>
      <p className={styles.hint}>
        {waiting} hidden from visitors. With "Hold new reviews for approval" on in Settings, new reviews wait
        here until you show them.
      </p>
      {reviews.isPending && <p>Loading reviews...</p>}
      {reviews.isError && (
        <p className={styles.fieldError}>The reviews could not be loaded. Reload the page to try again.</p>
      )}
      {reviews.isSuccess && rows.length === 0 && <p className={styles.hint}>No reviews yet.</p>}
      <ul className={styles.list}>
        {rows.map((review) => {
          const name = [review.name, review.secondName].filter(Boolean).join(' ');
          return (
            <li key={review.id} className={styles.row} data-testid="admin-review">
              <div className={styles.badges}>
                <span className={styles.badge[review.isVisible ? 'published' : 'hidden']}>
                  {review.isVisible ? 'Shown' : 'Hidden'}
                </span>
                <span className={styles.badge.draft}>{review.rating} of 5 stars</span>
              </div>
              <h3 className={styles.rowTitle}>{name}</h3>
              <p className={styles.hint}>{formatPostDate(review.createdAt)}</p>
              {/* Plain text: React escapes it, so markup in a review never runs here either. */}
              <p className={styles.details}>{review.review}</p>
              <div className={styles.buttonRow}>
                <button
                  type="button"
                  className={styles.button.secondary}
                  onClick={() => toggle(review.id, !review.isVisible)}
                  disabled={setVisible.isPending}
                >
                  {review.isVisible ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> the review by {name}</span>
                </button>
                <button
                  type="button"
                  className={styles.button.danger}
                  onClick={() => deleteReview(review.id)}
                  disabled={remove.isPending}
                >
                  Delete<span className="visually-hidden"> the review by {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
