import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, isEditConflict, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import type { TextPage } from '../../shared/schemas/page-texts.ts';
import { toast } from '../Toast/toast-store.ts';
import { AdminTextField } from './AdminTextField.tsx';
import { DraftOffer, DraftStatus } from './DraftOffer.tsx';
import { EditConflict } from './EditConflict.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ScheduleChange } from './ScheduleChange.tsx';
import { useAutosave } from './useAutosave.ts';
import { RowButton } from './RowActions.tsx';
import * as styles from './admin.css.ts';

type Row = Record<string, string>;
type Text = Record<string, string | Row[]>;

interface FieldDescription {
  key: string;
  label: string;
  multiline?: boolean;
  /** A list of small records, each with these fields. */
  list?: { key: string; label: string; multiline?: boolean }[];
}

// What each page's form asks for, in the order the page shows it.
const forms: Record<TextPage, { title: string; fields: FieldDescription[] }> = {
  home: {
    title: 'Home page',
    fields: [
      { key: 'bannerTitle', label: 'Towns banner title' },
      { key: 'heroBadge', label: 'Hero badge' },
      { key: 'heroHeadline', label: 'Headline' },
      { key: 'heroLead', label: 'Line under the headline', multiline: true },
      { key: 'callButtonLabel', label: 'Call button label' },
      { key: 'scheduleButtonLabel', label: 'Schedule button label' },
      { key: 'servicesHeading', label: 'Services heading' },
      { key: 'servicesLead', label: 'Services line' },
      { key: 'featuredHeading', label: 'Featured services heading' },
      { key: 'localHeading', label: 'Local experts heading' },
      { key: 'localText', label: 'Local experts text (a blank line between paragraphs)', multiline: true },
    ],
  },
  about: {
    title: 'About page',
    fields: [
      { key: 'heroLead', label: 'Line under the title', multiline: true },
      { key: 'storyHeading', label: 'Story heading' },
      { key: 'story', label: 'Story (a blank line between paragraphs)', multiline: true },
      { key: 'valuesHeading', label: 'Values heading' },
      {
        key: 'values',
        label: 'Values',
        list: [
          { key: 'title', label: 'Value' },
          { key: 'text', label: 'Value text', multiline: true },
        ],
      },
      {
        key: 'team',
        label: 'Team members',
        list: [
          { key: 'name', label: 'Name' },
          { key: 'role', label: 'Role' },
          { key: 'photoUrl', label: 'Photo (an upload address from Media, /uploads/…)' },
        ],
      },
      { key: 'reasonsHeading', label: 'Why choose us heading' },
      { key: 'reasons', label: 'Reasons, one a line', multiline: true },
      { key: 'communityHeading', label: 'Community heading' },
      { key: 'communityText', label: 'Community text', multiline: true },
      {
        key: 'communityFacts',
        label: 'Community facts',
        list: [
          { key: 'label', label: 'Fact' },
          { key: 'value', label: 'Figure' },
        ],
      },
      { key: 'communityLinkLabel', label: 'Community link text' },
      { key: 'communityLinkUrl', label: 'Community link address' },
    ],
  },
  contact: {
    title: 'Contact page',
    fields: [
      { key: 'intro', label: 'Intro', multiline: true },
      { key: 'localExpertise', label: 'Local expertise', multiline: true },
      { key: 'communityFocus', label: 'Community focus', multiline: true },
    ],
  },
  footer: { title: 'Footer', fields: [{ key: 'line', label: "Footer's line" }] },
};

/** Page text: one form per page; a field left empty shows the built-in words, given under it. */
export function PagesTab() {
  return (
    <div className={styles.form}>
      <p className={styles.hint}>
        Leave a field empty to show the built-in words, given under each field. {'{company}'} stands for the
        company name in Settings.
      </p>
      {(Object.keys(forms) as TextPage[]).map((page) => (
        <PageTextForm key={page} page={page} />
      ))}
    </div>
  );
}

function PageTextForm({ page }: { page: TextPage }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const loaded = useQuery(trpc.adminPages.get.queryOptions({ page }));
  const { title } = forms[page];
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.adminPages.get.queryKey({ page }) });
    await queryClient.invalidateQueries({
      queryKey: trpc.content.versions.queryKey({ type: 'page-text', id: page }),
    });
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h2>
      {!loaded.data ? (
        <p>Loading...</p>
      ) : (
        // Opened afresh at each saved version, so autosave and the version check start from it.
        <PageTextEditor
          key={loaded.data.version}
          page={page}
          text={loaded.data.text}
          defaults={loaded.data.defaults}
          version={loaded.data.version}
          onSaved={reload}
        />
      )}
      {loaded.data && (
        <HistoryPanel
          type="page-text"
          itemId={page}
          title={`History of the ${title.toLowerCase()}`}
          onRestored={reload}
        />
      )}
    </section>
  );
}

function PageTextEditor({
  page,
  text,
  defaults,
  version,
  onSaved,
}: {
  page: TextPage;
  text: Text;
  defaults: Text;
  version: number;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const save = useMutation(trpc.adminPages.save.mutationOptions());
  const [values, setValues] = useState<Text>(text);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The version the form's words are based on: a save from it is refused when someone saved since.
  const [baseVersion, setBaseVersion] = useState(version);
  const [conflict, setConflict] = useState<{ message: string; theirs: Text; version: number } | null>(null);
  const autosave = useAutosave('page-text', page, values, baseVersion);
  const { title, fields } = forms[page];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await save.mutateAsync({ page, text: values, version: baseVersion });
      autosave.saved();
      setErrors({});
      toast({ title: `${title} saved`, description: 'The page shows the new words now' });
      await onSaved();
    } catch (error) {
      if (isEditConflict(error)) {
        const theirs = await queryClient.fetchQuery({
          ...trpc.adminPages.get.queryOptions({ page }),
          staleTime: 0,
        });
        setConflict({
          message: serverMessageOf(error) ?? 'Someone else saved these words.',
          theirs: theirs.text,
          version: theirs.version,
        });
      }
      const found = Object.fromEntries(
        Object.entries(fieldErrorsOf(error)).map(([field, message]) => [
          field.replace(/^text\./, ''),
          message,
        ]),
      );
      setErrors(found);
      toast({
        title: 'Save failed',
        description: serverMessageOf(error) ?? 'Failed to save the page text',
        variant: 'destructive',
      });
    }
  }

  const set = (key: string, value: string | Row[]) => setValues((current) => ({ ...current, [key]: value }));

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`${title} text`}>
      {autosave.offer && (
        <DraftOffer
          savedAt={autosave.offer.savedAt}
          onRestore={() => {
            setValues({ ...values, ...(autosave.offer!.document as Text) });
            autosave.takeOffer();
          }}
          onDiscard={autosave.dismissOffer}
        />
      )}
      {conflict && (
        <EditConflict
          what="this page's text"
          message={conflict.message}
          theirs={<TextGist text={conflict.theirs} />}
          mine={<TextGist text={values} />}
          onKeepMine={() => {
            setBaseVersion(conflict.version);
            setConflict(null);
          }}
          onTakeTheirs={() => {
            setValues(conflict.theirs);
            setBaseVersion(conflict.version);
            setConflict(null);
          }}
        />
      )}
      {fields.map((field) =>
        field.list ? (
          <ListField
            key={field.key}
            id={`${id}-${field.key}`}
            field={field}
            rows={(values[field.key] as Row[] | undefined) ?? []}
            defaults={(defaults[field.key] as Row[] | undefined) ?? []}
            onChange={(rows) => set(field.key, rows)}
            errors={errors}
          />
        ) : (
          <AdminTextField
            key={field.key}
            id={`${id}-${field.key}`}
            field={field.key}
            label={field.label}
            multiline={field.multiline}
            value={(values[field.key] as string | undefined) ?? ''}
            onChange={(value) => set(field.key, value)}
            error={errors[field.key]}
            hint={`Empty: ${(defaults[field.key] as string | undefined) || '(nothing)'}`}
          />
        ),
      )}
      <div className={styles.buttonRow}>
        <button type="submit" className={styles.button.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : `Save ${title}`}
        </button>
        {/* A page's words always exist (empty shows the built-in ones), so they can always be scheduled. */}
        <ScheduleChange type="page-text" itemKey={page} currentDocument={() => values} />
        <DraftStatus savedAt={autosave.savedAt} />
      </div>
    </form>
  );
}

/** A page's words as a conflict shows them: each field that has words of its own. */
function TextGist({ text }: { text: Text }) {
  return (
    <>
      {Object.entries(text)
        .filter(([, value]) => typeof value === 'string' && value !== '')
        .map(([field, value]) => (
          <p key={field} className={styles.diffText}>
            {value as string}
          </p>
        ))}
    </>
  );
}

function ListField({
  id,
  field,
  rows,
  defaults,
  onChange,
  errors,
}: {
  id: string;
  field: FieldDescription;
  rows: Row[];
  defaults: Row[];
  onChange: (rows: Row[]) => void;
  errors: Record<string, string>;
}) {
  const parts = field.list!;
  const blank: Row = Object.fromEntries(parts.map((part) => [part.key, '']));
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>{field.label}</legend>
      <p className={styles.hint}>
        {rows.length === 0
          ? `None of your own: the page shows ${defaults.length ? defaults.map((row) => Object.values(row)[0]).join(', ') : 'none'}.`
          : 'Your own list replaces the built-in one.'}
      </p>
      {rows.map((row, index) => (
        <div key={index} className={styles.fieldRow}>
          {parts.map((part) => (
            <AdminTextField
              key={part.key}
              id={`${id}-${index}-${part.key}`}
              field={`${field.key}.${index}.${part.key}`}
              label={`${part.label} ${index + 1}`}
              multiline={part.multiline}
              value={row[part.key] ?? ''}
              onChange={(value) =>
                onChange(rows.map((each, at) => (at === index ? { ...each, [part.key]: value } : each)))
              }
              error={errors[`${field.key}.${index}.${part.key}`]}
            />
          ))}
          <RowButton
            of={`${field.label} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
            look="danger"
          >
            Remove
          </RowButton>
        </div>
      ))}
      <div className={styles.buttonRow}>
        <button type="button" className={styles.button.secondary} onClick={() => onChange([...rows, blank])}>
          Add to {field.label.toLowerCase()}
        </button>
        {rows.length === 0 && defaults.length > 0 && (
          <button type="button" className={styles.button.secondary} onClick={() => onChange(defaults)}>
            Start from the built-in {field.label.toLowerCase()}
          </button>
        )}
      </div>
    </fieldset>
  );
}
