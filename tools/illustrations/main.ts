/**
 * Draws every image the site ships as flat SVG illustrations and renders them
 * with sharp into `public/images/`: `npm run illustrations`, or
 * `npm run illustrations -- --out <dir>` to write them elsewhere (to compare two runs).
 *
 * The site must not depend on stock photos or downloads, so every picture is
 * code: re-run it after editing a scene (one file per scene in `scenes/`,
 * built from `pieces.ts` and `svg.ts`, coloured from `colours.ts`). Paths,
 * sizes and captions come from `src/shared/images.ts` and the built-in services (`db/seed-content.ts`), so the pages and the
 * files on disk cannot disagree. Output is deterministic (no Math.random) so
 * re-running does not churn the committed binaries.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  aboutImage,
  appleTouchIcon,
  couponImage,
  faviconSvg,
  heroImage,
  localExpertsImage,
  serviceSlugs,
  shareImage,
  shareImageMeta,
} from '../../src/shared/images.ts';
import { builtInServicePhotos } from '../../db/seed-content.ts';
import { type Format, fromUrl, imageWriter, MAX_BYTES } from './render.ts';
import { writeSiteImageHashes } from '../../scripts/site-image-hashes.ts';
import { aboutScene } from './scenes/about.ts';
import { COUPON_H, COUPON_W, couponScene } from './scenes/coupon.ts';
import { galleryScenes } from './scenes/galleries.ts';
import { GH, GW } from './scenes/gallery-size.ts';
import { heroScene } from './scenes/hero.ts';
import { appleIconScene, faviconSvgText } from './scenes/icons.ts';
import { localScene } from './scenes/local.ts';
import { shareScene } from './scenes/share.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const { render, writeText, written, outDir } = imageWriter(values.out ? resolve(values.out) : PUBLIC_DIR);
  const both: readonly Format[] = ['webp', 'jpg'];

  await render(shareScene, fromUrl(shareImage), shareImageMeta, both);

  for (const width of heroImage.widths) {
    const height = Math.round((width * heroImage.height) / heroImage.width);
    await render(heroScene, `${fromUrl(heroImage.src)}-${width}`, { width, height }, both, heroImage);
  }

  const couponView = { width: COUPON_W, height: COUPON_H };
  await render(
    couponScene,
    fromUrl(couponImage.downloadHref),
    { width: couponImage.downloadWidth, height: couponImage.downloadHeight },
    ['png'],
    couponView,
  );
  await render(couponScene, fromUrl(couponImage.src), couponImage, ['webp'], couponView);

  for (const slug of serviceSlugs) {
    const scenes = galleryScenes[slug];
    const images = builtInServicePhotos[slug];
    if (scenes.length !== images.length)
      throw new Error(`${slug}: ${images.length} gallery entries but ${scenes.length} scenes`);
    for (const [i, image] of images.entries()) {
      const scene = scenes[i];
      if (!scene) throw new Error(`${slug}: missing scene ${i + 1}`);
      await render(scene, fromUrl(image.src), image, both, { width: GW, height: GH });
    }
  }

  await render(aboutScene, fromUrl(aboutImage.src), aboutImage, both, { width: GW, height: GH });
  await render(localScene, fromUrl(localExpertsImage.src), localExpertsImage, both, {
    width: GW,
    height: GH,
  });

  await writeText(faviconSvg, faviconSvgText());
  await render(appleIconScene, fromUrl(appleTouchIcon), { width: 180, height: 180 }, ['png'], {
    width: 64,
    height: 64,
  });

  let total = 0;
  for (const { file, bytes } of written) {
    total += bytes;
    const flag = bytes > MAX_BYTES ? '  <-- over budget' : '';
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${relative(outDir, file)}${flag}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (${written.length} files)`);
  // The pages name each picture by a hash of its bytes: a redrawn picture needs its new name.
  if (outDir === PUBLIC_DIR && writeSiteImageHashes()) console.log('Updated src/shared/image-hashes.ts');
}

await main();
