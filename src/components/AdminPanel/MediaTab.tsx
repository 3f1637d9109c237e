import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { usePageContext } from '../../../renderer/usePageContext.tsx';
import type { AppRouter } from '../../server/http/trpc/app-router.ts';
import { fieldErrorsOf, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatBytes } from '../../shared/format-bytes.ts';
import { formatPostDateTime } from '../../shared/format-date.ts';
import { MAX_ALT_LENGTH, mediaAltSchema } from '../../shared/schemas/media.ts';
import { toast } from '../Toast/toast-store.ts';
import type { AdminView } from './AdminPanel.tsx';
import { RowButton, RowViewLink } from './RowActions.tsx';
import * as styles from './admin.css.ts';

type MediaItem = inferRouterOutputs<AppRouter>['media']['library'][number];
type MediaUse = MediaItem['uses'][number];

const copiesText: Record<MediaItem['copies'], (count: number) => string> = {
  ready: (count) => `Ready (${count} copies)`,
  pending: () => 'Being made',
  none: () => 'None: pages show the original',
  'not-needed': () => 'Not needed for videos',
};

/** Copies of a phone photo take a few seconds. */
const COPIES_POLL_MS = 3_000;

const postFieldText = { image: 'its image', video: 'its video', content: 'inside its text' } as const;

interface MediaTabProps {
  open: (view: AdminView) => void;
}

/** Every upload, newest first: what it is, where it is used, its alt text, and deleting it when unused. */
export function MediaTab({ open }: MediaTabProps) {
  const trpc = useTRPC();
  const library = useQuery({
    ...trpc.media.library.queryOptions(),
    // Uploads and posts change in the other tabs: the list is read again each time the tab opens, and
    // while copies are being made, until they are.
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some((item) => item.copies === 'pending') ? COPIES_POLL_MS : false,
  });
  const items = library.data ?? [];
  return (
    <section className={styles.card} aria-labelledby="media-title">
      <h2 id="media-title" className={styles.cardTitle}>
        Media ({items.length})
      </h2>
      <p className={styles.hint}>
        Photos and videos uploaded for posts. Alt text describes a photo to people who cannot see it and is
        shown wherever a post uses the photo as its image, and inside a post&apos;s text where the editor left
        the photo&apos;s own description empty. An upload nothing uses can be deleted.
      </p>
      {library.isPending && <p>Loading media...</p>}
      {library.isError && (
        <p className={styles.fieldError}>The media could not be loaded. Reload the page to try again.</p>
      )}
      {library.isSuccess && items.length === 0 && (
        <p className={styles.hint}>Nothing uploaded yet. Upload photos and videos in a post&apos;s form.</p>
      )}
      <ul className={styles.list}>
        {items.map((item) => (
          <MediaRow key={item.id} item={item} open={open} />
        ))}
      </ul>
    </section>
  );
}

function MediaRow({ item, open }: { item: MediaItem } & MediaTabProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.media.library.queryKey() });
  // A save answers with the upload as the list shows it, so the list takes it in place of reading every
  // upload again. A read of the list still under way began before the save and would bring the old text
  // back: it is dropped first.
  const showSaved = async (saved: MediaItem) => {
    const queryKey = trpc.media.library.queryKey();
    await queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, (items) =>
      items?.map((each) => (each.id === saved.id ? saved : each)),
    );
  };
  const remove = useMutation(trpc.media.delete.mutationOptions());
  const titleId = useId();
  const kind = item.type === 'image' ? 'Image' : 'Video';
  const format = item.mimeType.split('/')[1]?.toUpperCase() ?? item.mimeType;

  async function deleteUpload() {
    if (
      !window.confirm(
        `Delete “${item.originalName}”? It goes to the Trash; its file and copies are removed when it is deleted for good.`,
      )
    )
      return;
    try {
      await remove.mutateAsync({ id: item.id });
      toast({ title: 'Upload moved to the Trash', description: item.originalName });
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ?? 'Failed to delete the upload',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  return (
    <li className={styles.mediaRow} data-testid="media-item" aria-labelledby={titleId}>
      {item.thumbnail ? (
        // The name beside it says what the thumbnail is; repeating it would only be read twice.
        <img className={styles.mediaThumbnail} src={item.thumbnail} alt="" loading="lazy" />
      ) : (
        <span className={styles.mediaThumbnail} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" fill="currentColor">
            <path d="M4 5h11a2 2 0 0 1 2 2v2.5l4-2.5v10l-4-2.5V17a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
          </svg>
        </span>
      )}
      <div className={styles.mediaBody}>
        <h3 id={titleId} className={styles.rowTitle}>
          {item.originalName}
        </h3>
        <dl className={styles.mediaFacts}>
          <dt>Type</dt>
          <dd>
            {kind} ({format})
          </dd>
          <dt>Size</dt>
          <dd>{formatBytes(item.size)}</dd>
          <dt>Dimensions</dt>
          <dd>{item.width && item.height ? `${item.width} × ${item.height} px` : 'Unknown'}</dd>
          <dt>Smaller copies</dt>
          <dd>{copiesText[item.copies](item.copyCount)}</dd>
          <dt>Uploaded</dt>
          <dd>{formatPostDateTime(item.createdAt)}</dd>
          <dt>Used in</dt>
          <dd>
            {item.uses.length === 0 ? (
              'Not used anywhere'
            ) : (
              <ul className={styles.mediaUses}>
                {item.uses.map((use) => (
                  <li key={keyOfUse(use)}>
                    <UseLink use={use} open={open} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
        {item.type === 'image' && <AltTextForm item={item} onSaved={showSaved} />}
        <div className={styles.buttonRow}>
          <RowViewLink of={item.originalName} href={item.url}>
            Open file
          </RowViewLink>
          {item.uses.length === 0 && (
            <RowButton
              of={item.originalName}
              onClick={deleteUpload}
              disabled={remove.isPending}
              look="danger"
            >
              Delete
            </RowButton>
          )}
        </div>
      </div>
    </li>
  );
}

function keyOfUse(use: MediaUse): string {
  if (use.kind === 'post') return `post-${use.postId}`;
  if (use.kind === 'service') return `service-${use.serviceId}`;
  if (use.kind === 'offer') return `offer-${use.offerId}`;
  if (use.kind === 'town') return `town-${use.serviceAreaId}`;
  return use.kind === 'seo' ? `seo-${use.page}` : `setting-${use.key}`;
}

/** The tab where a service's photos, an offer's picture or a town's page are edited, and their words. */
function tabOfUse(use: Extract<MediaUse, { kind: 'service' | 'offer' | 'town' }>): {
  words: string;
  tab: AdminView['tab'];
  name: string;
} {
  if (use.kind === 'service') return { words: 'Photo of the service', tab: 'services', name: use.title };
  if (use.kind === 'offer') return { words: 'Picture of the offer', tab: 'offers', name: use.title };
  return { words: 'The page of', tab: 'service-areas', name: use.town };
}

/** A use, linked to where it is edited: the post in the posts tab, or Settings for an admin. */
function UseLink({ use, open }: { use: MediaUse } & MediaTabProps) {
  const { user } = usePageContext();
  const follow = (view: AdminView) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A click opens the tab in place; a middle or modified click keeps the address for a new tab.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(view);
  };
  if (use.kind === 'post') {
    const how = use.as.map((field) => postFieldText[field]).join(' and ');
    return (
      <>
        {use.postType === 'news' ? 'News' : 'Advice'} post{' '}
        <a
          href={`/admin?tab=content&post=${use.postId}`}
          onClick={follow({ tab: 'content', postId: use.postId })}
        >
          {use.title}
        </a>
        , as {how}
      </>
    );
  }
  if (use.kind === 'service' || use.kind === 'offer' || use.kind === 'town') {
    const tabbed = tabOfUse(use);
    return (
      <>
        {tabbed.words}{' '}
        <a href={`/admin?tab=${tabbed.tab}`} onClick={follow({ tab: tabbed.tab })}>
          {tabbed.name}
        </a>
      </>
    );
  }
  const text = use.kind === 'seo' ? `Sharing image of the page ${use.page}` : `The setting ${use.key}`;
  // Settings (where page sharing images are set) are the admin's: editors see where, without a link.
  return user?.role === 'admin' ? (
    <a href="/admin#settings" onClick={follow({ tab: 'settings' })}>
      {text}
    </a>
  ) : (
    <>{text} (in Settings, which an admin edits)</>
  );
}

function AltTextForm({ item, onSaved }: { item: MediaItem; onSaved: (saved: MediaItem) => Promise<void> }) {
  const trpc = useTRPC();
  const id = useId();
  const [alt, setAlt] = useState(item.alt);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation(trpc.media.updateAlt.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own schema, so the message is the same either way.
    const parsed = mediaAltSchema.safeParse({ alt });
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0]?.message ?? 'Alt text is not valid' });
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: item.id, alt: parsed.data.alt });
      setAlt(saved.alt);
      setResult({ ok: true, text: 'Alt text saved' });
      toast({ title: 'Alt text saved', description: 'Pages showing this photo now use it' });
      await onSaved(saved);
    } catch (error) {
      const text = fieldErrorsOf(error).alt ?? serverMessageOf(error) ?? 'Failed to save the alt text';
      setResult({ ok: false, text });
      toast({ title: 'Save error', description: text, variant: 'destructive' });
    }
  }

  return (
    <form className={styles.mediaAltForm} onSubmit={onSubmit} noValidate>
      <label className={styles.label} htmlFor={`${id}-alt`}>
        Alt text
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        What the photo shows, in a sentence ({MAX_ALT_LENGTH} characters at most). Left empty, pages use the
        post&apos;s title.
      </p>
      <div className={styles.mediaAltRow}>
        <input
          id={`${id}-alt`}
          type="text"
          className={styles.input}
          value={alt}
          maxLength={MAX_ALT_LENGTH}
          onChange={(event) => {
            setAlt(event.target.value);
            setResult(null);
          }}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={`${id}-hint ${id}-result`}
        />
        <button type="submit" className={styles.button.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save alt text'}
          <span className="visually-hidden"> for {item.originalName}</span>
        </button>
      </div>
      <p id={`${id}-result`} role="status" className={result?.ok === false ? styles.fieldError : styles.hint}>
        {result?.text}
      </p>
    </form>
  );
}
