// The process that decodes and encodes photos (image-worker.ts starts it). libvips asks the C allocator
// for a phone photo's pixels and encoders' buffers, and a long-lived process keeps most of that memory
// after the work is done; a process of its own gives it all back when it ends.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { ImageJob, ImageJobAnswer, ImageJobRequest, MadeVariant } from './image-worker.ts';
import { variantWidthsFor } from './variant-widths.ts';

// libvips keeps the last images it worked on (50 MB) in case they are asked for again, and works each
// image on a thread per core. Here an image is worked once, on a server that may have 512 MB in all.
sharp.cache(false);
sharp.concurrency(1);

const encoders = {
  // Effort 2 of 9: a tenth of the time of the default for files a few percent larger.
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
  webp: (image: Sharp) => image.webp({ quality: 75 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9, palette: true }),
} satisfies Record<MadeVariant['format'], (image: Sharp) => Sharp>;

async function run(job: ImageJob): Promise<unknown> {
  if (job.kind === 'store') {
    const info = await sharp(job.input, { limitInputPixels: job.limitInputPixels, animated: job.animated })
      .rotate()
      .resize({ width: job.maxSide, height: job.maxSide, fit: 'inside', withoutEnlargement: true })
      .toFile(job.output);
    return { width: info.width, height: info.pageHeight ?? info.height, size: info.size };
  }
  if (job.kind === 'drawing') {
    // Flat artwork: a palette PNG is several times smaller with no visible loss.
    const png = await sharp(Buffer.from(job.svg))
      .png({ compressionLevel: 9, palette: true, quality: 90 })
      .toBuffer();
    return png.toString('base64');
  }
  return makeVariants(job.source, job.workDir, job.base);
}

/** Every copy of the image at `source`, written into `workDir`; none for an animated image (its frames would be lost). */
async function makeVariants(source: string, workDir: string, base: string): Promise<MadeVariant[]> {
  const metadata = await sharp(source).metadata();
  if ((metadata.pages ?? 1) > 1 || !metadata.width || !metadata.height) return [];
  const fallback: MadeVariant['format'] = metadata.hasAlpha ? 'png' : 'jpeg';
  const widths = variantWidthsFor(metadata.width);
  // The stored photo (a phone's is 4000 x 3000, 36 MB of pixels) is decoded once, to the widest copy;
  // every copy is made from those pixels (7 MB for a 1600 px copy) rather than from the photo again.
  const widest = await sharp(source)
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const made: MadeVariant[] = [];
  try {
    for (const width of widths) {
      for (const format of ['avif', 'webp', fallback] as const) {
        const file = join(workDir, `.variant-${randomBytes(8).toString('hex')}`);
        const pixels = sharp(widest.data, { raw: widest.info }).resize({ width, withoutEnlargement: true });
        try {
          const info = await encoders[format](pixels).toFile(file);
          const name = `${base}-${width}.${format === 'jpeg' ? 'jpg' : format}`;
          made.push({ name, file, format, width: info.width, height: info.height, size: info.size });
        } catch (error) {
          await rm(file, { force: true });
          throw error;
        }
      }
    }
  } catch (error) {
    for (const variant of made) await rm(variant.file, { force: true });
    throw error;
  }
  return made;
}

// One job at a time, in the order asked: the point of this process is a bounded amount of memory.
let queue = Promise.resolve();
process.on('message', (request: ImageJobRequest) => {
  queue = queue.then(async () => {
    let answer: ImageJobAnswer;
    try {
      answer = { id: request.id, result: await run(request.job) };
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      const code = (failure as { code?: unknown }).code;
      answer = {
        id: request.id,
        error: { message: failure.message, ...(typeof code === 'string' ? { code } : {}) },
      };
    }
    process.send!(answer);
  });
});
// The server went away, or let this process go after a while with nothing to do.
process.on('disconnect', () => process.exit(0));
