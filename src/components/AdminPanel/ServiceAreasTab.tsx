import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { fieldErrorsOf, isEditConflict, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import {
  serviceAreaFieldsSchema,
  townPagePath,
  type AdminServiceArea,
  type ServiceAreaFieldsInput,
} from '../../shared/schemas/service-area.ts';
import { toast } from '../Toast/toast-store.ts';
import { AdminTextField } from './AdminTextField.tsx';
import { EditConflict } from './EditConflict.tsx';
import { FormActions } from './FormActions.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ScheduleChange } from './ScheduleChange.tsx';
import { FormErrorSummary } from './FormErrorSummary.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { RowButton, RowViewLink } from './RowActions.tsx';
import * as styles from './admin.css.ts';

interface AreaFormValues {
  town: string;
  state: string;
  /** As typed: ZIP codes separated by commas or spaces. */
  zips: string;
  slug: string;
  shown: boolean;
  inBanner: boolean;
  inCommunityList: boolean;
  pageHeading: string;
  pageIntro: string;
  pageBody: string;
  pagePublished: boolean;
}

const blankForm: AreaFormValues = {
  town: '',
  state: '',
  zips: '',
  slug: '',
  shown: true,
  inBanner: true,
  inCommunityList: true,
  pageHeading: '',
  pageIntro: '',
  pageBody: '',
  pagePublished: false,
};

function formFromArea(area: AdminServiceArea): AreaFormValues {
  return {
    town: area.town,
    state: area.state,
    zips: area.zips.join(', '),
    slug: area.slug,
    shown: area.shown,
    inBanner: area.inBanner,
    inCommunityList: area.inCommunityList,
    pageHeading: area.pageHeading,
    pageIntro: area.pageIntro,
    pageBody: area.pageBody,
    pagePublished: area.pagePublished,
  };
}

/** The fields as the API takes them. */
function areaPayload(values: AreaFormValues): ServiceAreaFieldsInput {
  return {
    ...values,
    zips: values.zips.split(/[\s,;]+/).filter(Boolean),
    slug: values.slug,
  };
}

type FieldName = 'town' | 'state' | 'zips' | 'slug' | 'pageHeading' | 'pageIntro' | 'pageBody';

/** "zips.2" (the third ZIP) is shown at the ZIP codes field. */
function byFormField(errors: Record<string, string>): Partial<Record<FieldName, string>> {
  const shown: Partial<Record<FieldName, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.replace(/^area\./, '').split('.')[0] as FieldName;
    shown[field] ??= message;
  }
  return shown;
}

/** The towns served: where each is listed, its ZIP codes for booking, its order and its own page. */
/** A town as the tab loads it: with the version a save from the form is checked against. */
type VersionedArea = AdminServiceArea & { version: number };

export function ServiceAreasTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const areas = useQuery(trpc.adminServiceAreas.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminServiceAreas.list.queryKey() });
  const [editing, setEditing] = useState<VersionedArea | null>(null);
  const latestArea = async (areaId: number) =>
    (await queryClient.fetchQuery({ ...trpc.adminServiceAreas.list.queryOptions(), staleTime: 0 })).find(
      (area) => area.id === areaId,
    );
  const formHeading = useRef<HTMLHeadingElement>(null);
  const startEditing = (area: VersionedArea) => {
    setEditing(area);
    formHeading.current?.scrollIntoView({ block: 'start' });
    formHeading.current?.focus();
  };
  const update = useMutation(trpc.adminServiceAreas.update.mutationOptions());
  const reorder = useMutation(trpc.adminServiceAreas.reorder.mutationOptions());
  const remove = useMutation(trpc.adminServiceAreas.delete.mutationOptions());
  const busy = update.isPending || reorder.isPending || remove.isPending;
  const all = areas.data ?? [];

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({
        title: 'Not saved',
        description: serverMessageOf(error) ?? 'The change could not be saved. Try again.',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = all.map((area) => area.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    return run(() => reorder.mutateAsync({ ids }), 'Order saved');
  };
  const toggleShown = (area: VersionedArea) =>
    run(
      () =>
        update.mutateAsync({
          id: area.id,
          area: { ...areaPayload(formFromArea(area)), shown: !area.shown },
          version: area.version,
        }),
      area.shown ? `${area.town} hidden` : `${area.town} shown`,
    );
  const deleteArea = (area: AdminServiceArea) => {
    const question = `Move ${area.town} to the Trash? Its ZIP codes are no longer served and its page goes.`;
    if (!window.confirm(question)) return;
    return run(async () => {
      await remove.mutateAsync({ id: area.id });
      if (editing?.id === area.id) setEditing(null);
    }, `${area.town} moved to the Trash`);
  };

  return (
    <div className={styles.grid}>
      <div className={styles.form}>
        <ServiceAreaForm
          key={editing ? `${editing.id}-${editing.version}` : 'new'}
          editing={editing}
          headingRef={formHeading}
          onSaved={async () => {
            // The list first: an Edit clicked next must load the version just saved.
            await refresh();
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
          latest={latestArea}
        />
        {editing && (
          <HistoryPanel
            type="service-area"
            itemId={String(editing.id)}
            onRestored={async () => {
              setEditing((await latestArea(editing.id)) ?? null);
              await refresh();
            }}
          />
        )}
      </div>
      <section className={styles.card} aria-labelledby="service-areas-title">
        <h2 id="service-areas-title" className={styles.cardTitle}>
          Service areas{areas.isSuccess && ` (${all.length})`}
        </h2>
        <p className={styles.hint}>
          The order here is the order of the home banner and the About and Contact lists; the first town in
          those lists is the home base.
        </p>
        {areas.isPending && <p>Loading towns...</p>}
        {areas.isError && (
          <p className={styles.fieldError}>The towns could not be loaded. Reload the page to try again.</p>
        )}
        {areas.isSuccess && all.length === 0 && (
          <p className={styles.hint}>No towns yet. Add the first one with the form.</p>
        )}
        <ul className={styles.list}>
          {all.map((area, index) => {
            const hasPage = area.shown && area.pagePublished;
            const listedIn = [area.inBanner && 'home banner', area.inCommunityList && 'About and Contact']
              .filter(Boolean)
              .join(', ');
            return (
              <li key={area.id} className={styles.row} data-testid="admin-service-area">
                <div className={styles.badges}>
                  <span className={styles.badge[area.shown ? 'published' : 'hidden']}>
                    {area.shown ? 'Shown' : 'Hidden'}
                  </span>
                  <span className={styles.badge[hasPage ? 'published' : 'draft']}>
                    {hasPage ? 'Page published' : area.pagePublished ? 'Page hidden' : 'No page'}
                  </span>
                </div>
                <h3 className={styles.rowTitle}>
                  {area.town}, {area.state}
                </h3>
                <p className={styles.rowText}>ZIP codes: {area.zips.join(', ')}</p>
                <p className={styles.hint}>Listed in: {listedIn || 'no list'}</p>
                <div className={styles.buttonRow}>
                  <RowButton of={area.town} onClick={() => startEditing(area)}>
                    Edit
                  </RowButton>
                  <RowButton of={area.town} onClick={() => move(index, -1)} disabled={busy || index === 0}>
                    Move up
                  </RowButton>
                  <RowButton
                    of={area.town}
                    onClick={() => move(index, 1)}
                    disabled={busy || index === all.length - 1}
                  >
                    Move down
                  </RowButton>
                  <RowButton of={area.town} onClick={() => toggleShown(area)} disabled={busy}>
                    {area.shown ? 'Hide' : 'Show'}
                  </RowButton>
                  <RowButton of={area.town} onClick={() => deleteArea(area)} disabled={busy} look="danger">
                    Delete
                  </RowButton>
                  {hasPage && (
                    <RowViewLink of={`of ${area.town}`} href={townPagePath(area.slug)}>
                      View page
                    </RowViewLink>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** A checkbox of the form with its label around it. */
function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={styles.checkboxLabel}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

function ServiceAreaForm({
  editing,
  headingRef,
  onSaved,
  onCancel,
  latest,
}: {
  editing: VersionedArea | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSaved: () => Promise<void>;
  onCancel: () => void;
  /** The town as it is saved now, read afresh: what a refused save is shown beside. */
  latest: (areaId: number) => Promise<VersionedArea | undefined>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [values, setValues] = useState<AreaFormValues>(editing ? formFromArea(editing) : blankForm);
  // The version this form's text is based on: a save from it is refused when someone saved since.
  const [baseVersion, setBaseVersion] = useState(editing?.version);
  const [conflict, setConflict] = useState<{ message: string; theirs: VersionedArea } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const errorSummary = useRef<HTMLDivElement>(null);
  const create = useMutation(trpc.adminServiceAreas.create.mutationOptions());
  const update = useMutation(trpc.adminServiceAreas.update.mutationOptions());
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof AreaFormValues>(field: K, value: AreaFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const showErrors = (found: Partial<Record<FieldName, string>>) => {
    setErrors(found);
    requestAnimationFrame(() => errorSummary.current?.focus());
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema as the server checks first, so a slip is shown without a round trip.
    const parsed = serviceAreaFieldsSchema.safeParse(areaPayload(values));
    if (!parsed.success) return showErrors(byFormField(firstMessageByField(parsed.error)));
    setErrors({});
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, area: areaPayload(values), version: baseVersion });
        toast({ title: `${values.town} saved` });
      } else {
        await create.mutateAsync(areaPayload(values));
        toast({ title: `${values.town} added` });
      }
      setValues(blankForm);
      await onSaved();
    } catch (error) {
      const message = serverMessageOf(error) ?? 'The town could not be saved. Try again.';
      if (editing && isEditConflict(error)) {
        const theirs = await latest(editing.id).catch(() => undefined);
        if (theirs) setConflict({ message, theirs });
      }
      const byField = byFormField(fieldErrorsOf(error));
      // A refusal without a field (a slug another town has) still shows in the form's summary.
      showErrors(Object.keys(byField).length ? byField : { slug: message });
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    }
  }

  const errorId = (field: FieldName) => (errors[field] ? `${id}-${field}-error` : undefined);
  const messages = [...new Set(Object.values(errors).filter(Boolean))];

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {editing ? `Edit ${editing.town}` : 'Add a town'}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {conflict && (
          <EditConflict
            what="this town"
            message={conflict.message}
            theirs={<AreaGist values={formFromArea(conflict.theirs)} />}
            mine={<AreaGist values={values} />}
            onKeepMine={() => {
              setBaseVersion(conflict.theirs.version);
              setConflict(null);
            }}
            onTakeTheirs={() => {
              setValues(formFromArea(conflict.theirs));
              setBaseVersion(conflict.theirs.version);
              setConflict(null);
            }}
          />
        )}
        <FormErrorSummary
          id={`${id}-summary`}
          title="Not saved"
          messages={messages}
          summaryRef={errorSummary}
        />
        <AdminTextField
          id={`${id}-town`}
          label="Town *"
          value={values.town}
          onChange={(value) => set('town', value)}
          error={errors.town}
        />
        <AdminTextField
          id={`${id}-state`}
          label="State *"
          hint="Two letters, like GA."
          value={values.state}
          onChange={(value) => set('state', value)}
          error={errors.state}
        />
        <AdminTextField
          id={`${id}-zips`}
          label="ZIP codes *"
          hint="Separated by commas or spaces. Online booking accepts these ZIP codes while the town is shown."
          value={values.zips}
          onChange={(value) => set('zips', value)}
          error={errors.zips}
        />
        <AdminTextField
          id={`${id}-slug`}
          label="Page address (slug)"
          hint={`The town page is at /service-areas/${values.slug || 'town-state'}. Left empty, it is made from the town and state; a changed address sends visitors from the old one to the new.`}
          value={values.slug}
          onChange={(value) => set('slug', value)}
          error={errors.slug}
        />
        <fieldset className={styles.form}>
          <legend className={styles.label}>Where the town is named</legend>
          <CheckboxField
            label="Shown on the site (hidden: in no list, no page, its ZIP codes not served)"
            checked={values.shown}
            onChange={(checked) => set('shown', checked)}
          />
          <CheckboxField
            label="In the home page banner"
            checked={values.inBanner}
            onChange={(checked) => set('inBanner', checked)}
          />
          <CheckboxField
            label="In the About and Contact lists"
            checked={values.inCommunityList}
            onChange={(checked) => set('inCommunityList', checked)}
          />
        </fieldset>
        <h3 className={styles.sectionTitle}>Town page</h3>
        <p className={styles.hint}>
          Write about this town: its homes, its water, the jobs you do there. A page that reads like another
          town&apos;s page with the name swapped is not published: search engines treat such copies as doorway
          pages.
        </p>
        <AdminTextField
          id={`${id}-page-heading`}
          label="Page heading"
          value={values.pageHeading}
          onChange={(value) => set('pageHeading', value)}
          error={errors.pageHeading}
        />
        <AdminTextField
          id={`${id}-page-intro`}
          label="Page intro"
          multiline
          value={values.pageIntro}
          onChange={(value) => set('pageIntro', value)}
          error={errors.pageIntro}
        />
        <div className={styles.field}>
          <span id={`${id}-page-body-label`} className={styles.label}>
            Page text
          </span>
          <RichTextEditor
            id={`${id}-page-body`}
            labelledBy={`${id}-page-body-label`}
            value={values.pageBody}
            onChange={(html) => set('pageBody', html)}
            invalid={Boolean(errors.pageBody)}
            describedBy={errorId('pageBody')}
          />
          {errors.pageBody && (
            <p id={`${id}-pageBody-error`} className={styles.fieldError}>
              {errors.pageBody}
            </p>
          )}
        </div>
        <CheckboxField
          label="Publish the town page"
          checked={values.pagePublished}
          onChange={(checked) => set('pagePublished', checked)}
        />
        {editing && (
          <ScheduleChange
            type="service-area"
            itemKey={String(editing.id)}
            currentDocument={() => areaPayload(values)}
          />
        )}
        <FormActions
          saving={saving}
          submitLabel={editing ? 'Save town' : 'Add town'}
          onCancel={
            editing
              ? () => {
                  setValues(blankForm);
                  onCancel();
                }
              : undefined
          }
        />
      </form>
    </section>
  );
}

/** A town's words as a conflict shows them. */
function AreaGist({ values }: { values: AreaFormValues }) {
  return (
    <>
      <p className={styles.label}>{`${values.town}, ${values.state}`}</p>
      <p className={styles.diffText}>{values.pageHeading}</p>
      <p className={styles.diffText}>{values.pageIntro}</p>
    </>
  );
}
