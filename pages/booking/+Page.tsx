import { usePageContext } from '../../renderer/usePageContext.tsx';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { FormNotice } from '../../src/components/FormNotice/FormNotice.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { outcomeFor } from '../../src/shared/form-post.ts';
import { telHref } from '../../src/shared/site-content.ts';
import { slotOf } from '../../src/shared/booking-steps.ts';
import { arrivalWindow, dayName } from '../../src/shared/booking-format.ts';
import * as formStyles from '../testimonials/testimonials.css.ts';
import * as styles from '../book/book.css.ts';
import type { ManageBookingData } from './+data.ts';

const statusWords: Record<string, string> = {
  requested: 'Requested: we will confirm it shortly',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  done: 'Done',
};

const doneWords: Record<string, string> = {
  booked: 'Thank you: your visit is booked. We have emailed you the details and a calendar file.',
  cancelled: 'Your visit is cancelled. We have emailed you to take it out of your calendar.',
  rescheduled: 'Your visit has moved. We have emailed you the new time for your calendar.',
};

// Buttons post; links only open a confirmation, so a mail scanner following every link changes nothing.
export default function Page() {
  const { data, settings, formPost, urlPathname } = usePageContext();
  const state = data as ManageBookingData;
  const outcome = outcomeFor(formPost, 'booking-manage');
  const phone = settings.phoneNumber;
  return (
    <>
      <PageHero
        eyebrow="Your booking"
        title="Your visit"
        lead={`Questions? Call ${settings.companyName} at ${phone}.`}
      />
      <section className={formStyles.formSection}>
        <div className={`${formStyles.formCard} ${styles.steps}`}>
          {state.state === 'unknown' ? (
            <p>
              This booking link is not known. Please call us at <a href={telHref(phone)}>{phone}</a>.
            </p>
          ) : (
            <>
              {state.done && doneWords[state.done] && (
                <FormNotice variant="success">{doneWords[state.done]}</FormNotice>
              )}
              {outcome?.message && <FormNotice variant="error">{outcome.message}</FormNotice>}
              <dl className={styles.summary}>
                <dt>Service</dt>
                <dd>{state.booking.serviceTitle}</dd>
                <dt>When</dt>
                <dd>
                  {dayName(state.booking.date)}, arriving between{' '}
                  {arrivalWindow(state.booking.start, state.booking.end)}
                </dd>
                <dt>Where</dt>
                <dd>{state.booking.address}</dd>
                <dt>Status</dt>
                <dd>{statusWords[state.booking.status]}</dd>
              </dl>
              {state.state === 'over' ? (
                <p>
                  This visit is over or no longer booked. To book again, <a href="/book">book online</a> or
                  call us.
                </p>
              ) : state.callInstead ? (
                <p>
                  Your visit is less than 4 hours away: to change it, please call us at{' '}
                  <a href={telHref(phone)}>{phone}</a>.
                </p>
              ) : state.change === 'cancel' ? (
                <form method="post" action={urlPathname} className={formStyles.form}>
                  <p className={styles.question}>Cancel this visit?</p>
                  <input type="hidden" name="action" value="cancel" />
                  <div className={styles.choices}>
                    <button type="submit" className={linkButton.orange}>
                      Yes, cancel my visit
                    </button>
                    <a href={urlPathname} className={linkButton.navy}>
                      No, keep it
                    </a>
                  </div>
                </form>
              ) : state.change === 'reschedule' ? (
                <form method="post" action={urlPathname} className={formStyles.form}>
                  <input type="hidden" name="action" value="reschedule" />
                  {state.windows.length === 0 ? (
                    <p>No other window has room in the next two weeks. Please call us.</p>
                  ) : (
                    <fieldset className={styles.day}>
                      <legend className={styles.dayTitle}>Pick a new arrival window</legend>
                      {state.windows.map((window, index) => (
                        <label key={slotOf(window.date, window.start)} className={styles.option}>
                          <input
                            type="radio"
                            name="slot"
                            value={slotOf(window.date, window.start)}
                            required
                            defaultChecked={index === 0}
                          />
                          {dayName(window.date)}, arriving between {arrivalWindow(window.start, window.end)}
                        </label>
                      ))}
                    </fieldset>
                  )}
                  <div className={styles.choices}>
                    {state.windows.length > 0 && (
                      <button type="submit" className={linkButton.orange}>
                        Move my visit to this window
                      </button>
                    )}
                    <a href={urlPathname} className={linkButton.navy}>
                      Keep my visit as it is
                    </a>
                  </div>
                </form>
              ) : (
                <div className={styles.choices}>
                  <a href={`${urlPathname}?change=reschedule`} className={linkButton.navy}>
                    Reschedule
                  </a>
                  <a href={`${urlPathname}?change=cancel`} className={linkButton.orange}>
                    Cancel
                  </a>
                </div>
              )}
            </>
          )}
        </div>
      </section>
    </>
  );
}
