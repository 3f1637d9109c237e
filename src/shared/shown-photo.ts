/**
 * A photo as a page shows it: the words for it, its size (so the page keeps its space before it loads),
 * and the copies a browser picks from: AVIF and WebP sources, then a fallback with its widths.
 */
export interface ShownPhoto {
  /** The address as stored: an upload (/uploads/...) or a picture the site ships (/images/...). */
  src: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  image: { src: string; srcSet: string; sources: { type: string; srcSet: string }[] };
}
