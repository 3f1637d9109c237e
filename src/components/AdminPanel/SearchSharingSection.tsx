import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, useRef } from 'react';
import { fieldErrorsOf, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import {
  overridablePages,
  SEARCH_DESCRIPTION_CHARS,
  SEARCH_TITLE_CHARS,
  seoOverrideInputSchema,
  type OverridablePage,
} from '../../shared/schemas/seo-override.ts';
import { toast } from '../Toast/toast-store.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import { AdminTextField } from './AdminTextField.tsx';
import * as styles from './admin.css.ts';

type FieldKey =
  'title' | 'description' | 'keywords' | 'ogTitle' | 'ogDescription' | 'ogImage' | 'canonicalUrl';
const blankFields: Record<FieldKey, string> = {
  title: '',
  description: '',
  keywords: '',
  ogTitle: '',
  ogDescription: '',
  ogImage: '',
  canonicalUrl: '',
};

const fieldDefinitions: {
  key: FieldKey;
  label: string;
  multiline?: boolean;
  countTo?: number;
  hint?: string;
}[] = [
  {
    key: 'title',
    label: 'Title',
    countTo: SEARCH_TITLE_CHARS,
    hint: 'The company name is added after it on every page but Home.',
  },
  { key: 'description', label: 'Description', multiline: true, countTo: SEARCH_DESCRIPTION_CHARS },
  { key: 'keywords', label: 'Keywords', hint: 'Separated by commas.' },
  {
    key: 'ogTitle',
    label: 'Sharing title',
    hint: 'Shown when the page is shared on Facebook, X or in a message.',
  },
  { key: 'ogDescription', label: 'Sharing description', multiline: true },
  { key: 'ogImage', label: 'Sharing image', hint: 'A path such as /uploads/… or a full https:// address.' },
  {
    key: 'canonicalUrl',
    label: 'Canonical address',
    hint: 'Only when this page is a copy of another address; usually empty.',
  },
];

/** Per-page overrides of the metadata (table seo_metadata). Empty fields keep the page's own. */
export function SearchSharingSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const overrides = useQuery(trpc.adminSeo.list.queryOptions());
  const save = useMutation(trpc.adminSeo.save.mutationOptions());
  const [page, setPage] = useState<OverridablePage>('/');
  const [values, setValues] = useState(blankFields);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});

  // Choosing a page, or the list arriving, fills the form with what is stored for that page; a list
  // that arrives (or is fetched again) while the owner is typing leaves their words alone.
  const edited = useRef<OverridablePage | null>(null);
  useEffect(() => {
    if (edited.current === page) return;
    const stored = overrides.data?.find((override) => override.page === page);
    setValues(
      Object.fromEntries(
        Object.keys(blankFields).map((key) => [key, stored?.[key as FieldKey] ?? '']),
      ) as Record<FieldKey, string>,
    );
    setErrors({});
  }, [page, overrides.data]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = seoOverrideInputSchema.safeParse({ page, ...values });
    if (!parsed.success) {
      return setErrors(firstMessageByField(parsed.error));
    }
    try {
      await save.mutateAsync(parsed.data);
      toast({
        title: 'Search & sharing saved',
        description: `${overridablePages.find((entry) => entry.path === page)!.name} shows it on its next load.`,
      });
      await queryClient.invalidateQueries({ queryKey: trpc.adminSeo.list.queryKey() });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast({
        title: 'Save failed',
        description: serverMessageOf(error) ?? 'Failed to save settings. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.cardTitle}>
        Search &amp; sharing
      </h2>
      <p className={styles.hint}>
        How one page appears in search results and when shared. Empty fields keep the site-wide SEO settings
        and the page's own text.
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate style={{ marginTop: '1rem' }}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-page`}>
            Page
          </label>
          <select
            id={`${id}-page`}
            className={styles.input}
            value={page}
            onChange={(event) => {
              edited.current = null;
              setPage(event.target.value as OverridablePage);
            }}
          >
            {overridablePages.map((entry) => (
              <option key={entry.path} value={entry.path}>
                {entry.name} ({entry.path})
              </option>
            ))}
          </select>
        </div>
        {fieldDefinitions.map((field) => (
          <AdminTextField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            value={values[field.key]}
            onChange={(value) => {
              edited.current = page;
              setValues((current) => ({ ...current, [field.key]: value }));
            }}
            error={errors[field.key]}
            hint={field.hint}
            countTo={field.countTo}
            multiline={field.multiline}
          />
        ))}
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Search & sharing'}
          </button>
        </div>
      </form>
    </section>
  );
}
