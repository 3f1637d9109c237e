import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDate } from '../../shared/format-date.ts';
import { toast } from '../Toast/toast-store.ts';
import { formatJobMonth } from '../../shared/job-month.ts';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';
import { ReviewRequestsSection } from './ReviewRequestsSection.tsx';

/** Every review, shown or hidden, with moderation; what the bot checks caught waits in the spam folder. */
export function ReviewsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [spamFolder, setSpamFolder] = useState(false);
  const reviews = useQuery(trpc.adminReviews.list.queryOptions({ spam: spamFolder }));
  const setVisible = useMutation(trpc.adminReviews.setVisible.mutationOptions());
  const remove = useMutation(trpc.adminReviews.delete.mutationOptions());
  const notSpam = useMutation(trpc.adminReviews.notSpam.mutationOptions());
  const saveReply = useMutation(trpc.adminReviews.reply.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminReviews.list.queryKey() });

  async function restore(reviewId: string) {
    try {
      await notSpam.mutateAsync({ id: Number(reviewId) });
      toast({ title: 'Not spam', description: 'Moved to the reviews, as if a person had just sent it' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to move the review',
        variant: 'destructive',
      });
    }
    await refresh();
  }

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
      toast({ title: 'Review deleted', description: 'Moved to the Trash, where it can be restored' });
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Failed to delete review',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function reply(reviewId: string, text: string) {
    try {
      const saved = await saveReply.mutateAsync({ id: Number(reviewId), reply: text });
      toast({
        title: saved.reply ? 'Reply saved' : 'Reply removed',
        description: 'It shows under the review',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to save the reply',
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
        {spamFolder ? 'Spam' : 'Reviews'} ({rows.length})
      </h2>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-folder`}>
          Folder
        </label>
        <select
          id={`${id}-folder`}
          className={styles.input}
          value={spamFolder ? 'spam' : 'reviews'}
          onChange={(event) => setSpamFolder(event.target.value === 'spam')}
        >
          <option value="reviews">Reviews</option>
          <option value="spam">Spam</option>
        </select>
      </div>
      <p className={styles.hint}>
        {spamFolder
          ? 'Reviews sent the way bots send them (a hidden field filled in, or sent within seconds). Visitors never see them; each is deleted 30 days after it arrived.'
          : `${waiting} hidden from visitors. With "Hold new reviews for approval" on in Settings, new reviews wait here until you show them.`}
      </p>
      {reviews.isPending && <p>Loading reviews...</p>}
      {reviews.isError && (
        <p className={styles.fieldError}>The reviews could not be loaded. Reload the page to try again.</p>
      )}
      {reviews.isSuccess && rows.length === 0 && (
        <p className={styles.hint}>{spamFolder ? 'The spam folder is empty.' : 'No reviews yet.'}</p>
      )}
      <ul className={styles.list}>
        {rows.map((review) => {
          const name = [review.name, review.secondName].filter(Boolean).join(' ');
          return (
            <li key={review.id} className={styles.row} data-testid="admin-review">
              <div className={styles.badges}>
                <span className={styles.badge[review.isVisible ? 'published' : 'hidden']}>
                  {review.isSpam ? 'Spam' : review.isVisible ? 'Shown' : 'Hidden'}
                </span>
                <span className={styles.badge.draft}>{review.rating} of 5 stars</span>
                {review.verified && (
                  <span className={styles.badge.published}>
                    Verified customer
                    {review.jobMonth ? `, ${formatJobMonth(review.jobMonth)}` : ''}
                    {review.town ? `, ${review.town}` : ''}
                  </span>
                )}
              </div>
              <h3 className={styles.rowTitle}>{name}</h3>
              <p className={styles.hint}>{formatPostDate(review.createdAt)}</p>
              {/* Plain text: React escapes it, so markup in a review never runs here either. */}
              <p className={styles.details}>{review.review}</p>
              {!review.isSpam && (
                <form
                  className={styles.form}
                  onSubmit={(event) => {
                    event.preventDefault();
                    const field = event.currentTarget.elements.namedItem('reply') as HTMLTextAreaElement;
                    void reply(review.id, field.value);
                  }}
                >
                  <label className={styles.label} htmlFor={`${id}-reply-${review.id}`}>
                    Your public reply{review.reply ? '' : ' (none yet)'}
                  </label>
                  <textarea
                    id={`${id}-reply-${review.id}`}
                    name="reply"
                    className={styles.input}
                    maxLength={2000}
                    defaultValue={review.reply ?? ''}
                  />
                  <div className={styles.buttonRow}>
                    <button type="submit" className={styles.button.secondary} disabled={saveReply.isPending}>
                      Save reply<span className="visually-hidden"> to {name}</span>
                    </button>
                  </div>
                </form>
              )}
              <div className={styles.buttonRow}>
                {review.isSpam ? (
                  <button
                    type="button"
                    className={styles.button.secondary}
                    onClick={() => void restore(review.id)}
                    disabled={notSpam.isPending}
                  >
                    Not spam<span className="visually-hidden">: the review by {name}</span>
                  </button>
                ) : (
                  <RowButton
                    of={`the review by ${name}`}
                    onClick={() => toggle(review.id, !review.isVisible)}
                    disabled={setVisible.isPending}
                  >
                    {review.isVisible ? 'Hide' : 'Show'}
                  </RowButton>
                )}
                <RowButton
                  of={`the review by ${name}`}
                  onClick={() => deleteReview(review.id)}
                  disabled={remove.isPending}
                  look="danger"
                >
                  Delete
                </RowButton>
              </div>
            </li>
          );
        })}
      </ul>
      {!spamFolder && <ReviewRequestsSection />}
    </section>
  );
}
