/** One stored copy of an uploaded photo, as the media row records it. */
export interface ImageVariantRef {
  name: string;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  width: number;
  height: number;
}

/**
 * What a page needs to show an uploaded photo well: its shape (so the page does not jump when it
 * loads), its alt text, and the copies a browser picks from by format and width.
 */
export interface UploadedImage {
  width: number;
  height: number;
  alt: string;
  /** The fallback copy for a browser that reads no srcset (the original while copies are being made). */
  src: string;
  /** Every width of the fallback format, for the <img> itself; empty while copies are being made. */
  srcSet: string;
  /** AVIF, then WebP: a <source> each. */
  sources: { type: string; srcSet: string }[];
}

/** How wide an article shows a photo: its column is at most 760 px, less its padding on a phone. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 800px) 760px, 100vw';

function srcSetOf(variants: readonly ImageVariantRef[]): string {
  return variants.map((variant) => `/uploads/${variant.name} ${variant.width}w`).join(', ');
}

/** The picture of a media row: its copies grouped by format, the fallback format for the <img>. */
export function uploadedImageOf(row: {
  url: string;
  width: number;
  height: number;
  alt: string;
  variants: readonly ImageVariantRef[];
}): UploadedImage {
  const fallback = row.variants.filter((variant) => variant.format === 'jpeg' || variant.format === 'png');
  const widthOf = (format: ImageVariantRef['format']) =>
    row.variants.filter((variant) => variant.format === format);
  // For a browser that reads no srcset: a copy about the width of a wide column, not the whole photo.
  const middle = fallback.find((variant) => variant.width >= 800) ?? fallback[fallback.length - 1];
  return {
    width: row.width,
    height: row.height,
    alt: row.alt,
    src: middle ? `/uploads/${middle.name}` : row.url,
    srcSet: srcSetOf(fallback),
    sources: (['avif', 'webp'] as const)
      .map((format) => ({ type: `image/${format}`, srcSet: srcSetOf(widthOf(format)) }))
      .filter((source) => source.srcSet),
  };
}

/** The copy in `srcSet` at least `width` wide, else its widest; undefined for an empty srcSet. */
export function copyAtWidth(srcSet: string, width: number): string | undefined {
  const copies = srcSet ? srcSet.split(', ').map((entry) => entry.split(' ')) : [];
  const atLeast = copies.find(([, size]) => Number.parseInt(size!, 10) >= width);
  return (atLeast ?? copies[copies.length - 1])?.[0];
}

/** The copy closest to `width` in the fallback format (for Open Graph), or the original. */
export function uploadedImageAtWidth(image: UploadedImage, width: number): string {
  return copyAtWidth(image.srcSet, width) ?? image.src;
}
