import { describe, expect, it } from 'vitest';
import { uploadedImageAtWidth, uploadedImageOf, type ImageVariantRef } from './uploaded-image.ts';

const variant = (width: number, format: ImageVariantRef['format']): ImageVariantRef => ({
  name: `abc-${width}.${format === 'jpeg' ? 'jpg' : format}`,
  format,
  width,
  height: width / 2,
});

describe('an uploaded photo as a page shows it', () => {
  it('offers AVIF, then WebP, and the fallback format on the img, with the photo’s own shape', () => {
    const picture = uploadedImageOf({
      url: '/uploads/abc.jpg',
      width: 4000,
      height: 2000,
      alt: 'The new van',
      variants: [400, 800, 1200].flatMap((width) => [
        variant(width, 'avif'),
        variant(width, 'webp'),
        variant(width, 'jpeg'),
      ]),
    });
    expect(picture).toEqual({
      width: 4000,
      height: 2000,
      alt: 'The new van',
      src: '/uploads/abc-800.jpg',
      srcSet: '/uploads/abc-400.jpg 400w, /uploads/abc-800.jpg 800w, /uploads/abc-1200.jpg 1200w',
      sources: [
        {
          type: 'image/avif',
          srcSet: '/uploads/abc-400.avif 400w, /uploads/abc-800.avif 800w, /uploads/abc-1200.avif 1200w',
        },
        {
          type: 'image/webp',
          srcSet: '/uploads/abc-400.webp 400w, /uploads/abc-800.webp 800w, /uploads/abc-1200.webp 1200w',
        },
      ],
    });
    expect(uploadedImageAtWidth(picture, 1200)).toBe('/uploads/abc-1200.jpg');
    expect(uploadedImageAtWidth(picture, 1000)).toBe('/uploads/abc-1200.jpg');
    expect(uploadedImageAtWidth(picture, 2000)).toBe('/uploads/abc-1200.jpg');
  });

  it('shows the original, with its shape, while the copies are being made', () => {
    const picture = uploadedImageOf({
      url: '/uploads/abc.png',
      width: 640,
      height: 480,
      alt: '',
      variants: [],
    });
    expect(picture).toEqual({
      width: 640,
      height: 480,
      alt: '',
      src: '/uploads/abc.png',
      srcSet: '',
      sources: [],
    });
    expect(uploadedImageAtWidth(picture, 1200)).toBe('/uploads/abc.png');
  });
});
