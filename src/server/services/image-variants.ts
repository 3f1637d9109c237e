// Smaller copies of each uploaded photo, in AVIF and WebP with a JPEG (or PNG, for images with
// transparency) fallback, at the widths the pages ask for. Encoding a phone photo's twelve copies takes a
// few seconds, so it happens after the upload has answered: a media row marked pending is claimed with
// FOR UPDATE SKIP LOCKED and a lease by whichever instance gets to it, and a claim whose instance died is
// taken over when the lease runs out. Photos uploaded before variants existed are marked pending by
// their migration and done at the next start.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Sharp } from 'sharp';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { media, type MediaVariant } from '../../../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { loadSharp } from '../on-first-use.ts';
import type { FileStore } from '../storage/file-store.ts';
import { CoalescedRun } from '../coalesced-run.ts';
import { SITE_CHANGES_CHANNEL } from '../site-changes.ts';

/** The widths pages ask for: a card on a phone, a card on a wide screen or the article on a phone, and up. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

/** The widths made for an image `width` pixels wide: never wider than the image itself. */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  if (width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!) widths.push(width);
  return widths;
}

const encoders = {
  // Effort 2 of 9: a tenth of the time of the default for files a few percent larger.
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
  webp: (image: Sharp) => image.webp({ quality: 75 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9, palette: true }),
} satisfies Record<MediaVariant['format'], (image: Sharp) => Sharp>;

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
  const source = join(folder, filename);
  const sharp = await loadSharp();
  const metadata = await sharp(source).metadata();
  if ((metadata.pages ?? 1) > 1 || !metadata.width || !metadata.height) return [];
  const fallback: MediaVariant['format'] = metadata.hasAlpha ? 'png' : 'jpeg';
  const base = filename.replace(/\.[^.]+$/, '');
  const widths = variantWidthsFor(metadata.width);
  // The stored photo (a phone's is 4000 x 3000, 36 MB of pixels) is decoded once, to the widest copy;
  // every copy is made from those pixels (7 MB for a 1600 px copy) rather than from the photo again.
  const widest = await sharp(source)
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(widest.data, { raw: widest.info });
  const made: MediaVariant[] = [];
  try {
    for (const width of widths) {
      for (const format of ['avif', 'webp', fallback] as const) {
        const name = `${base}-${width}.${format === 'jpeg' ? 'jpg' : format}`;
        const temp = join(workDir, `.variant-${randomBytes(8).toString('hex')}`);
        try {
          const info = await encoders[format](pixels().resize({ width, withoutEnlargement: true })).toFile(
            temp,
          );
          await store.save(name, temp, `image/${format}`);
          made.push({ name, format, width: info.width, height: info.height, size: info.size });
        } finally {
          await rm(temp, { force: true });
        }
      }
    }
  } catch (error) {
    // No row will list the copies made so far (the image was deleted meanwhile, or is damaged): nothing
    // else would ever remove them.
    for (const variant of made) await store.remove(variant.name).catch(() => {});
    throw error;
  }
  return made;
}

export interface ImageVariantMakerOptions {
  /** How often pending images are looked for: those of an instance that died, and missed wake-ups. */
  pollIntervalMs: number;
  /** How long a claimed image is this instance's; after that another instance may make its variants. */
  leaseMs: number;
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

/** Works through the images whose variants are pending, one at a time, on any instance. */
export class ImageVariantMaker {
  private readonly working = new CoalescedRun(
    () => this.work(),
    (error) => this.log.warn({ err: error }, 'image variants could not be made now'),
  );
  private poll: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly store: FileStore,
    private readonly workDir: string,
    private readonly log: Logger,
    private readonly options: ImageVariantMakerOptions = defaultImageVariantMakerOptions,
  ) {}

  start(): void {
    if (!this.options.background) return;
    this.poll = setInterval(() => this.wake(), this.options.pollIntervalMs).unref();
    this.wake();
  }

  /** Stops taking images; the one being worked on is finished first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    await this.working.settled();
  }

  /** Looks for pending images now (after an upload) rather than at the next poll. */
  wake(): void {
    if (this.options.background) this.run();
  }

  /** Makes every pending image's variants, and resolves when none is left (tests, commands). */
  async finishPending(): Promise<void> {
    this.run();
    await this.working.settled();
  }

  private run(): void {
    if (!this.stopped) this.working.request();
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim();
      if (!claimed) return;
      try {
        const variants = await makeImageVariants(this.store, claimed.filename, this.workDir);
        const recorded = await this.db.transaction(async (tx) => {
          const rows = await tx
            .update(media)
            .set({ variants, variantsPending: false, variantsLeaseUntil: null })
            .where(eq(media.id, claimed.id))
            .returning({ id: media.id });
          // Pages kept while the copies were being made show the original: every instance drops them.
          if (rows.length) await tx.execute(sql`select pg_notify(${SITE_CHANGES_CHANNEL}, 'media')`);
          return rows.length > 0;
        });
        // The upload was deleted while its copies were being made: they belong to nothing now.
        if (!recorded) for (const variant of variants) await this.store.remove(variant.name);
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
  }

  private async claim(): Promise<{ id: number; filename: string } | undefined> {
    const [row] = rowsOf<{ id: number; filename: string }>(
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
