import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf, isEditConflict, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { companyTimeZone } from '../../shared/company-time.ts';
import { offerInputSchema, type AdminOffer, type OfferInput } from '../../shared/schemas/offer.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import { toast } from '../Toast/toast-store.ts';
import { AdminTextField } from './AdminTextField.tsx';
import { EditConflict } from './EditConflict.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ScheduleChange } from './ScheduleChange.tsx';
import { MediaUploadField } from './MediaUploadField.tsx';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

interface OfferFormValues {
  title: string;
  amount: string;
  description: string;
  finePrint: string;
  audience: 'everyone' | 'new-customers';
  showCallLink: boolean;
  showEstimateLink: boolean;
  picture: 'none' | 'drawn' | 'uploaded';
  pictureUrl: string;
  pictureAlt: string;
  startsAt: string;
  endsAt: string;
  sortOrder: string;
}

const blankOffer: OfferFormValues = {
  title: '',
  amount: '',
  description: '',
  finePrint: '',
  audience: 'everyone',
  showCallLink: false,
  showEstimateLink: false,
  picture: 'none',
  pictureUrl: '',
  pictureAlt: '',
  startsAt: '',
  endsAt: '',
  sortOrder: '0',
};

function formFromOffer(offer: AdminOffer): OfferFormValues {
  return {
    title: offer.title,
    amount: offer.amount,
    description: offer.description,
    finePrint: offer.finePrint.join('\n'),
    audience: offer.audience,
    showCallLink: offer.showCallLink,
    showEstimateLink: offer.showEstimateLink,
    picture: offer.picture,
    pictureUrl: offer.picture === 'uploaded' ? (offer.pictureUrl ?? '') : '',
    pictureAlt: offer.picture === 'uploaded' ? offer.pictureAlt : '',
    startsAt: offer.startsAtLocal,
    endsAt: offer.endsAtLocal,
    sortOrder: String(offer.sortOrder),
  };
}

/** The form's fields as the API takes them; times stay as typed, read on the company's clocks. */
function offerPayload(values: OfferFormValues): OfferInput {
  return { ...values, pictureUrl: values.pictureUrl || null, sortOrder: values.sortOrder };
}

/** An offer as the tab loads it: with the version a save from the form is checked against. */
type Versioned = AdminOffer & { version: number };

const statusLabels: Record<AdminOffer['status'], string> = {
  active: 'Showing',
  scheduled: 'Scheduled',
  ended: 'Ended',
};
const statusBadges = { active: 'published', scheduled: 'scheduled', ended: 'draft' } as const;

/** Offers: add, change, end and delete them; ended ones stay listed. */
export function OffersTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const list = useQuery(trpc.adminOffers.list.queryOptions());
  const create = useMutation(trpc.adminOffers.create.mutationOptions());
  const update = useMutation(trpc.adminOffers.update.mutationOptions());
  const remove = useMutation(trpc.adminOffers.delete.mutationOptions());
  const [editing, setEditing] = useState<number | null>(null);
  // The version the form's text is based on: a save from it is refused when someone saved since.
  const [baseVersion, setBaseVersion] = useState<number | undefined>();
  const [conflict, setConflict] = useState<{ message: string; theirs: Versioned } | null>(null);
  const [values, setValues] = useState<OfferFormValues>(blankOffer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminOffers.list.queryKey() });
  const latestOffer = async (offerId: number) =>
    (await queryClient.fetchQuery({ ...trpc.adminOffers.list.queryOptions(), staleTime: 0 })).find(
      (offer) => offer.id === offerId,
    );
  const edit = (offer: Versioned | undefined) => {
    setEditing(offer?.id ?? null);
    setBaseVersion(offer?.version);
    setValues(offer ? formFromOffer(offer) : blankOffer);
    setConflict(null);
    setErrors({});
  };
  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
      );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = offerPayload(values);
    const parsed = offerInputSchema.safeParse(payload);
    if (!parsed.success) {
      showErrors(firstMessageByField(parsed.error));
      toast({ title: 'Save error', description: 'Check the marked fields', variant: 'destructive' });
      return;
    }
    try {
      if (editing === null) await create.mutateAsync(payload);
      else await update.mutateAsync({ id: editing, offer: payload, version: baseVersion });
      toast({ title: editing === null ? 'Offer created' : 'Offer updated' });
      // The list first: an Edit clicked next must load the version just saved.
      await refresh();
      edit(undefined);
      return;
    } catch (error) {
      const theirs = editing !== null && isEditConflict(error) ? await latestOffer(editing) : undefined;
      if (theirs) setConflict({ message: serverMessageOf(error) ?? 'Someone else saved it.', theirs });
      showErrors(fieldErrorsOf(error));
      toast({
        title: 'Save error',
        description: serverMessageOf(error) ?? 'Failed to save the offer',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function deleteOffer(offer: AdminOffer) {
    if (!window.confirm(`Move the offer "${offer.heading}" to the Trash?`)) return;
    try {
      await remove.mutateAsync({ id: offer.id });
      toast({ title: 'Offer moved to the Trash', description: 'Restore it from the Trash tab' });
      if (editing === offer.id) edit(undefined);
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Failed to delete the offer',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const text = (
    key: 'title' | 'amount' | 'description' | 'finePrint' | 'pictureAlt',
    label: string,
    hint?: string,
    multiline = false,
  ) => (
    <AdminTextField
      id={`${id}-${key}`}
      field={key}
      label={label}
      value={values[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
      hint={hint}
      multiline={multiline}
    />
  );
  const time = (key: 'startsAt' | 'endsAt', label: string, hint: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <p id={`${id}-${key}-hint`} className={styles.hint}>
        {hint} Time in {companyTimeZone()}.
      </p>
      <input
        id={`${id}-${key}`}
        data-field={key}
        type="datetime-local"
        className={styles.input}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={[`${id}-${key}-hint`, errors[key] ? `${id}-${key}-error` : '']
          .filter(Boolean)
          .join(' ')}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className={styles.fieldError}>
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`} className={styles.cardTitle}>
          {editing === null ? 'Add an Offer' : 'Edit Offer'}
        </h2>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Offer">
          {conflict && (
            <EditConflict
              what="this offer"
              message={conflict.message}
              theirs={<p className={styles.label}>{conflict.theirs.heading}</p>}
              mine={<p className={styles.label}>{`${values.amount} ${values.title}`}</p>}
              onKeepMine={() => {
                setBaseVersion(conflict.theirs.version);
                setConflict(null);
              }}
              onTakeTheirs={() => edit(conflict.theirs)}
            />
          )}
          {text('amount', 'Amount *', 'The discount as customers read it, such as $25 Off.')}
          {text('title', 'Title *', 'What it is on, such as Any Plumbing Service.')}
          {text('description', 'Description', 'A sentence or two under the title.', true)}
          {text('finePrint', 'Fine print', 'The terms, one a line.', true)}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-audience`}>
              For
            </label>
            <select
              id={`${id}-audience`}
              className={styles.input}
              value={values.audience}
              onChange={(event) => set('audience', event.target.value as OfferFormValues['audience'])}
            >
              <option value="everyone">Everyone</option>
              <option value="new-customers">New customers</option>
            </select>
          </div>
          <label className={styles.checkboxLabel}>
            <input
              type="checkbox"
              checked={values.showCallLink}
              onChange={(event) => set('showCallLink', event.target.checked)}
            />
            Show a call button
          </label>
          <label className={styles.checkboxLabel}>
            <input
              type="checkbox"
              checked={values.showEstimateLink}
              onChange={(event) => set('showEstimateLink', event.target.checked)}
            />
            Show a Get Free Estimate button
          </label>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-picture`}>
              Picture
            </label>
            <select
              id={`${id}-picture`}
              data-field="picture"
              className={styles.input}
              value={values.picture}
              onChange={(event) => set('picture', event.target.value as OfferFormValues['picture'])}
            >
              <option value="none">None</option>
              <option value="drawn">A coupon drawn from these words, to download</option>
              <option value="uploaded">A picture I upload</option>
            </select>
          </div>
          {values.picture === 'uploaded' && (
            <>
              <MediaUploadField
                kind="image"
                label="Offer picture"
                value={values.pictureUrl}
                onChange={(value) => set('pictureUrl', value)}
                error={errors.pictureUrl}
              />
              {text(
                'pictureAlt',
                'Picture description',
                'What the picture shows, for visitors who cannot see it.',
              )}
            </>
          )}
          {time('startsAt', 'Starts', 'Empty: shows at once.')}
          {time(
            'endsAt',
            'Ends',
            'Empty: shows until you end it. It disappears from the site at this time by itself.',
          )}
          <AdminTextField
            id={`${id}-sortOrder`}
            field="sortOrder"
            label="Order"
            type="number"
            value={values.sortOrder}
            onChange={(value) => set('sortOrder', value)}
            error={errors.sortOrder}
            hint="Lower numbers show first."
          />
          <div className={styles.buttonRow}>
            <button
              type="submit"
              className={styles.button.primary}
              disabled={create.isPending || update.isPending}
            >
              {editing === null ? 'Add Offer' : 'Save Offer'}
            </button>
            {editing !== null && (
              <button type="button" className={styles.button.secondary} onClick={() => edit(undefined)}>
                Cancel
              </button>
            )}
          </div>
          {editing !== null && (
            <ScheduleChange
              type="offer"
              itemKey={String(editing)}
              currentDocument={() => offerPayload(values)}
            />
          )}
        </form>
      </section>
      {editing !== null && (
        <HistoryPanel
          type="offer"
          itemId={String(editing)}
          onRestored={async () => {
            edit(await latestOffer(editing));
            await refresh();
          }}
        />
      )}
      <section className={styles.card} aria-labelledby={`${id}-list-title`}>
        <h2 id={`${id}-list-title`} className={styles.cardTitle}>
          All Offers ({list.data?.length ?? 0})
        </h2>
        {list.isLoading && <p>Loading offers...</p>}
        <ul className={styles.list}>
          {(list.data ?? []).map((offer) => (
            <li key={offer.id} className={styles.row}>
              <div className={styles.badges}>
                <span className={styles.badge[statusBadges[offer.status]]}>{statusLabels[offer.status]}</span>
                {offer.audience === 'new-customers' && (
                  <span className={styles.badge.news}>New customers</span>
                )}
              </div>
              <h3 className={styles.rowTitle}>{offer.heading}</h3>
              {(offer.startsAtLocal || offer.endsAtLocal) && (
                <p className={styles.rowText}>
                  {offer.startsAtLocal ? `From ${offer.startsAtLocal.replace('T', ' ')}` : 'Now'}
                  {offer.endsAtLocal ? ` until ${offer.endsAtLocal.replace('T', ' ')}` : ''} (
                  {companyTimeZone()})
                </p>
              )}
              <div className={styles.buttonRow}>
                <RowButton of={offer.heading} onClick={() => edit(offer)}>
                  Edit
                </RowButton>
                <RowButton of={offer.heading} onClick={() => deleteOffer(offer)} look="danger">
                  Delete
                </RowButton>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
