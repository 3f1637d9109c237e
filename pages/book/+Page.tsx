import { useId, useState, type ChangeEvent } from 'react';
import { usePageContext } from '../../renderer/usePageContext.tsx';
import { PageHero } from '../../src/components/PageHero/PageHero.tsx';
import { FormNotice } from '../../src/components/FormNotice/FormNotice.tsx';
import { linkButton } from '../../src/components/LinkButton/link-button.css.ts';
import { outcomeFor, type FormPostOutcome } from '../../src/shared/form-post.ts';
import { telHref } from '../../src/shared/site-content.ts';
import { slotOf } from '../../src/shared/booking-steps.ts';
import { arrivalWindow, dayName } from '../../src/shared/booking-format.ts';
import * as formStyles from '../testimonials/testimonials.css.ts';
import * as styles from './book.css.ts';
import type { BookData } from './+data.ts';

type Outcome = FormPostOutcome | null;

/** One labelled input, with the server's message for it when a post was refused. */
function Field({
  name,
  label,
  outcome,
  type = 'text',
  required = true,
  autoComplete,
  multiline = false,
  hint,
}: {
  name: string;
  label: string;
  outcome: Outcome;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  multiline?: boolean;
  hint?: string;
}) {
  const id = `${useId()}-${name}`;
  const error = outcome?.fieldErrors[name];
  const described =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    required,
    autoComplete,
    defaultValue: outcome?.values[name] ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
        {required ? '' : ' (optional)'}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} className={formStyles.textarea} maxLength={2000} />
      ) : (
        <input {...common} type={type} className={formStyles.input} />
      )}
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Up to `limits.count` photos of the problem. Sent with the form as multipart, with or without script;
 * with script, too many or too large a photo is said at once, before anything is sent (the server
 * checks again either way).
 */
function PhotosField({
  outcome,
  limits,
}: {
  outcome: Outcome;
  limits: { count: number; bytes: number; bytesText: string };
}) {
  const id = `${useId()}-photos`;
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? outcome?.fieldErrors.photos;
  function check(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    const tooLarge = files.find((file) => file.size > limits.bytes);
    const found =
      files.length > limits.count
        ? `Attach at most ${limits.count} photos`
        : tooLarge
          ? `${tooLarge.name} is too large: each photo may be at most ${limits.bytesText}`
          : null;
    event.target.setCustomValidity(found ?? '');
    setProblem(found);
  }
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        Photos of the problem (optional)
      </label>
      <p id={`${id}-hint`} className={formStyles.hint}>
        Up to {limits.count} photos (JPEG, PNG, WebP, GIF or AVIF), each at most {limits.bytesText}. Only our
        staff see them.
      </p>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className={formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        onChange={check}
      />
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's own message (a full window, too many tries), when the server answered a post with one. */
function Notice({ outcome }: { outcome: Outcome }) {
  return outcome?.message ? <FormNotice variant="error">{outcome.message}</FormNotice> : null;
}

function bookHref(query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `/book?${params.toString()}`;
}

export default function Page() {
  const { data, settings, formPost } = usePageContext();
  const state = data as BookData;
  const outcome = outcomeFor(formPost, 'booking');
  const phone = settings.phoneNumber;

  return (
    <>
      <PageHero
        eyebrow="Book online"
        title="Book a plumber"
        lead="Check your ZIP code, pick a service and a two-hour arrival window. We confirm every visit."
      />
      <section className={formStyles.formSection}>
        <div className={`${formStyles.formCard} ${styles.steps}`}>
          {state.step === 'question' && (
            <form method="get" action="/book" className={styles.steps}>
              {state.service && <input type="hidden" name="service" value={state.service.slug} />}
              <fieldset className={styles.choices}>
                <legend className={styles.question}>
                  Is water leaking now, is there no water at all, or is sewage backing up?
                </legend>
                <button type="submit" name="emergency" value="yes" className={linkButton.orange}>
                  Yes, it is an emergency
                </button>
                <button type="submit" name="emergency" value="no" className={linkButton.navy}>
                  No, book a visit
                </button>
              </fieldset>
            </form>
          )}

          {state.step === 'emergency' && (
            <>
              <h2 className={formStyles.sectionTitle}>Call us now</h2>
              <a href={telHref(phone)} className={`${linkButton.orange} ${styles.callButton}`}>
                Call {phone}
              </a>
              <p className={styles.summary} role="status">
                {state.openNow === true
                  ? `The office is open now (today ${state.hoursToday}).`
                  : state.openNow === false
                    ? `The office is closed now (today: ${state.hoursToday}).`
                    : `Today's hours: ${state.hoursToday}.`}
                {state.openNow !== true && state.afterHoursNote ? ` ${state.afterHoursNote}` : ''}
              </p>
              {state.sent ? (
                <FormNotice variant="success">
                  We have your details and the owner has been alerted. We will call you back as soon as we
                  can; if water is still running, call us now.
                </FormNotice>
              ) : (
                <form method="post" action="/book?emergency=yes" className={formStyles.form}>
                  <h2 className={formStyles.sectionTitle}>Or leave your number: we call you back</h2>
                  <input type="hidden" name="step" value="emergency" />
                  <Notice outcome={outcome} />
                  <Field name="name" label="Your name" outcome={outcome} autoComplete="name" />
                  <Field name="phone" label="Phone number" type="tel" outcome={outcome} autoComplete="tel" />
                  <Field
                    name="address"
                    label="Address"
                    outcome={outcome}
                    required={false}
                    autoComplete="street-address"
                  />
                  <Field
                    name="problem"
                    label="What is happening"
                    outcome={outcome}
                    required={false}
                    multiline
                  />
                  <button type="submit" className={linkButton.orange}>
                    Send: call me back
                  </button>
                </form>
              )}
            </>
          )}

          {state.step === 'zip' && (
            <form
              method="post"
              action={bookHref({ emergency: 'no', service: state.service?.slug })}
              className={formStyles.form}
            >
              <h2 className={formStyles.sectionTitle}>Where is the job?</h2>
              <input type="hidden" name="step" value="zip" />
              {state.service && <input type="hidden" name="service" value={state.service.slug} />}
              <Notice outcome={outcome} />
              <Field
                name="zip"
                label="ZIP code"
                outcome={outcome}
                autoComplete="postal-code"
                hint="We check that we serve your area before you pick a time."
              />
              <button type="submit" className={linkButton.navy}>
                Check my ZIP code
              </button>
            </form>
          )}

          {state.step === 'outside' && (
            <>
              <h2 className={formStyles.sectionTitle}>We do not serve ZIP code {state.zip} yet</h2>
              <p>
                We have kept your request, and we will tell you if we can help. You can also call us at{' '}
                <a href={telHref(phone)}>{phone}</a>: we may know a good plumber near you.
              </p>
              <p>The towns we serve nearest to you:</p>
              <ul className={styles.towns}>
                {state.nearestTowns.map((town) => (
                  <li key={town} className={styles.town}>
                    {town}
                  </li>
                ))}
              </ul>
              <a href="/book?emergency=no" className={linkButton.navy}>
                Try another ZIP code
              </a>
            </>
          )}

          {state.step === 'service' && (
            <form method="get" action="/book" className={formStyles.form}>
              <input type="hidden" name="zip" value={state.zip} />
              <p className={styles.summary}>
                ZIP {state.zip}: we serve {state.towns.join(' and ')}.
              </p>
              <fieldset className={styles.day}>
                <legend className={styles.dayTitle}>Which service do you need?</legend>
                {state.services.map((service, index) => (
                  <label key={service.slug} className={styles.option}>
                    <input
                      type="radio"
                      name="service"
                      value={service.slug}
                      required
                      defaultChecked={index === 0}
                    />
                    {service.title}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className={linkButton.navy}>
                Next: pick a time
              </button>
            </form>
          )}

          {state.step === 'window' && (
            <form method="get" action="/book" className={formStyles.form}>
              <input type="hidden" name="zip" value={state.zip} />
              <input type="hidden" name="service" value={state.service.slug} />
              <p className={styles.summary}>
                {state.service.title} in ZIP {state.zip}.{' '}
                <a href={bookHref({ zip: state.zip })}>Change the service</a>
              </p>
              <Notice outcome={outcome} />
              {state.slotTaken && !outcome?.message && (
                <FormNotice variant="error">That window has just filled up: please pick another.</FormNotice>
              )}
              {state.windows.length === 0 ? (
                <p>
                  No window has room in the next two weeks. Call us at <a href={telHref(phone)}>{phone}</a>.
                </p>
              ) : (
                groupByDay(state.windows).map(([date, windows], dayIndex) => (
                  <fieldset key={date} className={styles.day}>
                    <legend className={styles.dayTitle}>{dayName(date)}</legend>
                    {windows.map((window, index) => (
                      <label key={window.start} className={styles.option}>
                        <input
                          type="radio"
                          name="slot"
                          value={slotOf(window.date, window.start)}
                          required
                          defaultChecked={dayIndex === 0 && index === 0}
                        />
                        Arriving between {arrivalWindow(window.start, window.end)}
                      </label>
                    ))}
                  </fieldset>
                ))
              )}
              {state.windows.length > 0 && (
                <button type="submit" className={linkButton.navy}>
                  Next: your details
                </button>
              )}
            </form>
          )}

          {state.step === 'details' && (
            <form
              method="post"
              encType="multipart/form-data"
              action={bookHref({
                zip: state.zip,
                service: state.service.slug,
                slot: slotOf(state.window.date, state.window.start),
              })}
              className={formStyles.form}
            >
              <p className={styles.summary}>
                {state.service.title} on {dayName(state.window.date)}, arriving between{' '}
                {arrivalWindow(state.window.start, state.window.end)}.{' '}
                <a href={bookHref({ zip: state.zip, service: state.service.slug })}>Change the time</a>
              </p>
              <input type="hidden" name="step" value="details" />
              <input type="hidden" name="zip" value={state.zip} />
              <input type="hidden" name="service" value={state.service.slug} />
              <input type="hidden" name="slot" value={slotOf(state.window.date, state.window.start)} />
              <Notice outcome={outcome} />
              <Field name="name" label="Your name" outcome={outcome} autoComplete="name" />
              <div className={formStyles.row}>
                <Field name="phone" label="Phone number" type="tel" outcome={outcome} autoComplete="tel" />
                <Field name="email" label="Email" type="email" outcome={outcome} autoComplete="email" />
              </div>
              <Field name="address" label="Street address" outcome={outcome} autoComplete="street-address" />
              <Field
                name="notes"
                label="Anything we should know"
                outcome={outcome}
                required={false}
                multiline
              />
              <PhotosField outcome={outcome} limits={state.photoLimits} />
              <button type="submit" className={linkButton.orange}>
                Book this visit
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}

function groupByDay<T extends { date: string }>(windows: T[]): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const window of windows) days.set(window.date, [...(days.get(window.date) ?? []), window]);
  return [...days];
}
