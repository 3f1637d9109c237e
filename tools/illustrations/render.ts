// Turns a scene's SVG into the files the site ships, with sharp, under a byte budget per image.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { svgDoc } from './svg.ts';

export type Format = 'webp' | 'jpg' | 'png';

export const MAX_BYTES = 120 * 1024;

interface Size {
  readonly width: number;
  readonly height: number;
}

async function encode(svg: string, format: Format, quality: number): Promise<Buffer> {
  const img = sharp(Buffer.from(svg));
  switch (format) {
    case 'webp':
      return img.webp({ quality, effort: 6 }).toBuffer();
    case 'jpg':
      return img.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      // Palette PNG: flat artwork compresses several times smaller with no visible loss.
      return img
        .png({ compressionLevel: 9, palette: true, quality: Math.max(quality, 90), effort: 10 })
        .toBuffer();
  }
}

/** Writes images under `outDir` (the site's `public/`, or any folder to compare runs) and lists them. */
export function imageWriter(outDir: string) {
  const written: { file: string; bytes: number }[] = [];

  /**
   * Encodes at the house quality and steps it down only if a file would blow
   * the per-image budget, so the repo stays small without hand-tuning each scene.
   */
  async function write(svg: string, publicPath: string, format: Format): Promise<void> {
    const start = format === 'jpg' ? 78 : 72;
    let quality = start;
    let data = await encode(svg, format, quality);
    while (data.length > MAX_BYTES && quality > 40 && format !== 'png') {
      quality -= 6;
      data = await encode(svg, format, quality);
    }
    const file = join(outDir, `${publicPath}.${format}`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
    written.push({ file, bytes: data.length });
    if (quality !== start)
      console.warn(`  ${publicPath}.${format}: lowered quality to ${quality} to fit the budget`);
  }

  return {
    outDir,
    written,
    /** Draws the scene into a `size` image whose drawing space is `view`, in each format. */
    render: async (
      draw: () => string,
      publicPath: string,
      size: Size,
      formats: readonly Format[],
      view: Size = size,
    ): Promise<void> => {
      const svg = svgDoc(size.width, size.height, draw(), view.width, view.height);
      for (const format of formats) await write(svg, publicPath, format);
    },
    /** Writes a file as it is (the SVG favicon). */
    writeText: async (publicPath: string, text: string): Promise<void> => {
      const file = join(outDir, publicPath);
      await writeFile(file, text);
      written.push({ file, bytes: Buffer.byteLength(text) });
    },
  };
}

/** Strips the `/images/...` URL prefix style into a path relative to public/. */
export const fromUrl = (url: string): string => url.replace(/^\//, '').replace(/\.(jpg|png|webp|svg)$/, '');
