import { useId, useState, type FormEvent } from 'react';
import { apiRequest } from '../../src/client/api-request.ts';
import { useAntiSpam } from '../../src/client/use-anti-spam.ts';
import { Honeypot } from '../../src/components/Honeypot/Honeypot.tsx';
import { FormNotice } from '../../src/components/FormNotice/FormNotice.tsx';
import { usePageContext } from '../../renderer/usePageContext.tsx';
import { FORM_STAMP_FIELD, outcomeFor, sentParamOf } from '../../src/shared/form-post.ts';
import { toast } from '../../src/components/Toast/toast-store.ts';
import { loadOnFirstUse } from '../../src/shared/load-on-first-use.ts';
import type { ContactInput } from '../../src/shared/schemas/contact.ts';
import { firstMessageByField } from '../../src/shared/schemas/field-errors.ts';
import * as styles from './contact.css.ts';

type FieldName = Exclude<keyof ContactInput, 'website' | 'formFillMs'>;
type FieldErrors = Partial<Record<FieldName, string>>;

const emptyForm: Record<FieldName, string> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  service: '',
  message: '',
};

// The schema (and zod with it) arrives when the visitor starts on the form, not with the page.
const contactSchema = loadOnFirstUse(() =>
  import('../../src/shared/schemas/contact.ts').then((module) => module.contactInputSchema),
);

export const SENT_MESSAGE = 'Message sent successfully! We will contact you soon.';

export function ContactForm() {
  const { formPost, formStamp, query, serviceLinks } = usePageContext();
  // The shown services, then "Other" for anything else.
  const serviceChoices = [...serviceLinks.map((service) => service.title), 'Other'];
  // A form sent before the script loaded (or without it) is answered by the server with this page:
  // its errors and the visitor's values, or, after a redirect, `?sent=1`.
  const posted = outcomeFor(formPost, 'contact');
  const [values, setValues] = useState(() => ({ ...emptyForm, ...posted?.values }));
  const [errors, setErrors] = useState<FieldErrors>(() => posted?.fieldErrors ?? {});
  const [formError, setFormError] = useState(() => posted?.message ?? null);
  const [sent, setSent] = useState(() => sentParamOf(query) === '1');
  const [sending, setSending] = useState(false);
  const antiSpam = useAntiSpam();
  const idPrefix = useId();
  const idOf = (field: FieldName) => `${idPrefix}-${field}`;

  const update = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message at once; the others keep theirs until the next submit.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showSendFailure = () =>
    toast({ title: 'Error sending message', description: 'Please try again later.', variant: 'destructive' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let parsed;
    try {
      parsed = (await contactSchema.get()).safeParse(values);
    } catch {
      return showSendFailure();
    }
    setSent(false);
    setFormError(null);
    if (!parsed.success) {
      const found: FieldErrors = firstMessageByField(parsed.error);
      setErrors(found);
      const firstInvalid = (Object.keys(emptyForm) as FieldName[]).find((field) => found[field]);
      if (firstInvalid) document.getElementById(idOf(firstInvalid))?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await apiRequest('POST', '/api/contact', { ...parsed.data, ...antiSpam.fields() });
      toast({ title: SENT_MESSAGE });
      setValues(emptyForm);
    } catch {
      showSendFailure();
    } finally {
      setSending(false);
    }
  };

  const field = (
    name: FieldName,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => {
    const id = idOf(name);
    const error = errors[name];
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
          {options.required && <span aria-hidden="true"> *</span>}
          {options.required && <span className="visually-hidden"> (required)</span>}
        </label>
        <input
          id={id}
          name={name}
          className={styles.input}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          value={values[name]}
          onChange={(event) => update(name, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required={options.required ? true : undefined}
        />
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const messageId = idOf('message');
  const serviceId = idOf('service');
  return (
    // noValidate: the schema's messages are shown next to the fields instead of the browser's bubbles.
    // method and action: a visitor who sends before the script has loaded posts the form to the server,
    // which answers with this page; the script takes the form over once it runs.
    <form
      method="post"
      action="/contact"
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={contactSchema.warm}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
    >
      <h2 id={`${idPrefix}-title`} className={styles.formTitle}>
        Send us a message
      </h2>
      <p className={styles.formHint}>
        Fields marked <span aria-hidden="true">*</span> are required.
      </p>
      {sent && <FormNotice variant="success">{SENT_MESSAGE}</FormNotice>}
      {formError && <FormNotice variant="error">{formError}</FormNotice>}
      <div className={styles.row}>
        {field('firstName', 'First Name', { required: true, autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { required: true, autoComplete: 'family-name' })}
      </div>
      <div className={styles.row}>
        {field('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
      </div>
      <div className={styles.field}>
        <label htmlFor={serviceId} className={styles.label}>
          Service Needed
        </label>
        <select
          id={serviceId}
          name="service"
          className={styles.input}
          value={values.service ?? ''}
          onChange={(event) => update('service', event.target.value)}
        >
          <option value="">Select a service</option>
          {serviceChoices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={messageId} className={styles.label}>
          Message<span aria-hidden="true"> *</span>
          <span className="visually-hidden"> (required)</span>
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={6}
          className={styles.input}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          aria-required
        />
        {errors.message && (
          <p id={`${messageId}-error`} className={styles.fieldError}>
            {errors.message}
          </p>
        )}
      </div>
      <Honeypot value={antiSpam.honeypot} onChange={antiSpam.setHoneypot} />
      <input type="hidden" name={FORM_STAMP_FIELD} value={formStamp} />
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
