// Smaller copies of each uploaded photo, in AVIF and WebP with a JPEG (or PNG, for images with
// transparency) fallback, at the widths the pages ask for. Encoding a phone photo's twelve copies takes a
// few seconds, so it happens after the upload has answered: a media row marked pending is claimed with
// FOR UPDATE SKIP LOCKED and a lease by whichever instance gets to it, and a claim whose instance died is
// taken over when the lease runs out. Photos uploaded before variants existed are marked pending by
// their migration and done at the next start.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { media, type MediaVariant } from '../../../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { makeVariantFiles } from '../media/image-worker.ts';
import type { FileStore } from '../storage/file-store.ts';
import { Outbox, type OutboxOptions } from '../background/outbox.ts';

/**
 * Makes and keeps every variant of the stored image `filename`, answering what was made, smallest first;
 * an animated image gets none (its frames would be lost). `workDir` holds the files while they are made.
 */
export async function makeImageVariants(
  store: FileStore,
  filename: string,
  workDir: string,
): Promise<MediaVariant[]> {
  const folder = await store.localFolderOf(filename);
  if (!folder) throw new Error(`the stored image ${filename} is missing`);
  const files = await makeVariantFiles({
    source: join(folder, filename),
    workDir,
    base: filename.replace(/\.[^.]+$/, ''),
  });
  const kept: MediaVariant[] = [];
  try {
    for (const { file, ...variant } of files) {
      await store.save(variant.name, file, `image/${variant.format}`);
      kept.push(variant);
    }
  } catch (error) {
    // No row will list the copies kept so far (the image was deleted meanwhile, or the disk is full):
    // nothing else would ever remove them.
    for (const variant of kept) await store.remove(variant.name).catch(() => {});
    throw error;
  } finally {
    for (const { file } of files) await rm(file, { force: true });
  }
  return kept;
}

/** How often pending images are looked for, and how long a claimed one is this instance's. */
export interface ImageVariantMakerOptions extends Pick<OutboxOptions, 'pollIntervalMs' | 'leaseMs'> {
  /**
   * Whether uploads and the poll set the work going. Off, only finishPending() does: tests that count
   * files do not have encoders writing beside them.
   */
  background: boolean;
}

export const defaultImageVariantMakerOptions: ImageVariantMakerOptions = {
  pollIntervalMs: 30_000,
  leaseMs: 5 * 60_000,
  background: true,
};

/** A media row whose variants are to be made, as this instance claimed it. */
interface PendingImage {
  id: number;
  filename: string;
}

/**
 * Works through the images whose variants are pending, one at a time, on any instance: an outbox whose
 * rows are the media rows marked pending, and whose delivery is making their copies.
 */
export class ImageVariantMaker extends Outbox<PendingImage> {
  constructor(
    private readonly db: Database,
    private readonly store: FileStore,
    private readonly workDir: string,
    private readonly log: Logger,
    private readonly options: ImageVariantMakerOptions = defaultImageVariantMakerOptions,
  ) {
    super(options.pollIntervalMs, (error) =>
      log.warn({ err: error }, 'image variants could not be made now'),
    );
  }

  override start(): void {
    if (this.options.background) super.start();
  }

  /** Looks for pending images now (after an upload) rather than at the next poll. */
  override wake(): void {
    if (this.options.background) super.wake();
  }

  /** Makes every pending image's variants, and resolves when none is left (tests, commands). */
  async finishPending(): Promise<void> {
    super.wake();
    await this.settled();
  }

  protected async deliver(claimed: PendingImage): Promise<void> {
    try {
      const variants = await makeImageVariants(this.store, claimed.filename, this.workDir);
      // Pages kept while the copies were being made show the original: the database announces the
      // new copies at commit (a trigger on media), and every instance drops those pages.
      const recorded = await this.db
        .update(media)
        .set({ variants, variantsPending: false, variantsLeaseUntil: null })
        .where(eq(media.id, claimed.id))
        .returning({ id: media.id });
      // The upload was deleted while its copies were being made: they belong to nothing now.
      if (!recorded.length) for (const variant of variants) await this.store.remove(variant.name);
    } catch (error) {
      // A damaged or missing file will not get better: the page shows the original, and nobody retries
      // it forever.
      this.log.warn(
        { err: error, mediaId: claimed.id },
        'image variants could not be made; showing the original',
      );
      await this.db
        .update(media)
        .set({ variantsPending: false, variantsLeaseUntil: null })
        .where(eq(media.id, claimed.id));
    }
  }

  protected async claim(): Promise<PendingImage | undefined> {
    const [row] = rowsOf<PendingImage>(
      await this.db.execute(sql`
        update media
        set variants_lease_until = now() + make_interval(secs => ${this.options.leaseMs / 1000})
        where id = (
          select id from media
          where variants_pending and (variants_lease_until is null or variants_lease_until < now())
          order by id
          limit 1
          for update skip locked
        )
        returning id, filename`),
    );
    return row;
  }
}
