import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../src/client/api-request.ts';
import { useAntiSpam } from '../../src/client/use-anti-spam.ts';
import { Honeypot } from '../../src/components/Honeypot/Honeypot.tsx';
import { FormNotice } from '../../src/components/FormNotice/FormNotice.tsx';
import { usePageContext } from '../../renderer/usePageContext.tsx';
import { FORM_STAMP_FIELD, outcomeFor, sentParamOf } from '../../src/shared/form-post.ts';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { toast } from '../../src/components/Toast/toast-store.ts';
import { reviewForList, type ReviewAnswer } from '../../src/shared/review-for-list.ts';
import type { PublicReview } from '../../src/shared/schemas/review.ts';
import { loadOnFirstUse } from '../../src/shared/load-on-first-use.ts';
import {
  keepReviewOnDevice,
  sendReviewsKeptOnDevice,
  serverUnreachable,
} from '../../src/client/reviews-kept-on-device.ts';
import type { ReviewData } from '../../src/shared/schemas/review.ts';
import {
  DEFAULT_RATING,
  MAX_RATING,
  MIN_RATING,
  REVIEW_HELD_MESSAGE,
} from '../../src/shared/review-rules.ts';
import { firstMessageByField } from '../../src/shared/schemas/field-errors.ts';
import * as styles from './testimonials.css.ts';

interface ReviewResponse {
  success: boolean;
  review?: ReviewAnswer;
  /** True when the owner approves reviews first: it is not shown until then. */
  pending?: boolean;
  message?: string;
}

async function sendReview(
  review: ReviewData & { website?: string; formFillMs?: number },
): Promise<ReviewResponse> {
  const answer = await apiRequest<ReviewResponse>('POST', '/api/reviews', review);
  if (!answer.success) throw new Error(answer.message ?? 'The review was not accepted');
  return answer;
}

// The schema (and zod with it) arrives when the visitor starts on the form, not with the page.
const reviewSchema = loadOnFirstUse(() =>
  import('../../src/shared/schemas/review.ts').then((module) => module.reviewInputSchema),
);

type FieldName = 'name' | 'secondName' | 'rating' | 'review';
type FieldErrors = Partial<Record<FieldName, string>>;

const emptyForm = { name: '', secondName: '', rating: String(DEFAULT_RATING), review: '', email: '' };
const ratingChoices = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** What a review sent without script says after the server's redirect (`?sent=...`). */
const sentNotices: Record<string, string> = {
  published: 'Review submitted successfully! Thank you for your feedback.',
  held: `Review submitted successfully! ${REVIEW_HELD_MESSAGE}`,
};

/** A review request's personal link: the review is sent with its token, the name already filled in. */
export interface PersonalReviewLink {
  token: string;
  name: string;
}

export function ReviewForm({
  onReviewAdded,
  personalLink,
  onSent,
}: {
  onReviewAdded: (review: PublicReview) => void;
  personalLink?: PersonalReviewLink;
  /** After the server took the review, published or held. */
  onSent?: () => void;
}) {
  const id = useId();
  const { formPost, formStamp, query } = usePageContext();
  // A review sent before the script loaded (or without it) is answered by the server with this page:
  // its errors and the visitor's values, or, after a redirect, `?sent=published|held`.
  const posted = outcomeFor(formPost, 'review');
  const startingForm = { ...emptyForm, name: personalLink?.name ?? '' };
  const [values, setValues] = useState(() => ({ ...startingForm, ...posted?.values }));
  const [errors, setErrors] = useState<FieldErrors>(() => posted?.fieldErrors ?? {});
  const [formError, setFormError] = useState(() => posted?.message ?? null);
  const [sentNotice, setSentNotice] = useState(() => sentNotices[sentParamOf(query) ?? ''] ?? null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const antiSpam = useAntiSpam();

  // Reviews kept on this device while the server could not be reached go out now, and again whenever
  // the browser comes back online. Once per page: the latest onReviewAdded is read through a ref.
  const addReview = useRef(onReviewAdded);
  useEffect(() => {
    addReview.current = onReviewAdded;
  });
  useEffect(() => {
    const sendKept = async () => {
      for (const { review, answer } of await sendReviewsKeptOnDevice(sendReview)) {
        if (answer.pending) continue;
        addReview.current(reviewForList(review, answer.review));
        toast({
          title: 'Review submitted successfully!',
          description: 'The review kept on this device has been sent. Thank you for your feedback.',
        });
      }
    };
    const sendKeptNow = () => void sendKept();
    sendKeptNow();
    window.addEventListener('online', sendKeptNow);
    return () => window.removeEventListener('online', sendKeptNow);
  }, []);

  const set = (field: keyof typeof emptyForm) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };
  const fieldId = (field: string) => `${id}-${field}`;
  const describedBy = (field: FieldName, hint?: boolean) =>
    [hint ? fieldId(`${field}-hint`) : '', errors[field] ? fieldId(`${field}-error`) : '']
      .filter(Boolean)
      .join(' ') || undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const showSubmitFailure = () =>
      toast({
        title: 'Error submitting review',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
    setSentNotice(null);
    setFormError(null);
    let parsed;
    try {
      // The email stays in the browser: the review schema has no email (see docs/decisions/010-review-avatar-colours.md).
      parsed = (await reviewSchema.get()).safeParse({
        name: values.name,
        secondName: values.secondName,
        rating: Number(values.rating),
        review: values.review,
      });
    } catch {
      // The form resets after a failure too.
      setValues(startingForm);
      return showSubmitFailure();
    }
    if (!parsed.success) {
      const fieldErrors: FieldErrors = firstMessageByField(parsed.error);
      setErrors(fieldErrors);
      const firstInvalid = (['name', 'secondName', 'rating', 'review'] as const).find(
        (field) => fieldErrors[field],
      );
      if (firstInvalid)
        formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(firstInvalid))}`)?.focus();
      return;
    }

    setErrors({});
    setSubmitting(true);
    try {
      const answer = await sendReview({
        ...parsed.data,
        ...(personalLink ? { token: personalLink.token } : {}),
        ...antiSpam.fields(),
      });
      onSent?.();
      if (answer.pending) {
        toast({ title: 'Review submitted successfully!', description: REVIEW_HELD_MESSAGE });
      } else {
        onReviewAdded(reviewForList(parsed.data, answer.review));
        toast({ title: 'Review submitted successfully!', description: 'Thank you for your feedback.' });
      }
    } catch (error) {
      // Two kinds of failure, handled apart: a server that cannot be
      // reached gets the review later ("Review saved locally!"), a server that answered no is final.
      // A review through a personal link is not kept on the device: sent later without its link, it
      // would lose the verified mark. A refused link says why (used already, or expired).
      if (personalLink) {
        const refusal = error instanceof ApiError && error.status === 400 ? error.serverMessage : undefined;
        if (refusal) toast({ title: 'Review not sent', description: refusal, variant: 'destructive' });
        else showSubmitFailure();
      } else if (serverUnreachable(error) && keepReviewOnDevice(parsed.data)) {
        toast({
          title: 'Review saved locally!',
          description:
            'We could not reach our server. Your review is kept on this device and will be sent on your next visit.',
        });
      } else {
        showSubmitFailure();
      }
    } finally {
      // The form resets after success and after failure alike.
      setValues(startingForm);
      setSubmitting(false);
    }
  }

  return (
    // method and action: a visitor who sends before the script has loaded posts the review to the server,
    // which answers with this page; the script takes the form over once it runs.
    <form
      ref={formRef}
      method="post"
      action="/testimonials#review-form"
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={reviewSchema.warm}
      noValidate
      aria-describedby={fieldId('required-note')}
    >
      <p id={fieldId('required-note')} className={styles.hint}>
        Fields marked * are required.
      </p>
      {sentNotice && <FormNotice variant="success">{sentNotice}</FormNotice>}
      {formError && <FormNotice variant="error">{formError}</FormNotice>}
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={fieldId('name')}>
            Name *
          </label>
          <input
            id={fieldId('name')}
            className={styles.input}
            type="text"
            name="name"
            autoComplete="given-name"
            required
            maxLength={255}
            value={values.name}
            onChange={set('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {errors.name && (
            <p id={fieldId('name-error')} className={styles.error}>
              {errors.name}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={fieldId('secondName')}>
            Second name (optional)
          </label>
          <input
            id={fieldId('secondName')}
            className={styles.input}
            type="text"
            name="secondName"
            autoComplete="family-name"
            maxLength={255}
            value={values.secondName}
            onChange={set('secondName')}
            aria-invalid={errors.secondName ? true : undefined}
            aria-describedby={describedBy('secondName')}
          />
          {errors.secondName && (
            <p id={fieldId('secondName-error')} className={styles.error}>
              {errors.secondName}
            </p>
          )}
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('email')}>
          Email (optional, not published)
        </label>
        {/* No name: a form sent without script leaves the email out too, as the hint promises. */}
        <input
          id={fieldId('email')}
          className={styles.input}
          type="email"
          autoComplete="email"
          maxLength={255}
          value={values.email}
          onChange={set('email')}
          aria-describedby={fieldId('email-hint')}
        />
        <p id={fieldId('email-hint')} className={styles.hint}>
          Kept on your device: it is not sent with your review and never shown.
        </p>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('rating')}>
          Rating *
        </label>
        <select
          id={fieldId('rating')}
          className={styles.input}
          name="rating"
          value={values.rating}
          onChange={set('rating')}
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={describedBy('rating')}
        >
          {Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, offset) => MAX_RATING - offset).map(
            (stars) => (
              <option key={stars} value={stars}>
                {stars} {stars === 1 ? 'star' : 'stars'}: {ratingChoices[stars - 1]}
              </option>
            ),
          )}
        </select>
        {errors.rating && (
          <p id={fieldId('rating-error')} className={styles.error}>
            {errors.rating}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('review')}>
          Your review *
        </label>
        <textarea
          id={fieldId('review')}
          className={styles.textarea}
          name="review"
          required
          maxLength={5000}
          value={values.review}
          onChange={set('review')}
          aria-invalid={errors.review ? true : undefined}
          aria-describedby={describedBy('review', true)}
        />
        <p id={fieldId('review-hint')} className={styles.hint}>
          Tell other homeowners what we fixed and how it went.
        </p>
        {errors.review && (
          <p id={fieldId('review-error')} className={styles.error}>
            {errors.review}
          </p>
        )}
      </div>
      <Honeypot value={antiSpam.honeypot} onChange={antiSpam.setHoneypot} />
      <input type="hidden" name={FORM_STAMP_FIELD} value={formStamp} />
      {personalLink && <input type="hidden" name="token" value={personalLink.token} />}
      <button type="submit" className={`${linkButton.orange} ${styles.submit}`} disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Review'}
      </button>
    </form>
  );
}
