import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded files live. Every file an upload produces (the original and anything made from it) is
 * kept through this one interface, so that where the bytes are kept can change in one place.
 * Names are random and a name's bytes never change, which is what lets every reader cache them forever.
 */
export interface FileStore {
  /** Keeps the file at `sourcePath` under `name`; the source is moved or copied, and is gone afterwards. */
  save(name: string, sourcePath: string, contentType: string): Promise<void>;
  /** Forgets `name`; no error when it is already gone. */
  remove(name: string): Promise<void>;
}

/** Files in one folder on this machine's disk: the embedded database's companion. */
export class FolderStore implements FileStore {
  constructor(readonly folder: string) {}

  async save(name: string, sourcePath: string): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const destination = join(this.folder, name);
    try {
      await rename(sourcePath, destination);
    } catch (error) {
      // A temporary folder on another disk cannot be renamed across; copy, then drop the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, destination);
      await rm(sourcePath, { force: true });
    }
  }

  async remove(name: string): Promise<void> {
    await rm(join(this.folder, name), { force: true });
  }
}
