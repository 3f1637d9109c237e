import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { siteImageUrl } from '../../shared/site-image-url.ts';
import { ARTICLE_IMAGE_SIZES, uploadedImageOf, type UploadedImage } from '../../shared/uploaded-image.ts';
import { sanitizePostHtml } from './html-sanitizer.ts';
import { pictureContentImages, uploadedImagesIn } from './post-content-images.ts';

const variants = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
  [400, 800, 1200].map((width) => ({
    name: `abc-${width}.${format === 'jpeg' ? 'jpg' : format}`,
    format,
    width,
    height: (width * 3) / 4,
  })),
);
const ready = uploadedImageOf({
  url: '/uploads/abc.jpg',
  width: 1600,
  height: 1200,
  alt: 'Water heater in a garage',
  variants,
});
const pending = uploadedImageOf({
  url: '/uploads/new.jpg',
  width: 1000,
  height: 500,
  alt: '',
  variants: [],
});
const pictures = new Map<string, UploadedImage>([
  ['/uploads/abc.jpg', ready],
  ['/uploads/new.jpg', pending],
]);

/** As the article page does it: the owner's HTML sanitized, then its images rewritten. */
const rewrite = (html: string) => pictureContentImages(sanitizePostHtml(html), pictures, ARTICLE_IMAGE_SIZES);

/** Every element of some HTML and its attributes, as a browser's parser would see them. */
function elementsOf(html: string): { tag: string; attributes: Record<string, string> }[] {
  const elements: { tag: string; attributes: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => {
        elements.push({ tag: tagName, attributes: attribs });
        return { tagName, attribs };
      },
    },
  });
  return elements;
}

const WRITABLE: Record<string, readonly string[]> = {
  picture: [],
  source: ['type', 'srcset', 'sizes'],
  img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
};

/**
 * The rewrite adds only <picture>, <source> and image attributes, with addresses on this site: every
 * element it could have written is checked as the browser would parse it.
 */
function expectOnlySafeImages(html: string) {
  for (const { tag, attributes } of elementsOf(html)) {
    if (!(tag in WRITABLE)) continue;
    expect(
      Object.keys(attributes).filter((name) => !WRITABLE[tag]!.includes(name)),
      html,
    ).toEqual([]);
    for (const name of ['src', 'srcset'])
      if (attributes[name] !== undefined) expect(attributes[name], html).toMatch(/^\/(uploads|images)\//);
  }
  expect(elementsOf(html).map(({ tag }) => tag)).not.toContain('script');
}

describe('pictureContentImages', () => {
  it('shows an uploaded photo as a <picture> of its AVIF, WebP and JPEG copies with its shape', () => {
    const html = rewrite('<p>Before</p><p><img src="/uploads/abc.jpg" alt=""></p>');
    const sizes = `sizes="${ARTICLE_IMAGE_SIZES}"`;
    expect(html).toBe(
      '<p>Before</p><p><picture>' +
        `<source type="image/avif" srcset="/uploads/abc-400.avif 400w, /uploads/abc-800.avif 800w, /uploads/abc-1200.avif 1200w" ${sizes} />` +
        `<source type="image/webp" srcset="/uploads/abc-400.webp 400w, /uploads/abc-800.webp 800w, /uploads/abc-1200.webp 1200w" ${sizes} />` +
        `<img src="/uploads/abc-800.jpg" srcset="/uploads/abc-400.jpg 400w, /uploads/abc-800.jpg 800w, /uploads/abc-1200.jpg 1200w" ${sizes} ` +
        'width="1600" height="1200" alt="Water heater in a garage" loading="lazy" decoding="async" />' +
        '</picture></p>',
    );
    expectOnlySafeImages(html);
  });

  it("keeps the owner's own alt text and title, and the owner's width with the photo's shape", () => {
    const html = rewrite(
      '<img src="/uploads/abc.jpg" alt="Our &quot;new&quot; heater" title="Tap" width="400">',
    );
    expect(html).toContain('width="400" height="300" alt="Our &quot;new&quot; heater" title="Tap"');
    expect(rewrite('<img src="/uploads/abc.jpg" width="100%">')).toContain('width="1600" height="1200"');
  });

  it('keeps a photo whose copies are not made yet as it is, with its shape, alt only when the owner wrote one', () => {
    expect(rewrite('<img src="/uploads/new.jpg" alt="">')).toBe(
      '<img src="/uploads/new.jpg" width="1000" height="500" alt="" loading="lazy" decoding="async" />',
    );
  });

  it("names one of the site's own pictures by its hash, with its WebP twin", () => {
    const html = rewrite('<img src="/images/services/water-heater-1.jpg" alt="Heater">');
    expect(html).toBe(
      `<picture><source type="image/webp" srcset="${siteImageUrl('/images/services/water-heater-1.webp')}" />` +
        `<img src="${siteImageUrl('/images/services/water-heater-1.jpg')}" alt="Heater" loading="lazy" decoding="async" /></picture>`,
    );
    expectOnlySafeImages(html);
  });

  it('leaves other images, and everything else, exactly as the sanitizer wrote them', () => {
    const content =
      '<p>Text with &lt;img src="/uploads/abc.jpg"&gt; written out</p><img src="https://example.com/a.jpg" alt="x" /><img src="/uploads/unknown.jpg" />';
    expect(pictureContentImages(content, pictures, ARTICLE_IMAGE_SIZES)).toBe(content);
  });

  it.each([
    // Markup only the rewrite may write, sent by the owner: dropped by the sanitizer first.
    '<picture><source srcset="javascript:alert(1)" type="image/webp"><img src="/uploads/abc.jpg" onerror="alert(1)"></picture>',
    '<source srcset="/uploads/abc.jpg" onerror="alert(1)"><img src="/uploads/abc.jpg" srcset="javascript:alert(1)" sizes="x" loading="eager">',
    // Breaking out of an attribute the rewrite copies.
    '<img src="/uploads/abc.jpg" alt="&quot; onerror=&quot;alert(1)" title="\\"><script>alert(1)</script>">',
    '<img src="/uploads/abc.jpg" alt=\'"><img src=x onerror=alert(1)>\'>',
    '<img alt="x" src="/uploads/abc.jpg" width="1 onerror=alert(1)">',
    '<img src="/uploads/abc.jpg?" onerror="alert(1)"><img src="/uploads/abc.jpg"/onerror=alert(1)>',
    '<img src="/images/hero-800.webp" alt="<script>alert(1)</script>">',
    // An address that only looks like an upload once entities are read.
    '<img src="/uploads/abc.jpg&quot; onerror=&quot;alert(1)">',
    '<img src="javascript:alert(1)//uploads/abc.jpg">',
    '<p title="<img src=/uploads/abc.jpg onerror=alert(1)>">x</p><!-- <img src="/uploads/abc.jpg"> -->',
  ])('writes no script and no attribute of its own choosing from hostile HTML: %s', (hostile) => {
    const html = rewrite(hostile);
    expectOnlySafeImages(html);
  });

  it('uses the media row alt escaped, never as markup', () => {
    const hostileRow = uploadedImageOf({
      url: '/uploads/evil.jpg',
      width: 10,
      height: 10,
      alt: '"><script>alert(1)</script>',
      variants: [{ name: 'evil"onerror="x.jpg', format: 'jpeg', width: 10, height: 10 }],
    });
    const html = pictureContentImages(
      sanitizePostHtml('<img src="/uploads/evil.jpg">'),
      new Map([['/uploads/evil.jpg', hostileRow]]),
      ARTICLE_IMAGE_SIZES,
    );
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('src="/uploads/evil&quot;onerror=&quot;x.jpg"');
    expectOnlySafeImages(html);
  });
});

describe('uploadedImagesIn', () => {
  it('lists each uploaded image of sanitized HTML once, and nothing else', () => {
    const html = sanitizePostHtml(
      '<p><img src="/uploads/abc.jpg"><img src="/uploads/abc.jpg" alt="again"><img src="/images/hero-800.webp"><img src="https://example.com/uploads/x.jpg"></p><p>&lt;img src="/uploads/text.jpg"&gt;</p>',
    );
    expect(uploadedImagesIn(html)).toEqual(['/uploads/abc.jpg']);
  });
});
