import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

export interface StoredFileEntry {
  /** The file's name under the store: its path in the uploads folder, `/` between folders. */
  name: string;
  size: number;
}

/**
 * Where uploaded files live. Every file an upload produces (the original and anything made from it) is
 * kept through this one interface, so that where the bytes are kept can change in one place.
 * Names are random and a name's bytes never change, which is what lets every reader cache them forever.
 */
export interface FileStore {
  readonly kind: 'folder' | 'database';
  /** Keeps the file at `sourcePath` under `name`; the source is moved or copied, and is gone afterwards. */
  save(name: string, sourcePath: string, contentType: string): Promise<void>;
  /** Forgets `name`; no error when it is already gone. */
  remove(name: string): Promise<void>;
  /**
   * The folder on this machine that holds `name`, after fetching it there if it is kept elsewhere, or
   * null when the store has no such file. Serving reads the file from that folder.
   */
  localFolderOf(name: string): Promise<string | null>;
  /** Every stored file, by name. */
  list(): Promise<StoredFileEntry[]>;
  /** The bytes of one stored file, in order. */
  read(name: string): AsyncIterable<Buffer>;
}

/**
 * The names the site itself makes: no folders, no dot files, nothing to escape. Written for JavaScript
 * and PostgreSQL regular expressions alike, so finding uploads in stored text uses the same rule.
 */
export const STORABLE_NAME_PATTERN = String.raw`[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?`;
const STORABLE_NAME = new RegExp(`^${STORABLE_NAME_PATTERN}$`);

/** A file name the site itself could have made. */
export function isStorableName(name: string): boolean {
  return STORABLE_NAME.test(name) && name.length <= 200;
}

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
};

/** The type of a stored file from its extension, which the upload chose from the file's bytes. */
export function contentTypeOf(name: string): string {
  return contentTypes[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Moves a file, copying where a rename cannot cross from one disk to another. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** Files in one folder on this machine's disk: the embedded database's companion. */
export class FolderStore implements FileStore {
  readonly kind = 'folder';

  constructor(readonly folder: string) {}

  async save(name: string, sourcePath: string, _contentType?: string): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    await moveFile(sourcePath, join(this.folder, name));
  }

  async remove(name: string): Promise<void> {
    await rm(join(this.folder, name), { force: true });
  }

  async localFolderOf(name: string): Promise<string | null> {
    if (!isStorableName(name)) return null;
    try {
      return (await stat(join(this.folder, name))).isFile() ? this.folder : null;
    } catch {
      return null;
    }
  }

  async list(): Promise<StoredFileEntry[]> {
    let entries;
    try {
      entries = await readdir(this.folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: StoredFileEntry[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const name = relative(this.folder, join(entry.parentPath, entry.name)).split(sep).join('/');
      // Dot files are half-written uploads and editor leftovers; they are never served either.
      if (name.split('/').some((part) => part.startsWith('.'))) continue;
      try {
        files.push({ name, size: (await stat(join(this.folder, name))).size });
      } catch {
        // Deleted since the folder was read.
      }
    }
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  read(name: string): AsyncIterable<Buffer> {
    return createReadStream(join(this.folder, name));
  }
}
