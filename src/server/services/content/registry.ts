import type { Database } from '../../../../db/client.ts';
import { InvalidInputError } from '../../errors.ts';
import type { ActingRequest } from '../activity-log.ts';
import type { FileStore } from '../../storage/file-store.ts';

/** An item's editable fields, as history keeps them: plain JSON values, one per field. */
export type ContentDocument = Record<string, unknown>;

/** How history reads and writes one kind of content. */
export interface HistorySupport {
  /** The live item's editable document and the title it is listed by; null when there is none. */
  read(db: Database, key: string): Promise<{ title: string; document: ContentDocument } | null>;
  /**
   * Writes a document back over the live item (a restore, a scheduled change), through the same checks
   * a save from the editor goes through; a document that no longer passes them is refused (400).
   */
  write(db: Database, key: string, document: ContentDocument, acting: ActingRequest): Promise<void>;
  /**
   * Checks a document with the schema `write` saves it through, answering it as that schema reads it,
   * or throws a 400 naming the field. A change scheduled for later is checked when it is scheduled, so
   * a mistake is said to the person making it rather than found at night by nobody. `key` says which
   * schema, where the item decides it (each page's text has its own).
   */
  parse?(document: ContentDocument, key: string): ContentDocument;
  /** Fields compared word by word (long text); the others are compared as whole values. */
  textFields: readonly string[];
  /** Field names as the editor labels them, for summaries ("Edited Title, Content"). */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * Whether a document is one visitors are shown, so that a save turning it on is logged as a publish.
   * Without it, a document's own `isPublished` flag says so, when it has one.
   */
  isPublic?(document: ContentDocument): boolean;
}

/** What purging may need beside the database: where uploaded files are kept. */
export interface PurgeContext {
  fileStore: FileStore;
}

/** How the Trash holds one kind of content: its row stays, marked deleted, until purged. */
export interface TrashSupport {
  /** The live item's title as the Trash lists it; null when there is no live item with that key. */
  titleOf(db: Database, key: string): Promise<string | null>;
  /** Why this live item may not go to the Trash (a live post shows the upload), or null. */
  refusal?(db: Database, key: string): Promise<string | null>;
  /** Marks the row deleted (a date) or live again (null); answers whether a row was found. */
  setDeleted(db: Database, key: string, deletedAt: Date | null): Promise<boolean>;
  /**
   * Why the item cannot come back as it was (another item took its address meanwhile), or null. Said
   * to the person restoring it as a 409 rather than restoring something broken.
   */
  restoreConflict?(db: Database, key: string): Promise<string | null>;
  /**
   * Deletes the row and what is only its own for good. Answers 'kept' when something still needs it
   * (an upload a post uses, even a post in the Trash): it is tried again at the next sweep.
   */
  purge(db: Database, key: string, context: PurgeContext): Promise<'purged' | 'kept'>;
}

/**
 * One kind of content the owner edits. Plugging a new kind in is one definition (see
 * content/types.ts) and one line in `contentTypes` below: history, conflicts, drafts, scheduled changes,
 * the Trash, the activity log and backups then serve it with no code of their own.
 */
export interface ContentTypeDefinition {
  /** The name in URLs, rows and the activity log: `post`, `review`. */
  type: string;
  /** How a person calls one: "Post", "Review". */
  label: string;
  /** The tables its pages read (each page's +config.ts `tables`): emptied when it is trashed or restored. */
  tables: readonly string[];
  /** Whether a key is one of this kind's (a row id as digits, a fixed name). */
  isKey(key: string): boolean;
  history?: HistorySupport;
  trash?: TrashSupport;
}

const registered = new Map<string, ContentTypeDefinition>();

/** Adds a kind of content; a second definition under one name is a mistake in the code. */
export function registerContentType(definition: ContentTypeDefinition): void {
  if (registered.has(definition.type)) throw new Error(`content type ${definition.type} is registered twice`);
  registered.set(definition.type, definition);
}

export function registeredContentTypes(): ContentTypeDefinition[] {
  return [...registered.values()];
}

/** The definition of `type` with the given support, or a 400 naming the field when there is none. */
export function contentTypeFor(type: string, key: string): ContentTypeDefinition {
  const definition = registered.get(type);
  if (!definition)
    throw new InvalidInputError(`Unknown content type ${type}`, { type: ['Unknown content type'] });
  if (!definition.isKey(key))
    throw new InvalidInputError(`No ${definition.label.toLowerCase()} has the id ${key}`, {
      id: ['Unknown id'],
    });
  return definition;
}

export function historyOf(type: string, key: string): HistorySupport & { definition: ContentTypeDefinition } {
  const definition = contentTypeFor(type, key);
  if (!definition.history)
    throw new InvalidInputError(`${definition.label}s keep no history`, {
      type: ['No history for this type'],
    });
  return { ...definition.history, definition };
}

export function trashOf(type: string, key: string): TrashSupport & { definition: ContentTypeDefinition } {
  const definition = contentTypeFor(type, key);
  if (!definition.trash)
    throw new InvalidInputError(`${definition.label}s do not go to the Trash`, {
      type: ['No trash for this type'],
    });
  return { ...definition.trash, definition };
}

/** A row id as an item key: positive digits only. */
export function isRowIdKey(key: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(key) && Number(key) <= 2_147_483_647;
}
