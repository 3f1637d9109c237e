import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { uploadFile } from '../../client/upload-file.ts';
import { fieldErrorsOf, isEditConflict, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import type { AppRouter } from '../../server/http/trpc/app-router.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import {
  faqInputSchema,
  serviceInputSchema,
  type FaqFormInput,
  type ServiceFormInput,
} from '../../shared/schemas/service.ts';
import { toast } from '../Toast/toast-store.ts';
import { DraftOffer, DraftStatus } from './DraftOffer.tsx';
import { EditConflict } from './EditConflict.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ScheduleChange } from './ScheduleChange.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { RowButton, RowViewLink } from './RowActions.tsx';
import { useAutosave } from './useAutosave.ts';
import * as styles from './admin.css.ts';

type Outputs = inferRouterOutputs<AppRouter>;
type AdminService = Outputs['adminServices']['list'][number];
type AdminFaq = Outputs['adminFaqs']['list'][number];
type LibraryItem = Outputs['media']['library'][number];

interface PhotoValues {
  src: string;
  alt: string;
  caption: string;
  width?: number;
  height?: number;
}

interface ServiceFormValues {
  title: string;
  slug: string;
  anchor: string;
  summary: string;
  description: string;
  /** One offering a line. */
  offerings: string;
  photos: PhotoValues[];
  homeHighlight: string;
  /** Whole dollars as typed; empty for none. */
  priceFrom: string;
  isShown: boolean;
}

const blankService: ServiceFormValues = {
  title: '',
  slug: '',
  anchor: '',
  summary: '',
  description: '',
  offerings: '',
  photos: [],
  homeHighlight: '',
  priceFrom: '',
  isShown: true,
};

function formFromService(service: AdminService): ServiceFormValues {
  return {
    title: service.title,
    slug: service.slug,
    anchor: service.anchor,
    summary: service.summary,
    description: service.description,
    offerings: service.offerings.join('\n'),
    photos: service.photos.map((photo) => ({ ...photo })),
    homeHighlight: service.homeHighlight ?? '',
    priceFrom: service.priceFrom === null ? '' : String(service.priceFrom),
    isShown: service.isShown,
  };
}

/** The form's values as the API takes them. */
function servicePayload(values: ServiceFormValues): ServiceFormInput {
  const price = values.priceFrom.trim();
  return {
    title: values.title,
    slug: values.slug || null,
    anchor: values.anchor || null,
    summary: values.summary,
    description: values.description,
    offerings: values.offerings
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    photos: values.photos,
    homeHighlight: values.homeHighlight || null,
    priceFrom: price === '' ? null : Number(price),
    isShown: values.isShown,
  };
}

/** Moves the item at `index` one place up (-1) or down (+1). */
function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

/** Messages by field for a form: the schema's own, or what the server reported. */
function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const summary = useRef<HTMLDivElement>(null);
  const show = (found: Record<string, string>) => {
    setErrors(found);
    if (Object.keys(found).length) requestAnimationFrame(() => summary.current?.focus());
  };
  return { errors, show, summary };
}

function ErrorSummary({
  errors,
  summaryRef,
  id,
}: {
  errors: Record<string, string>;
  summaryRef: React.RefObject<HTMLDivElement | null>;
  id: string;
}) {
  const messages = [...new Set(Object.values(errors).filter(Boolean))];
  if (!messages.length) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      className={styles.errorBox}
      aria-labelledby={`${id}-summary`}
    >
      <strong id={`${id}-summary`}>Validation error</strong>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A labelled text input or textarea with its hint and error, described by both. */
function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  multiline,
  required,
  type = 'text',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'number';
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    className: styles.input,
    value,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          min={type === 'number' ? 0 : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

export function ServicesTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const services = useQuery(trpc.adminServices.list.queryOptions());
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.adminServices.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.adminFaqs.list.queryKey() });
  };
  const [editing, setEditing] = useState<AdminService | null>(null);
  const latestServices = () =>
    queryClient.fetchQuery({ ...trpc.adminServices.list.queryOptions(), staleTime: 0 });
  const formHeading = useRef<HTMLHeadingElement>(null);
  const update = useMutation(trpc.adminServices.update.mutationOptions());
  const remove = useMutation(trpc.adminServices.delete.mutationOptions());
  const reorder = useMutation(trpc.adminServices.reorder.mutationOptions());
  const all = services.data ?? [];

  const startEditing = (service: AdminService) => {
    setEditing(service);
    formHeading.current?.scrollIntoView({ block: 'start' });
    formHeading.current?.focus();
  };

  async function run(action: () => Promise<unknown>, done: string, failed: string) {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({
        title: failed,
        description: serverMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const toggleShown = (service: AdminService) =>
    run(
      () =>
        update.mutateAsync({
          id: service.id,
          ...servicePayload({ ...formFromService(service), isShown: !service.isShown }),
          version: service.version,
        }),
      service.isShown ? 'Service hidden' : 'Service shown',
      'Could not change the service',
    );

  const move = (index: number, step: -1 | 1) =>
    run(
      () => reorder.mutateAsync({ ids: moved(all, index, step).map((service) => service.id) }),
      'Order saved',
      'Could not change the order',
    );

  const deleteService = (service: AdminService) => {
    if (!window.confirm(`Move the service “${service.title}” and its questions to the Trash?`)) return;
    if (editing?.id === service.id) setEditing(null);
    return run(() => remove.mutateAsync({ id: service.id }), 'Service moved to the Trash', 'Delete error');
  };

  return (
    <div className={styles.grid}>
      <div className={styles.form}>
        <ServiceForm
          key={editing ? `${editing.id}-${editing.version}` : 'new'}
          editing={editing}
          headingRef={formHeading}
          onSaved={async () => {
            // The list first: an Edit clicked next must load the version just saved.
            await refresh();
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
          latest={async (serviceId) => (await latestServices()).find((service) => service.id === serviceId)}
        />
        {editing && (
          <HistoryPanel
            type="service"
            itemId={String(editing.id)}
            onRestored={async () => {
              setEditing((await latestServices()).find((service) => service.id === editing.id) ?? null);
              await refresh();
            }}
          />
        )}
      </div>
      <section className={styles.card} aria-labelledby="all-services-title">
        <h2 id="all-services-title" className={styles.cardTitle}>
          All Services{services.isSuccess && ` (${all.length})`}
        </h2>
        <p className={styles.hint}>In the order the Services page, the home page and the footer show them.</p>
        {services.isPending && <p>Loading services...</p>}
        {services.isError && (
          <p className={styles.fieldError}>The services could not be loaded. Reload the page to try again.</p>
        )}
        <ul className={styles.list}>
          {all.map((service, index) => (
            <li key={service.id} className={styles.row} data-testid="admin-service">
              <div className={styles.badges}>
                <span className={styles.badge[service.isShown ? 'published' : 'hidden']}>
                  {service.isShown ? 'Shown' : 'Hidden'}
                </span>
              </div>
              <h3 className={styles.rowTitle}>{service.title}</h3>
              <p className={styles.rowText}>
                /services/{service.slug} · #{service.anchor}
                {service.formerSlugs.length > 0 &&
                  ` · moved from /services/${service.formerSlugs.join(', ')}`}
              </p>
              <div className={styles.buttonRow}>
                <RowButton of={service.title} onClick={() => startEditing(service)}>
                  Edit
                </RowButton>
                <RowButton
                  of={service.title}
                  onClick={() => move(index, -1)}
                  disabled={index === 0 || reorder.isPending}
                >
                  Move up
                </RowButton>
                <RowButton
                  of={service.title}
                  onClick={() => move(index, 1)}
                  disabled={index === all.length - 1 || reorder.isPending}
                >
                  Move down
                </RowButton>
                <RowButton
                  of={service.title}
                  onClick={() => toggleShown(service)}
                  disabled={update.isPending}
                >
                  {service.isShown ? 'Hide' : 'Show'}
                </RowButton>
                <RowButton
                  of={service.title}
                  onClick={() => deleteService(service)}
                  disabled={remove.isPending}
                  look="danger"
                >
                  Delete
                </RowButton>
                {service.isShown && (
                  <RowViewLink of={service.title} href={`/services/${service.slug}`}>
                    View
                  </RowViewLink>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <FaqsSection services={all} />
    </div>
  );
}

function ServiceForm({
  editing,
  headingRef,
  onSaved,
  onCancel,
  latest,
}: {
  editing: AdminService | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSaved: () => Promise<void>;
  onCancel: () => void;
  /** The service as it is saved now, read afresh: what a refused save is shown beside. */
  latest: (serviceId: number) => Promise<AdminService | undefined>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [values, setValues] = useState<ServiceFormValues>(editing ? formFromService(editing) : blankService);
  // The version this form's text is based on: a save from it is refused when someone saved since.
  const [baseVersion, setBaseVersion] = useState(editing?.version);
  const [conflict, setConflict] = useState<{ message: string; theirs: AdminService } | null>(null);
  const autosave = useAutosave(
    'service',
    editing ? String(editing.id) : 'new',
    { ...values, photos: values.photos.map((photo) => ({ ...photo })) },
    baseVersion ?? 0,
  );
  const { errors, show, summary } = useFieldErrors();
  const create = useMutation(trpc.adminServices.create.mutationOptions());
  const update = useMutation(trpc.adminServices.update.mutationOptions());
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof ServiceFormValues>(field: K, value: ServiceFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = servicePayload(values);
    const parsed = serviceInputSchema.safeParse(payload);
    if (!parsed.success) return show(firstMessageByField(parsed.error));
    show({});
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...payload, version: baseVersion });
        toast({ title: 'Service saved' });
      } else {
        await create.mutateAsync(payload);
        toast({ title: 'Service created' });
      }
      autosave.saved();
      setValues(blankService);
      await onSaved();
    } catch (error) {
      if (editing && isEditConflict(error)) {
        // Nothing typed is lost: the form keeps it, and their saved text is shown beside it.
        const theirs = await latest(editing.id).catch(() => undefined);
        if (theirs)
          setConflict({ message: serverMessageOf(error) ?? 'Someone else saved this service.', theirs });
      }
      show(fieldErrorsOf(error));
      toast({
        title: 'Save error',
        description: serverMessageOf(error) ?? 'Failed to save the service',
        variant: 'destructive',
      });
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {editing ? `Edit Service: ${editing.title}` : 'Add a Service'}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {autosave.offer && (
          <DraftOffer
            savedAt={autosave.offer.savedAt}
            onRestore={() => {
              setValues({ ...values, ...(autosave.offer!.document as Partial<ServiceFormValues>) });
              autosave.takeOffer();
            }}
            onDiscard={autosave.dismissOffer}
          />
        )}
        {conflict && (
          <EditConflict
            what="this service"
            message={conflict.message}
            theirs={<ServiceGist values={formFromService(conflict.theirs)} />}
            mine={<ServiceGist values={values} />}
            onKeepMine={() => {
              setBaseVersion(conflict.theirs.version);
              setConflict(null);
            }}
            onTakeTheirs={() => {
              setValues(formFromService(conflict.theirs));
              setBaseVersion(conflict.theirs.version);
              setConflict(null);
            }}
          />
        )}
        <ErrorSummary errors={errors} summaryRef={summary} id={id} />
        <TextField
          id={`${id}-title`}
          label="Title"
          required
          value={values.title}
          onChange={(value) => set('title', value)}
          error={errors.title}
        />
        <TextField
          id={`${id}-slug`}
          label="Address (slug)"
          value={values.slug}
          onChange={(value) => set('slug', value)}
          error={errors.slug}
          hint={
            editing
              ? 'The page is /services/ followed by this. A new address keeps the old one working: it forwards visitors here.'
              : 'The page is /services/ followed by this; left empty, it is made from the title.'
          }
        />
        <TextField
          id={`${id}-anchor`}
          label="Anchor on the Services page"
          value={values.anchor}
          onChange={(value) => set('anchor', value)}
          error={errors.anchor}
          hint="Links like /services#this open the service's section; left empty, the address is used."
        />
        <TextField
          id={`${id}-summary`}
          label="Summary"
          required
          multiline
          value={values.summary}
          onChange={(value) => set('summary', value)}
          error={errors.summary}
          hint="One sentence for the cards and search results."
        />
        <div className={styles.field}>
          <span id={`${id}-description-label`} className={styles.label}>
            Description *
          </span>
          <RichTextEditor
            id={`${id}-description`}
            labelledBy={`${id}-description-label`}
            value={values.description}
            onChange={(html) => set('description', html)}
            invalid={Boolean(errors.description)}
            describedBy={errors.description ? `${id}-description-error` : undefined}
          />
          {errors.description && (
            <p id={`${id}-description-error`} className={styles.fieldError}>
              {errors.description}
            </p>
          )}
        </div>
        <TextField
          id={`${id}-offerings`}
          label="What it includes"
          multiline
          value={values.offerings}
          onChange={(value) => set('offerings', value)}
          error={
            errors.offerings ?? Object.entries(errors).find(([path]) => path.startsWith('offerings.'))?.[1]
          }
          hint="One offering a line, shown as a bulleted list."
        />
        <PhotosField photos={values.photos} onChange={(photos) => set('photos', photos)} errors={errors} />
        <TextField
          id={`${id}-price`}
          label="Price from (dollars)"
          type="number"
          value={values.priceFrom}
          onChange={(value) => set('priceFrom', value)}
          error={errors.priceFrom}
          hint='Shown as "From $…"; empty for none.'
        />
        <TextField
          id={`${id}-highlight`}
          label="Home page card text"
          multiline
          value={values.homeHighlight}
          onChange={(value) => set('homeHighlight', value)}
          error={errors.homeHighlight}
          hint="With text here, the service also gets a large card with its first photo on the home page."
        />
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            checked={values.isShown}
            onChange={(event) => set('isShown', event.target.checked)}
          />
          Shown on the site
        </label>
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save Service' : 'Add Service'}
          </button>
          {editing && (
            <ScheduleChange
              type="service"
              itemKey={String(editing.id)}
              currentDocument={() => servicePayload(values)}
            />
          )}
          <DraftStatus savedAt={autosave.savedAt} />
          {editing && (
            <button
              type="button"
              className={styles.button.secondary}
              onClick={() => {
                autosave.dismissOffer();
                setValues(blankService);
                onCancel();
              }}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/** A service's words as a conflict shows them: title, summary and description's text. */
function ServiceGist({ values }: { values: ServiceFormValues }) {
  return (
    <>
      <p className={styles.label}>{values.title}</p>
      <p className={styles.diffText}>{values.summary}</p>
      <p className={styles.diffText}>{values.description.replace(/<[^>]*>/g, ' ')}</p>
    </>
  );
}

/** The service's photos: each with its alt text and caption, in order; added by upload or from the library. */
function PhotosField({
  photos,
  onChange,
  errors,
}: {
  photos: PhotoValues[];
  onChange: (photos: PhotoValues[]) => void;
  errors: Record<string, string>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const library = useQuery(trpc.media.library.queryOptions());
  const [progress, setProgress] = useState<number | null>(null);
  const images = (library.data ?? []).filter((item) => item.type === 'image');
  const change = (index: number, field: 'alt' | 'caption', value: string) =>
    onChange(photos.map((photo, at) => (at === index ? { ...photo, [field]: value } : photo)));
  const add = (item: Pick<LibraryItem, 'url' | 'alt'>) =>
    onChange([...photos, { src: item.url, alt: item.alt, caption: '' }]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setProgress(0);
    try {
      const path = await uploadFile(file, setProgress);
      add({ url: path, alt: '' });
      toast({ title: 'Photo uploaded', description: 'Now describe it in its alt text' });
      await library.refetch();
    } catch (error) {
      toast({
        title: 'Upload error',
        description: error instanceof Error ? error.message : 'File upload failed',
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  }

  return (
    <fieldset className={styles.field} style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend className={styles.label}>Photos</legend>
      {errors.photos && <p className={styles.fieldError}>{errors.photos}</p>}
      <ul className={styles.list}>
        {photos.map((photo, index) => {
          const altError = errors[`photos.${index}.alt`];
          const srcError = errors[`photos.${index}.src`];
          return (
            <li key={`${photo.src}-${index}`} className={styles.mediaRow} data-testid="service-photo">
              <img className={styles.mediaThumbnail} src={photo.src} alt="" />
              <div className={styles.mediaBody}>
                {srcError && <p className={styles.fieldError}>{srcError}</p>}
                <TextField
                  id={`${id}-alt-${index}`}
                  label={`Photo ${index + 1} alt text`}
                  required
                  value={photo.alt}
                  onChange={(value) => change(index, 'alt', value)}
                  error={altError}
                  hint="What the photo shows, for people who cannot see it."
                />
                <TextField
                  id={`${id}-caption-${index}`}
                  label={`Photo ${index + 1} caption`}
                  value={photo.caption}
                  onChange={(value) => change(index, 'caption', value)}
                />
                <div className={styles.buttonRow}>
                  <RowButton
                    of={`photo ${index + 1}`}
                    onClick={() => onChange(moved(photos, index, -1))}
                    disabled={index === 0}
                  >
                    Move up
                  </RowButton>
                  <RowButton
                    of={`photo ${index + 1}`}
                    onClick={() => onChange(moved(photos, index, 1))}
                    disabled={index === photos.length - 1}
                  >
                    Move down
                  </RowButton>
                  <RowButton
                    of={`photo ${index + 1}`}
                    onClick={() => onChange(photos.filter((_, at) => at !== index))}
                    look="danger"
                  >
                    Remove
                  </RowButton>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <label className={styles.hint} htmlFor={`${id}-file`}>
        Upload a photo (JPEG, PNG, GIF, WebP, AVIF): it joins the media library
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
        disabled={progress !== null}
      />
      {progress !== null && (
        <progress className={styles.progress} max={1} value={progress} aria-label="Uploading photo">
          {Math.round(progress * 100)}%
        </progress>
      )}
      <label className={styles.hint} htmlFor={`${id}-library`}>
        Or add a photo from the media library
      </label>
      <select
        id={`${id}-library`}
        className={styles.input}
        value=""
        onChange={(event) => {
          const item = images.find((image) => image.url === event.target.value);
          if (item) add(item);
        }}
      >
        <option value="">Choose a photo…</option>
        {images.map((image) => (
          <option key={image.id} value={image.url}>
            {image.originalName}
            {image.alt ? `: ${image.alt}` : ''}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

interface FaqFormValues extends FaqFormInput {
  serviceId: number | null;
  isShown: boolean;
}

const blankFaq: FaqFormValues = { question: '', answer: '', serviceId: null, isShown: true };

/** The questions and answers: general ones (Contact and Services pages) and those of one service. */
function FaqsSection({ services }: { services: readonly AdminService[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const faqs = useQuery(trpc.adminFaqs.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminFaqs.list.queryKey() });
  const create = useMutation(trpc.adminFaqs.create.mutationOptions());
  const update = useMutation(trpc.adminFaqs.update.mutationOptions());
  const remove = useMutation(trpc.adminFaqs.delete.mutationOptions());
  const [editing, setEditing] = useState<AdminFaq | null>(null);
  const [values, setValues] = useState<FaqFormValues>(blankFaq);
  const [conflict, setConflict] = useState<{ message: string; theirs: AdminFaq } | null>(null);
  const { errors, show, summary } = useFieldErrors();
  const titleOf = (serviceId: number | null | undefined) =>
    services.find((service) => service.id === serviceId)?.title ?? 'General';

  const edit = (faq: AdminFaq) => {
    setEditing(faq);
    setValues({ question: faq.question, answer: faq.answer, serviceId: faq.serviceId, isShown: faq.isShown });
    setConflict(null);
    show({});
  };
  const reset = () => {
    setEditing(null);
    setValues(blankFaq);
    setConflict(null);
    show({});
  };
  const latestFaq = async (faqId: number) =>
    (await queryClient.fetchQuery({ ...trpc.adminFaqs.list.queryOptions(), staleTime: 0 })).find(
      (faq) => faq.id === faqId,
    );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = faqInputSchema.safeParse(values);
    if (!parsed.success) return show(firstMessageByField(parsed.error));
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...values, version: editing.version });
      else await create.mutateAsync(values);
      toast({ title: editing ? 'Question saved' : 'Question added' });
      await refresh();
      reset();
      return;
    } catch (error) {
      const theirs = editing && isEditConflict(error) ? await latestFaq(editing.id) : undefined;
      if (theirs) setConflict({ message: serverMessageOf(error) ?? 'Someone else saved it.', theirs });
      show(fieldErrorsOf(error));
      toast({
        title: 'Save error',
        description: serverMessageOf(error) ?? 'Failed to save the question',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function deleteFaq(faq: AdminFaq) {
    if (!window.confirm(`Move the question “${faq.question}” to the Trash?`)) return;
    try {
      await remove.mutateAsync({ id: faq.id });
      toast({ title: 'Question moved to the Trash' });
      if (editing?.id === faq.id) reset();
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-faqs`}>
      <h2 id={`${id}-faqs`} className={styles.cardTitle}>
        Questions and Answers{faqs.isSuccess && ` (${faqs.data.length})`}
      </h2>
      <p className={styles.hint}>
        General questions show on the Services and Contact pages; a service&apos;s own on its page and the
        Services page.
      </p>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? 'Edit question' : 'Add a question'}
      >
        {conflict && (
          <EditConflict
            what="this question"
            message={conflict.message}
            theirs={<FaqGist question={conflict.theirs.question} answer={conflict.theirs.answer} />}
            mine={<FaqGist question={values.question} answer={values.answer} />}
            onKeepMine={() => {
              setEditing(conflict.theirs);
              setConflict(null);
            }}
            onTakeTheirs={() => edit(conflict.theirs)}
          />
        )}
        <ErrorSummary errors={errors} summaryRef={summary} id={`${id}-faq`} />
        <TextField
          id={`${id}-question`}
          label="Question"
          required
          value={values.question}
          onChange={(question) => setValues((current) => ({ ...current, question }))}
          error={errors.question}
        />
        <TextField
          id={`${id}-answer`}
          label="Answer"
          required
          multiline
          value={values.answer}
          onChange={(answer) => setValues((current) => ({ ...current, answer }))}
          error={errors.answer}
          hint="Plain text; a blank line starts a new paragraph."
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-faq-service`}>
            About
          </label>
          <select
            id={`${id}-faq-service`}
            className={styles.input}
            value={values.serviceId ?? ''}
            onChange={(event) =>
              setValues((current) => ({
                ...current,
                serviceId: event.target.value ? Number(event.target.value) : null,
              }))
            }
          >
            <option value="">General</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.title}
              </option>
            ))}
          </select>
        </div>
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            checked={values.isShown}
            onChange={(event) => setValues((current) => ({ ...current, isShown: event.target.checked }))}
          />
          Shown on the site
        </label>
        <div className={styles.buttonRow}>
          <button
            type="submit"
            className={styles.button.primary}
            disabled={create.isPending || update.isPending}
          >
            {editing ? 'Save Question' : 'Add Question'}
          </button>
          {editing && (
            <button type="button" className={styles.button.secondary} onClick={reset}>
              Cancel
            </button>
          )}
        </div>
        {editing && (
          <ScheduleChange type="faq" itemKey={String(editing.id)} currentDocument={() => ({ ...values })} />
        )}
      </form>
      {editing && (
        <HistoryPanel
          type="faq"
          itemId={String(editing.id)}
          onRestored={async () => {
            const restored = await latestFaq(editing.id);
            if (restored) edit(restored);
            await refresh();
          }}
        />
      )}
      <ul className={styles.list}>
        {(faqs.data ?? []).map((faq) => (
          <li key={faq.id} className={styles.row} data-testid="admin-faq">
            <div className={styles.badges}>
              <span className={styles.badge[faq.isShown ? 'published' : 'hidden']}>
                {faq.isShown ? 'Shown' : 'Hidden'}
              </span>
              <span className={styles.badge.draft}>{titleOf(faq.serviceId)}</span>
            </div>
            <h3 className={styles.rowTitle}>{faq.question}</h3>
            <p className={styles.rowText}>{faq.answer}</p>
            <div className={styles.buttonRow}>
              <RowButton of={faq.question} onClick={() => edit(faq)}>
                Edit
              </RowButton>
              <RowButton
                of={faq.question}
                onClick={() => deleteFaq(faq)}
                disabled={remove.isPending}
                look="danger"
              >
                Delete
              </RowButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FaqGist({ question, answer }: { question: string; answer: string }) {
  return (
    <>
      <p className={styles.label}>{question}</p>
      <p className={styles.diffText}>{answer}</p>
    </>
  );
}
