import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { instantToWallTime, wallTimeInputToInstant } from '../../shared/zoned-time.ts';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AppRouter } from '../../server/http/trpc/app-router.ts';
import { fieldErrorsOf, isEditConflict, serverMessageOf, useTRPC } from '../../client/trpc.tsx';
import { formatPostDate } from '../../shared/format-date.ts';
import { postFieldsSchema } from '../../shared/schemas/post.ts';
import { firstMessageByField } from '../../shared/schemas/field-errors.ts';
import { toast } from '../Toast/toast-store.ts';
import { wordsOf } from '../../shared/word-diff.ts';
import { DraftOffer, DraftStatus } from './DraftOffer.tsx';
import { EditConflict } from './EditConflict.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { useAutosave } from './useAutosave.ts';
import { companyTimeZone } from '../../shared/company-time.ts';
import { MediaUploadField } from './MediaUploadField.tsx';
import { ScheduleChange } from './ScheduleChange.tsx';
import { FormErrorSummary } from './FormErrorSummary.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { RowButton, RowViewLink } from './RowActions.tsx';
import * as styles from './admin.css.ts';

type AdminPost = inferRouterOutputs<AppRouter>['adminPosts']['list'][number];
type PostType = AdminPost['type'];

interface PostFormValues {
  type: PostType;
  title: string;
  excerpt: string;
  content: string;
  image: string;
  video: string;
  isPublished: boolean;
  /** `datetime-local` text; empty means "when first published". */
  publishAt: string;
}

/** A blank form is type advice, unpublished. */
const blankForm: PostFormValues = {
  type: 'advice',
  title: '',
  excerpt: '',
  content: '',
  image: '',
  video: '',
  isPublished: false,
  publishAt: '',
};

// The publish time is typed and shown on the company's clocks, wherever the owner's browser is.
function toLocalInput(iso: string | null): string {
  return iso ? instantToWallTime(new Date(iso), companyTimeZone()) : '';
}

function formFromPost(post: AdminPost): PostFormValues {
  return {
    type: post.type,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    image: post.image ?? '',
    video: post.video ?? '',
    isPublished: post.isPublished,
    publishAt:
      post.isPublished && post.publishedAt && new Date(post.publishedAt) > new Date()
        ? toLocalInput(post.publishedAt)
        : '',
  };
}

/** The fields as the API takes them. */
function postPayload(values: PostFormValues) {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    image: values.image || null,
    video: values.video || null,
    isPublished: values.isPublished,
    ...(values.publishAt
      ? { publishedAt: wallTimeInputToInstant(values.publishAt, companyTimeZone()).toISOString() }
      : {}),
  };
}

function isScheduled(post: AdminPost, now = new Date()): boolean {
  return post.isPublished && post.publishedAt !== null && new Date(post.publishedAt) > now;
}

/** `openPostId` (a link from the Media tab) opens that post in the form. */
export function PostsTab({ openPostId }: { openPostId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const posts = useQuery(trpc.adminPosts.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminPosts.list.queryKey() });
  const [editing, setEditing] = useState<AdminPost | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const startEditing = (post: AdminPost) => {
    setEditing(post);
    formHeading.current?.scrollIntoView({ block: 'start' });
    formHeading.current?.focus();
  };
  const linkedPost = posts.data?.find((post) => post.id === openPostId);
  useEffect(() => {
    if (linkedPost) startEditing(linkedPost);
  }, [linkedPost?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = useMutation(trpc.adminPosts.update.mutationOptions());
  const remove = useMutation(trpc.adminPosts.delete.mutationOptions());

  async function togglePublished(post: AdminPost) {
    try {
      await toggle.mutateAsync({
        id: post.id,
        type: post.type,
        post: { ...postPayload(formFromPost(post)), isPublished: !post.isPublished },
        version: post.version,
      });
      toast(
        post.isPublished
          ? { title: 'Post unpublished', description: 'Post is no longer visible to visitors' }
          : { title: 'Post published', description: 'Post is now visible to visitors' },
      );
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error) ? 'Server error occurred' : 'Failed to change publish status',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  async function deletePost(post: AdminPost) {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    try {
      await remove.mutateAsync({ id: post.id });
      toast({ title: 'Post deleted', description: 'Moved to the Trash, where it can be restored' });
      if (editing?.id === post.id) setEditing(null);
    } catch (error) {
      toast({
        title: 'Delete error',
        description: serverMessageOf(error) ? 'Server error occurred' : 'Failed to delete post',
        variant: 'destructive',
      });
    }
    await refresh();
  }

  const all = posts.data ?? [];
  return (
    <div className={styles.grid}>
      <div className={styles.form}>
        <PostForm
          key={editing ? `${editing.id}-${editing.version}` : 'new'}
          editing={editing}
          headingRef={formHeading}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
          onCancel={() => setEditing(null)}
          latest={async (postId) => {
            const fresh = await queryClient.fetchQuery({
              ...trpc.adminPosts.list.queryOptions(),
              staleTime: 0,
            });
            return fresh.find((post) => post.id === postId) ?? null;
          }}
        />
        {editing && (
          <HistoryPanel
            type="post"
            itemId={String(editing.id)}
            onRestored={async () => {
              const fresh = await queryClient.fetchQuery({
                ...trpc.adminPosts.list.queryOptions(),
                staleTime: 0,
              });
              setEditing(fresh.find((post) => post.id === editing.id) ?? null);
            }}
          />
        )}
      </div>
      <section className={styles.card} aria-labelledby="all-posts-title">
        <h2 id="all-posts-title" className={styles.cardTitle}>
          All Posts{posts.isSuccess && ` (${all.length})`}
        </h2>
        {posts.isPending && <p>Loading posts...</p>}
        {posts.isError && (
          <p className={styles.fieldError}>The posts could not be loaded. Reload the page to try again.</p>
        )}
        {posts.isSuccess && all.length === 0 && (
          <p className={styles.hint}>No posts yet. Write the first one with the form.</p>
        )}
        <ul className={styles.list}>
          {all.map((post) => {
            const scheduled = isScheduled(post);
            return (
              <li key={post.id} className={styles.row} data-testid="admin-post">
                <div className={styles.badges}>
                  <span className={styles.badge[post.type]}>{post.type === 'news' ? 'News' : 'Advice'}</span>
                  <span
                    className={
                      styles.badge[scheduled ? 'scheduled' : post.isPublished ? 'published' : 'draft']
                    }
                  >
                    {scheduled ? 'Scheduled' : post.isPublished ? 'Published' : 'Draft'}
                  </span>
                </div>
                <h3 className={styles.rowTitle}>{post.title}</h3>
                {post.excerpt && <p className={styles.rowText}>{post.excerpt}</p>}
                <p className={styles.hint}>
                  {scheduled
                    ? `Goes live ${formatPostDate(post.publishedAt)}`
                    : post.publishedAt
                      ? formatPostDate(post.publishedAt)
                      : 'Recently created'}
                </p>
                <div className={styles.buttonRow}>
                  <RowButton of={post.title} onClick={() => startEditing(post)}>
                    Edit
                  </RowButton>
                  <RowButton
                    of={post.title}
                    onClick={() => togglePublished(post)}
                    disabled={toggle.isPending}
                  >
                    {post.isPublished ? 'Unpublish' : 'Publish'}
                  </RowButton>
                  <RowButton
                    of={post.title}
                    onClick={() => deletePost(post)}
                    disabled={remove.isPending}
                    look="danger"
                  >
                    Delete
                  </RowButton>
                  <RowViewLink of={post.title} href={`/post/${post.id}`}>
                    {post.isPublished && !scheduled ? 'View' : 'Preview'}
                  </RowViewLink>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

type FieldName = 'title' | 'excerpt' | 'content' | 'image' | 'video' | 'publishedAt';

function PostForm({
  editing,
  headingRef,
  onSaved,
  onCancel,
  latest,
}: {
  editing: AdminPost | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSaved: () => Promise<void>;
  onCancel: () => void;
  /** The post as it is saved now, read afresh: what a refused save is shown beside. */
  latest: (postId: number) => Promise<AdminPost | null>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [values, setValues] = useState<PostFormValues>(editing ? formFromPost(editing) : blankForm);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  // The version this form's text is based on: a save from it is refused when someone saved since.
  const [baseVersion, setBaseVersion] = useState(editing?.version);
  const [conflict, setConflict] = useState<{ message: string; theirs: AdminPost } | null>(null);
  const autosave = useAutosave('post', editing ? String(editing.id) : 'new', { ...values }, baseVersion ?? 0);
  const errorSummary = useRef<HTMLDivElement>(null);
  const create = useMutation(trpc.adminPosts.create.mutationOptions());
  const update = useMutation(trpc.adminPosts.update.mutationOptions());
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema as the server, shown under the heading 'Validation error'.
    const parsed = postFieldsSchema.safeParse(postPayload(values));
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error));
      requestAnimationFrame(() => errorSummary.current?.focus());
      return;
    }
    setErrors({});
    const input = { type: values.type, post: postPayload(values) };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...input, version: baseVersion });
        autosave.saved();
        toast({ title: 'Post updated' });
      } else {
        const created = await create.mutateAsync(input);
        if (!created?.id) throw new Error('No post ID received from server');
        autosave.saved();
        toast({ title: 'Post created' });
      }
      setValues(blankForm);
      await onSaved();
    } catch (error) {
      if (editing && isEditConflict(error)) {
        // Nothing typed is lost: the form keeps it, and their saved text is shown beside it.
        const theirs = await latest(editing.id).catch(() => null);
        if (theirs)
          setConflict({ message: serverMessageOf(error) ?? 'Someone else saved this post.', theirs });
        toast({ title: 'Not saved', description: serverMessageOf(error), variant: 'destructive' });
        return;
      }
      const byField = fieldErrorsOf(error);
      if (Object.keys(byField).length)
        setErrors(
          Object.fromEntries(
            Object.entries(byField).map(([path, message]) => [path.replace(/^post\./, ''), message]),
          ),
        );
      const message =
        error instanceof Error && error.message === 'No post ID received from server'
          ? error.message
          : serverMessageOf(error);
      toast({ title: 'Save error', description: message ?? 'Failed to save post', variant: 'destructive' });
    }
  }

  const errorId = (field: FieldName) => (errors[field] ? `${id}-${field}-error` : undefined);
  const errorText = (field: FieldName) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;
  const messages = Object.values(errors).filter(Boolean);

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {editing ? 'Edit Post' : 'Create New Post'}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {autosave.offer && (
          <DraftOffer
            savedAt={autosave.offer.savedAt}
            onRestore={() => {
              setValues({ ...values, ...(autosave.offer!.document as Partial<PostFormValues>) });
              autosave.takeOffer();
            }}
            onDiscard={autosave.dismissOffer}
          />
        )}
        {conflict && (
          <EditConflict
            what="this post"
            message={conflict.message}
            theirs={
              <>
                <p className={styles.label}>{conflict.theirs.title}</p>
                <p className={styles.diffText}>{conflict.theirs.excerpt}</p>
                <p className={styles.diffText}>{wordsOf(conflict.theirs.content).join(' ')}</p>
              </>
            }
            mine={
              <>
                <p className={styles.label}>{values.title}</p>
                <p className={styles.diffText}>{values.excerpt}</p>
                <p className={styles.diffText}>{wordsOf(values.content).join(' ')}</p>
              </>
            }
            onKeepMine={() => {
              setBaseVersion(conflict.theirs.version);
              setConflict(null);
            }}
            onTakeTheirs={() => {
              setValues(formFromPost(conflict.theirs));
              setBaseVersion(conflict.theirs.version);
              setConflict(null);
            }}
          />
        )}
        <FormErrorSummary
          id={`${id}-summary`}
          title="Validation error"
          messages={messages}
          summaryRef={errorSummary}
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-type`}>
            Type
          </label>
          <select
            id={`${id}-type`}
            className={styles.input}
            value={values.type}
            onChange={(event) => set('type', event.target.value as PostType)}
          >
            <option value="advice">Advice</option>
            <option value="news">News</option>
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-title`}>
            Title *
          </label>
          <input
            id={`${id}-title`}
            type="text"
            className={styles.input}
            value={values.title}
            maxLength={500}
            onChange={(event) => set('title', event.target.value)}
            aria-required
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errorId('title')}
          />
          {errorText('title')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-excerpt`}>
            Excerpt *
          </label>
          <p id={`${id}-excerpt-hint`} className={styles.hint}>
            One or two sentences shown on the post cards and in search results.
          </p>
          <textarea
            id={`${id}-excerpt`}
            className={styles.input}
            rows={3}
            maxLength={1000}
            value={values.excerpt}
            onChange={(event) => set('excerpt', event.target.value)}
            aria-required
            aria-invalid={errors.excerpt ? true : undefined}
            aria-describedby={[`${id}-excerpt-hint`, errorId('excerpt')].filter(Boolean).join(' ')}
          />
          {errorText('excerpt')}
        </div>
        <div className={styles.field}>
          <span id={`${id}-content-label`} className={styles.label}>
            Content *
          </span>
          <RichTextEditor
            id={`${id}-content`}
            labelledBy={`${id}-content-label`}
            value={values.content}
            onChange={(html) => set('content', html)}
            invalid={Boolean(errors.content)}
            describedBy={errorId('content')}
          />
          {errorText('content')}
        </div>
        <MediaUploadField
          kind="image"
          value={values.image}
          onChange={(value) => set('image', value)}
          error={errors.image}
        />
        <MediaUploadField
          kind="video"
          value={values.video}
          onChange={(value) => set('video', value)}
          error={errors.video}
        />
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            checked={values.isPublished}
            onChange={(event) => set('isPublished', event.target.checked)}
          />
          Publish immediately
        </label>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-publish-at`}>
            Publish on (optional)
          </label>
          <p id={`${id}-publish-at-hint`} className={styles.hint}>
            A future date schedules a published post: visitors see it from then on. Time in{' '}
            {companyTimeZone()}.
          </p>
          <input
            id={`${id}-publish-at`}
            type="datetime-local"
            className={styles.input}
            value={values.publishAt}
            onChange={(event) => set('publishAt', event.target.value)}
            aria-describedby={[`${id}-publish-at-hint`, errorId('publishedAt')].filter(Boolean).join(' ')}
          />
          {errorText('publishedAt')}
        </div>
        <div className={styles.buttonRow}>
          <button type="submit" className={styles.button.primary} disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Post' : 'Create Post'}
          </button>
          {editing?.isPublished && (
            <ScheduleChange
              type="post"
              itemKey={String(editing.id)}
              currentDocument={() => ({ type: values.type, ...postPayload(values) })}
            />
          )}
          <DraftStatus savedAt={autosave.savedAt} />
          {editing && (
            <button
              type="button"
              className={styles.button.secondary}
              onClick={() => {
                autosave.dismissOffer();
                setValues(blankForm);
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
