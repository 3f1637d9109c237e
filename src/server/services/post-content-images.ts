// The pictures inside a post's text, made as cheap for a visitor as the post's own photo: an uploaded
// photo becomes a <picture> of its AVIF, WebP and JPEG copies with its shape, one of the site's own
// pictures gets its content-addressed name. Runs on HTML that sanitizePostHtml wrote, never on the
// owner's raw HTML: there every attribute value is double-quoted with <, >, " and & escaped, so a tag
// ends at the first '>' and a value at the first '"', and the owner's attributes are copied as written.
import { escapeHtml } from '../../../renderer/seo.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import type { UploadedImage } from '../../shared/uploaded-image.ts';
import { webpTwinOf } from '../../shared/webp-twin.ts';

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** An attribute value as the sanitizer escaped it, back to its text (for looking the address up). */
function unescapeAttribute(value: string): string {
  return value.replace(/&(quot|lt|gt|#39|amp);/g, (_entity, name: string) =>
    name === 'quot' ? '"' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === '#39' ? "'" : '&',
  );
}

/** Each attribute of a sanitized <img> as written (still escaped), by name. */
function attributesOf(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!, value!]));
}

/** The uploads (`/uploads/<file>`) the <img> elements of sanitized post HTML show, each once. */
export function uploadedImagesIn(html: string): string[] {
  const sources = new Set<string>();
  for (const [, tag] of html.matchAll(IMG_TAG)) {
    const src = attributesOf(tag!).get('src');
    if (src?.startsWith('/uploads/')) sources.add(unescapeAttribute(src));
  }
  return [...sources];
}

/** ` name="value"` for each attribute with a value; values must be escaped already. */
function attributeList(attributes: readonly (readonly [string, string | undefined])[]): string {
  return attributes
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
}

const WHOLE_NUMBER = /^[1-9]\d{0,4}$/;

/** The <img> (in a <picture> when it has copies) of an uploaded photo with a media row. */
function uploadedPicture(own: Map<string, string>, picture: UploadedImage, sizes: string): string {
  // The owner's width, when written, is kept, and the height follows the photo's shape; otherwise the
  // photo's own size: either way the browser reserves its place before it loads.
  const ownWidth = own.get('width');
  const width = ownWidth && WHOLE_NUMBER.test(ownWidth) ? Number(ownWidth) : picture.width;
  const height = Math.round((width * picture.height) / picture.width);
  const alt = own.get('alt') || (picture.alt ? escapeHtml(picture.alt) : own.get('alt'));
  const img = `<img${attributeList([
    ['src', escapeHtml(picture.src)],
    ['srcset', picture.srcSet ? escapeHtml(picture.srcSet) : undefined],
    ['sizes', picture.srcSet ? escapeHtml(sizes) : undefined],
    ['width', String(width)],
    ['height', String(height)],
    ['alt', alt],
    ['title', own.get('title')],
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ])} />`;
  if (!picture.sources.length) return img;
  const sources = picture.sources.map(
    (source) =>
      `<source${attributeList([
        ['type', escapeHtml(source.type)],
        ['srcset', escapeHtml(source.srcSet)],
        ['sizes', escapeHtml(sizes)],
      ])} />`,
  );
  return `<picture>${sources.join('')}${img}</picture>`;
}

/** One of the site's own pictures: its content-addressed name, and its WebP twin for browsers that take it. */
function sitePicture(own: Map<string, string>, src: string): string {
  const img = `<img${attributeList([
    ['src', escapeHtml(siteImageUrl(src))],
    ...[...own].filter(([name]) => name !== 'src'),
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ])} />`;
  const webp = webpTwinOf(src);
  if (!webp) return img;
  return `<picture><source${attributeList([
    ['type', 'image/webp'],
    ['srcset', escapeHtml(siteImageUrl(webp))],
  ])} />${img}</picture>`;
}

/**
 * Sanitized post HTML with each <img> of an uploaded photo (found in `pictures`, by address) shown at
 * the size the browser needs (`sizes`: how wide the article shows it), and each of the site's own
 * pictures by its cached-for-a-year name. Other images are left exactly as they are.
 */
export function pictureContentImages(
  html: string,
  pictures: ReadonlyMap<string, UploadedImage>,
  sizes: string,
): string {
  return html.replace(IMG_TAG, (tag: string, attributes: string) => {
    const own = attributesOf(attributes);
    const src = unescapeAttribute(own.get('src') ?? '');
    const picture = pictures.get(src);
    if (picture) return uploadedPicture(own, picture, sizes);
    if (siteImageUrl(src) !== src) return sitePicture(own, src);
    return tag;
  });
}
