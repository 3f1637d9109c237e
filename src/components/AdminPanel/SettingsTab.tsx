import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf, isEditConflict, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { siteSettingsInputSchema, weekdays, type SiteSettings } from '../../shared/schemas/settings.ts';
import { defaultSettings } from '../../shared/site-defaults.ts';
import { SEARCH_DESCRIPTION_CHARS, SEARCH_TITLE_CHARS } from '../../shared/schemas/seo-override.ts';
import { AdminTextField } from './AdminTextField.tsx';
import { MediaUploadField } from './MediaUploadField.tsx';
import { SearchSharingSection } from './SearchSharingSection.tsx';
import { BackupsSection } from './BackupsSection.tsx';
import { toast } from '../Toast/toast-store.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import { AlertRecipientNotice } from './AlertRecipientNotice.tsx';
import * as styles from './admin.css.ts';

type TextKey = { [K in keyof SiteSettings]: SiteSettings[K] extends string ? K : never }[keyof SiteSettings];
type ToggleKey = {
  [K in keyof SiteSettings]: SiteSettings[K] extends boolean ? K : never;
}[keyof SiteSettings];

const toggles: { key: ToggleKey; label: string; hint: string }[] = [
  {
    key: 'contactFormEnabled',
    label: 'Contact form enabled',
    hint: 'Off: the contact page shows a call-us block instead of the form.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    hint: 'Email each new lead to the admin email below (needs SMTP_URL on the server).',
  },
  {
    key: 'maintenanceMode',
    label: 'Maintenance mode',
    hint: 'On: every public page answers "down for maintenance"; this admin area keeps working.',
  },
  {
    key: 'allowComments',
    label: 'Allow reviews',
    hint: 'Off: the review form is replaced by a note that reviews are closed.',
  },
  {
    key: 'holdReviewsForApproval',
    label: 'Hold new reviews for approval',
    hint: 'On: a new review appears only after you show it on the Reviews tab.',
  },
  {
    key: 'analyticsEnabled',
    label: 'Count visits for the Dashboard',
    hint: 'Off: no page views or call taps are recorded (no cookies are used either way).',
  },
];

const dayNames: Record<(typeof weekdays)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export function SettingsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const loaded = useQuery(trpc.adminSettings.get.queryOptions());
  // A failed load shows the built-in defaults.
  const [values, setValues] = useState<SiteSettings | null>(null);
  // The version the form was loaded at: a save is refused (409) when another admin saved since.
  const [version, setVersion] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (loaded.data) {
      setValues(loaded.data);
      setVersion(loaded.data.version);
    } else if (loaded.isError) setValues(defaultSettings);
  }, [loaded.data, loaded.isError]);
  const save = useMutation(trpc.adminSettings.save.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);

  if (!values) return <p>Loading settings...</p>;
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) =>
    setValues((current) => (current ? { ...current, [key]: value } : current));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = siteSettingsInputSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstMessageByField(parsed.error);
      setErrors(found);
      focusFirstInvalid(found);
      toast({
        title: 'Save failed',
        description: 'Failed to save settings. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ ...parsed.data, version });
      setValues(saved);
      setVersion(saved.version);
      queryClient.setQueryData(trpc.adminSettings.get.queryKey(), saved);
      await queryClient.invalidateQueries({ queryKey: trpc.leads.alertRecipient.queryKey() });
      toast({ title: 'Settings saved', description: 'Your settings have been updated successfully' });
    } catch (error) {
      const found = fieldErrorsOf(error);
      setErrors(found);
      focusFirstInvalid(found);
      toast({
        title: 'Save failed',
        // Another admin saved meanwhile: the message names who and when, and the form keeps what was typed.
        description: isEditConflict(error)
          ? serverMessageOf(error)
          : 'Failed to save settings. Please try again.',
        variant: 'destructive',
      });
    }
  }

  function focusFirstInvalid(found: Record<string, string>) {
    const first = Object.keys(found)[0];
    if (first)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
      );
  }

  const textField = (
    key: TextKey,
    label: string,
    options: {
      type?: string;
      hint?: string;
      multiline?: boolean;
      countTo?: number;
      autoComplete?: string;
    } = {},
  ) => (
    <AdminTextField
      id={`${id}-${key}`}
      field={key}
      label={label}
      value={values[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
      {...options}
    />
  );

  return (
    <div className={styles.form}>
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Site settings">
        {loaded.isError && (
          <p role="status" className={styles.errorBox}>
            The saved settings could not be loaded; the built-in defaults are shown. Saving writes what you
            see.
          </p>
        )}
        <div className={styles.grid}>
          <section className={styles.card} aria-labelledby={`${id}-company`}>
            <h2 id={`${id}-company`} className={styles.cardTitle}>
              Company info
            </h2>
            <div className={styles.form}>
              {textField('companyName', 'Company name', { autoComplete: 'organization' })}
              {textField('phoneNumber', 'Phone number', {
                type: 'tel',
                hint: 'Shown in the header, the call buttons and the footer.',
              })}
              {textField('email', 'Email', { type: 'email' })}
              {textField('website', 'Website', { type: 'url' })}
            </div>
          </section>
          <section className={styles.card} aria-labelledby={`${id}-location`}>
            <h2 id={`${id}-location`} className={styles.cardTitle}>
              Address and location
            </h2>
            <p className={styles.hint}>
              Shown as one line on the contact page and in the footer, and given to search engines in parts.
            </p>
            <div className={styles.form}>
              {textField('addressStreet', 'Street address', { autoComplete: 'address-line1' })}
              {textField('addressCity', 'City', { autoComplete: 'address-level2' })}
              {textField('addressState', 'State', {
                autoComplete: 'address-level1',
                hint: 'Two letters, such as GA.',
              })}
              {textField('addressZip', 'ZIP code', { autoComplete: 'postal-code' })}
              {textField('latitude', 'Latitude', {
                hint: 'Optional, with longitude: decimal degrees from a map, such as 34.2073.',
              })}
              {textField('longitude', 'Longitude', { hint: 'Such as -84.1402.' })}
              {textField('serviceArea', 'Service area', {
                hint: 'Where you work, as the sentences of the site name it, such as "Springfield and Sangamon County".',
              })}
              {textField('priceRange', 'Price range', {
                hint: 'Optional, for search engines: such as $$ or $100-$500.',
              })}
            </div>
          </section>
          <section className={styles.card} aria-labelledby={`${id}-hours`}>
            <h2 id={`${id}-hours`} className={styles.cardTitle}>
              Business hours
            </h2>
            <p className={styles.hint}>A range such as "8:00 AM - 6:00 PM", or "Closed".</p>
            <div className={styles.form}>
              {weekdays.map((day) => (
                <AdminTextField
                  key={day}
                  id={`${id}-hours-${day}`}
                  field={`businessHours.${day}`}
                  label={dayNames[day]}
                  value={values.businessHours[day]}
                  onChange={(value) => set('businessHours', { ...values.businessHours, [day]: value })}
                  error={errors[`businessHours.${day}`]}
                />
              ))}
            </div>
          </section>
          <section className={styles.card} aria-labelledby={`${id}-seo`}>
            <h2 id={`${id}-seo`} className={styles.cardTitle}>
              SEO
            </h2>
            <div className={styles.form}>
              {textField('seoTitle', 'Site title', {
                countTo: SEARCH_TITLE_CHARS,
                hint: 'The default title of pages that do not set their own.',
              })}
              {textField('seoDescription', 'Site description', {
                multiline: true,
                countTo: SEARCH_DESCRIPTION_CHARS,
              })}
              {textField('seoKeywords', 'Keywords', { hint: 'Separated by commas.' })}
            </div>
          </section>
          <section className={styles.card} aria-labelledby={`${id}-switches`}>
            <h2 id={`${id}-switches`} className={styles.cardTitle}>
              Contact, notifications and site switches
            </h2>
            <div className={styles.form}>
              {toggles.map((toggle) => (
                <div key={toggle.key} className={styles.field}>
                  <label className={styles.checkboxLabel}>
                    <input
                      type="checkbox"
                      checked={values[toggle.key]}
                      onChange={(event) => set(toggle.key, event.target.checked)}
                      aria-describedby={`${id}-${toggle.key}-hint`}
                    />
                    {toggle.label}
                  </label>
                  <p id={`${id}-${toggle.key}-hint`} className={styles.hint}>
                    {toggle.hint}
                  </p>
                </div>
              ))}
              {textField('adminEmail', 'Admin email', {
                type: 'email',
                hint: 'Where new leads are emailed. Empty: the email of the admin account.',
              })}
              <AlertRecipientNotice showRecipient />
              {textField('googleReviewUrl', 'Google review page', {
                type: 'url',
                hint: "Linked in every review request, beside the review form of this site. Empty: only the site's form.",
              })}
            </div>
          </section>
          <section className={styles.card} aria-labelledby={`${id}-social`}>
            <h2 id={`${id}-social`} className={styles.cardTitle}>
              Social links
            </h2>
            <p className={styles.hint}>Full addresses (https://…). An empty one is not shown on the site.</p>
            <div className={styles.form}>
              {textField('facebook', 'Facebook', { type: 'url' })}
              {textField('instagram', 'Instagram', { type: 'url' })}
              {textField('twitter', 'Twitter', { type: 'url' })}
              {textField('linkedin', 'LinkedIn', { type: 'url' })}
            </div>
          </section>
          <section className={styles.card} aria-labelledby={`${id}-look`}>
            <h2 id={`${id}-look`} className={styles.cardTitle}>
              Look and place
            </h2>
            <p className={styles.hint}>
              The logo shows in the header, the footer, shared links and search results. White text is written
              on both colours, so each must be dark enough to read (WCAG AA, 4.5:1).
            </p>
            <div className={styles.form}>
              <MediaUploadField
                kind="image"
                label="Logo"
                value={values.logoUrl}
                onChange={(value) => set('logoUrl', value)}
                error={errors.logoUrl}
              />
              {textField('brandPrimaryColor', 'Main brand colour', {
                hint: 'The header, hero and main buttons, written #rrggbb.',
              })}
              {textField('brandAccentColor', 'Accent colour', {
                hint: 'The call buttons and highlights, written #rrggbb.',
              })}
              {textField('timeZone', 'Time zone', {
                hint: 'Every date and time the site shows, schedules and counts, such as America/Denver.',
              })}
            </div>
          </section>
        </div>
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      </form>
      {/* Its own form: one page's metadata is saved apart from the site settings. */}
      <HistoryPanel
        type="settings"
        itemId="site"
        onRestored={() => queryClient.invalidateQueries({ queryKey: trpc.adminSettings.get.queryKey() })}
      />
      <SearchSharingSection />
      <BackupsSection />
    </div>
  );
}
